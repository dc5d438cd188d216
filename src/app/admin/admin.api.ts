import { queryOptions } from '@tanstack/react-query';
import type { AdminDeleteResponseSchema, AdminStatsResponseSchema, AdminUserResponseSchema, AdminUsersResponseSchema } from '#shared/api/admin.ts';
import { adminPaths } from '#shared/api/admin.paths.ts';
import type { AbTestStatsResponseSchema } from '#shared/api/ab-test.ts';
import { abTestPaths } from '#shared/domain/ab-test.ts';
import type { BannerUpload, RestaurantDeleteResponseSchema, RestaurantResponseSchema, RestaurantsResponseSchema, RestaurantInput } from '#shared/api/restaurants.ts';
import { BANNER_IMAGE_FIELD } from '#shared/api/restaurants.ts';
import { restaurantsPaths } from '#shared/api/restaurants.paths.ts';
import type { AdminReportDetail, AdminReportsResponse, ReportStatus, ResolveReportBody, ResolveReportResponseSchema } from '#shared/api/reports.ts';
import { reportsPaths } from '#shared/api/reports.paths.ts';
import { HttpError } from '#shared/http-error.ts';
import { api, http, toHttpError, type AnswerOf } from '#app/platform/http.ts';
import { MINUTE_MS } from '#shared/domain/durations.ts';

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
  loadAbTest: 'Failed to load A/B test analytics',
  loadRestaurants: 'Failed to load restaurants',
  toggleRestaurant: 'Failed to update restaurant status',
  deleteRestaurant: 'Failed to delete restaurant',
  uploadImage: 'Failed to upload image',
  saveRestaurant: 'Failed to save restaurant',
  restaurantCreated: (name: string) => `Restaurant ${name} created successfully`,
  restaurantUpdated: (name: string) => `Restaurant ${name} updated successfully`,
  restaurantActivated: (name: string) => `Restaurant ${name} activated successfully`,
  restaurantDeactivated: (name: string) => `Restaurant ${name} deactivated successfully`,
  restaurantDeleted: (name: string) => `Restaurant ${name} deleted successfully`,
  loadReports: 'Failed to load reports',
  loadReport: 'Failed to load the report',
  resolveReport: 'Failed to resolve the report',
  reportDismissed: 'Report dismissed',
  reportWarned: (name: string) => `${name} has been warned`,
  reportPhotoRemoved: (name: string) => `Photo of ${name} removed`,
} as const;

/** Uploads may take longer than an ordinary call. */
const UPLOAD_TIMEOUT_MS = 60_000;

export const ADMIN_STALE_MS = 5 * MINUTE_MS;

/** Admin data (account-and-admin §7): one retry (not for an answer the server meant), 5 minutes fresh, no refetch on focus. */
const adminCaching = {
  retry: (failureCount: number, error: unknown) => !(error instanceof HttpError && error.status >= 400 && error.status < 500) && failureCount < 1,
  staleTime: ADMIN_STALE_MS,
  refetchOnWindowFocus: false,
} as const;

export type UsersFilter = { page: number; search: string };
export type ReportsFilter = ReportStatus | 'all';

export const adminKeys = {
  all: ['admin'] as const,
  stats: () => [...adminKeys.all, 'stats'] as const,
  userLists: () => [...adminKeys.all, 'users'] as const,
  users: (filter: UsersFilter) => [...adminKeys.userLists(), filter] as const,
  restaurants: () => [...adminKeys.all, 'restaurants'] as const,
  abTest: (range: DateRange) => [...adminKeys.all, 'ab-test', range] as const,
  reports: () => [...adminKeys.all, 'reports'] as const,
  reportList: (status: ReportsFilter) => [...adminKeys.reports(), 'list', status] as const,
  report: (id: string) => [...adminKeys.reports(), 'detail', id] as const,
};

/** Days as YYYY-MM-DD; empty means the server's default (from the first data to today). */
export type DateRange = { startDate: string; endDate: string };

export const adminApi = {
  stats: () => http.get<AnswerOf<typeof AdminStatsResponseSchema>>(adminPaths.stats, { fallback: ADMIN_TEXTS.loadStats }).then((body) => body.stats),
  users: (filter: UsersFilter) =>
    http.get<AnswerOf<typeof AdminUsersResponseSchema>>(adminPaths.users, {
      fallback: ADMIN_TEXTS.loadUsers,
      searchParams: { page: filter.page, ...(filter.search ? { search: filter.search } : {}) },
    }),
  setBanned: (userId: string, banned: boolean, reason: string) =>
    http.put<AnswerOf<typeof AdminUserResponseSchema>>(adminPaths.ban(userId), { banned, reason }, { fallback: banned ? ADMIN_TEXTS.ban : ADMIN_TEXTS.unban }),
  remove: (userId: string) => http.delete<AnswerOf<typeof AdminDeleteResponseSchema>>(adminPaths.user(userId), undefined, { fallback: ADMIN_TEXTS.delete }),
  abTestStats: (range: DateRange) =>
    http.get<AnswerOf<typeof AbTestStatsResponseSchema>>(abTestPaths.stats, {
      fallback: ADMIN_TEXTS.loadAbTest,
      searchParams: { ...(range.startDate ? { startDate: range.startDate } : {}), ...(range.endDate ? { endDate: range.endDate } : {}) },
    }),
  restaurants: () =>
    http.get<AnswerOf<typeof RestaurantsResponseSchema>>(restaurantsPaths.list, { fallback: ADMIN_TEXTS.loadRestaurants }).then((body) => body.restaurants),
  createRestaurant: (body: RestaurantInput) =>
    http.post<AnswerOf<typeof RestaurantResponseSchema>>(restaurantsPaths.list, body, { fallback: ADMIN_TEXTS.saveRestaurant }).then((answer) => answer.restaurant),
  updateRestaurant: (id: string, body: RestaurantInput) =>
    http.put<AnswerOf<typeof RestaurantResponseSchema>>(restaurantsPaths.one(id), body, { fallback: ADMIN_TEXTS.saveRestaurant }).then((answer) => answer.restaurant),
  toggleRestaurant: (id: string) =>
    call<AnswerOf<typeof RestaurantResponseSchema>>(() => api.patch(restaurantsPaths.toggle(id).replace(/^\//, '')).json(), ADMIN_TEXTS.toggleRestaurant).then(
      (body) => body.restaurant,
    ),
  deleteRestaurant: (id: string) => http.delete<AnswerOf<typeof RestaurantDeleteResponseSchema>>(restaurantsPaths.one(id), undefined, { fallback: ADMIN_TEXTS.deleteRestaurant }),
  reports: (status: ReportsFilter) => http.get<AdminReportsResponse>(reportsPaths.adminReports, { fallback: ADMIN_TEXTS.loadReports, searchParams: { status } }),
  report: (id: string) => http.get<AdminReportDetail>(reportsPaths.adminReport(id), { fallback: ADMIN_TEXTS.loadReport }),
  resolveReport: (id: string, body: ResolveReportBody) =>
    http.post<AnswerOf<typeof ResolveReportResponseSchema>>(reportsPaths.resolve(id), body, { fallback: ADMIN_TEXTS.resolveReport }).then((answer) => answer.report),
  async uploadBanner(file: File) {
    const form = new FormData();
    form.append(BANNER_IMAGE_FIELD, file, file.name);
    return call<BannerUpload>(() => api.post(restaurantsPaths.upload.replace(/^\//, ''), { body: form, timeout: UPLOAD_TIMEOUT_MS }).json(), ADMIN_TEXTS.uploadImage);
  },
};

async function call<T>(run: () => Promise<unknown>, fallback: string): Promise<T> {
  try {
    return (await run()) as T;
  } catch (error) {
    throw await toHttpError(error, fallback);
  }
}

export const adminQueries = {
  stats: () => queryOptions({ queryKey: adminKeys.stats(), queryFn: adminApi.stats, ...adminCaching }),
  users: (filter: UsersFilter) => queryOptions({ queryKey: adminKeys.users(filter), queryFn: () => adminApi.users(filter), ...adminCaching }),
  restaurants: () => queryOptions({ queryKey: adminKeys.restaurants(), queryFn: adminApi.restaurants, ...adminCaching }),
  abTest: (range: DateRange) => queryOptions({ queryKey: adminKeys.abTest(range), queryFn: () => adminApi.abTestStats(range), ...adminCaching }),
  reports: (status: ReportsFilter) => queryOptions({ queryKey: adminKeys.reportList(status), queryFn: () => adminApi.reports(status), ...adminCaching }),
  report: (id: string) => queryOptions({ queryKey: adminKeys.report(id), queryFn: () => adminApi.report(id), ...adminCaching }),
};
