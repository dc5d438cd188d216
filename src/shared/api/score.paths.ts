export const scorePaths = { creditReport: '/users/credit-report' } as const;
