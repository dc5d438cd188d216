export const subscriptionsPaths = {
  status: '/subscriptions/status',
  create: '/subscriptions/create',
  cancel: '/subscriptions/cancel',
} as const;

/** The spec's texts for a failed payment or cancellation (account-and-admin §8). */
export const PAYMENT_FAILED = 'Test payment failed. Please try again.';
export const CANCEL_FAILED = 'Failed to cancel team membership. Please try again.';
