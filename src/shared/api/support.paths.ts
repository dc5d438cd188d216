export const supportPaths = {
  contact: '/contact',
  feedback: '/feedback/submit',
  careersApply: '/careers/apply',
  sendInvites: '/users/send-invites',
} as const;
