export const adminPaths = {
  stats: '/admin/stats',
  users: '/admin/users',
  ban: (userId: string) => `/admin/users/${encodeURIComponent(userId)}/ban`,
  user: (userId: string) => `/admin/users/${encodeURIComponent(userId)}`,
  auditLog: '/admin/audit-log',
} as const;
