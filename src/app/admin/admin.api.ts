import { queryOptions } from '@tanstack/react-query';
import {
  AdminDeleteResponseSchema,
  AdminStatsResponseSchema,
  AdminUserResponseSchema,
  AdminUsersResponseSchema,
  adminPaths,
} from '#shared/api/admin.ts';
import { HttpError } from '#shared/http-error.ts';
import { http } from '#app/platform/http.ts';

/** Toast texts (account-and-admin §8). */
export const ADMIN_TEXTS = {
  loadDashboard: 'Failed to load admin dashboard',
  loadUsers: 'Failed to load users',
  loadStats: 'Failed to load statistics',
  ban: 'Failed to ban user',
  unban: 'Failed to unban user',
  delete: 'Failed to delete user',
  banned: (name: string) => `User ${name} banned successfully`,
  unbanned: (name: string) => `User ${name} unbanned successfully`,
  deleted: (name: string) => `User ${name} deleted successfully`,
} as const;

export const ADMIN_STALE_MS = 5 * 60 * 1000;

/** Admin data (account-and-admin §7): one retry (not for an answer the server meant), 5 minutes fresh, no refetch on focus. */
const adminCaching = {
  retry: (failureCount: number, error: unknown) => !(error instanceof HttpError && error.status >= 400 && error.status < 500) && failureCount < 1,
  staleTime: ADMIN_STALE_MS,
  refetchOnWindowFocus: false,
} as const;

export type UsersFilter = { page: number; search: string };

export const adminKeys = {
  all: ['admin'] as const,
  stats: () => [...adminKeys.all, 'stats'] as const,
  userLists: () => [...adminKeys.all, 'users'] as const,
  users: (filter: UsersFilter) => [...adminKeys.userLists(), filter] as const,
};

export const adminApi = {
  stats: () => http.get(adminPaths.stats, AdminStatsResponseSchema, { fallback: ADMIN_TEXTS.loadStats }).then((body) => body.stats),
  users: (filter: UsersFilter) =>
    http.get(adminPaths.users, AdminUsersResponseSchema, {
      fallback: ADMIN_TEXTS.loadUsers,
      searchParams: { page: filter.page, ...(filter.search ? { search: filter.search } : {}) },
    }),
  setBanned: (userId: string, banned: boolean, reason: string) =>
    http.put(adminPaths.ban(userId), AdminUserResponseSchema, { banned, reason }, { fallback: banned ? ADMIN_TEXTS.ban : ADMIN_TEXTS.unban }),
  remove: (userId: string) => http.delete(adminPaths.user(userId), AdminDeleteResponseSchema, undefined, { fallback: ADMIN_TEXTS.delete }),
};

export const adminQueries = {
  stats: () => queryOptions({ queryKey: adminKeys.stats(), queryFn: adminApi.stats, ...adminCaching }),
  users: (filter: UsersFilter) => queryOptions({ queryKey: adminKeys.users(filter), queryFn: () => adminApi.users(filter), ...adminCaching }),
};
