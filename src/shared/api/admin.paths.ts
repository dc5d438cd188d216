import { pathWithId } from './path-with-id.ts';

export const adminPaths = {
  stats: '/admin/stats',
  users: '/admin/users',
  ban: pathWithId('/admin/users', '/ban'),
  user: pathWithId('/admin/users'),
  auditLog: '/admin/audit-log',
} as const;
