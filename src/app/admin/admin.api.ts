import { queryOptions } from '@tanstack/react-query';
import {
  AdminDeleteResponseSchema,
  AdminStatsResponseSchema,
  AdminUserResponseSchema,
  AdminUsersResponseSchema,
  adminPaths,
} from '#shared/api/admin.ts';
import { AbTestStatsResponseSchema } from '#shared/api/ab-test.ts';
import { abTestPaths } from '#shared/domain/ab-test.ts';
import {
  BANNER_IMAGE_FIELD,
  BannerUploadResponseSchema,
  RestaurantDeleteResponseSchema,
  RestaurantResponseSchema,
  RestaurantsResponseSchema,
  restaurantsPaths,
  type RestaurantInput,
} from '#shared/api/restaurants.ts';
import { HttpError } from '#shared/http-error.ts';
import { api, http, toHttpError } from '#app/platform/http.ts';

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
} as const;

/** Uploads may take longer than an ordinary call. */
const UPLOAD_TIMEOUT_MS = 60_000;

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
  restaurants: () => [...adminKeys.all, 'restaurants'] as const,
  abTest: (range: DateRange) => [...adminKeys.all, 'ab-test', range] as const,
};

/** Days as YYYY-MM-DD; empty means the server's default (from the first data to today). */
export type DateRange = { startDate: string; endDate: string };

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
  abTestStats: (range: DateRange) =>
    http.get(abTestPaths.stats, AbTestStatsResponseSchema, {
      fallback: ADMIN_TEXTS.loadAbTest,
      searchParams: { ...(range.startDate ? { startDate: range.startDate } : {}), ...(range.endDate ? { endDate: range.endDate } : {}) },
    }),
  restaurants: () =>
    http.get(restaurantsPaths.list, RestaurantsResponseSchema, { fallback: ADMIN_TEXTS.loadRestaurants }).then((body) => body.restaurants),
  createRestaurant: (body: RestaurantInput) =>
    http.post(restaurantsPaths.list, RestaurantResponseSchema, body, { fallback: ADMIN_TEXTS.saveRestaurant }).then((answer) => answer.restaurant),
  updateRestaurant: (id: string, body: RestaurantInput) =>
    http.put(restaurantsPaths.one(id), RestaurantResponseSchema, body, { fallback: ADMIN_TEXTS.saveRestaurant }).then((answer) => answer.restaurant),
  toggleRestaurant: (id: string) =>
    call(() => api.patch(restaurantsPaths.toggle(id).replace(/^\//, '')).json(), ADMIN_TEXTS.toggleRestaurant).then(
      (body) => RestaurantResponseSchema.parse(body).restaurant,
    ),
  deleteRestaurant: (id: string) => http.delete(restaurantsPaths.one(id), RestaurantDeleteResponseSchema, undefined, { fallback: ADMIN_TEXTS.deleteRestaurant }),
  async uploadBanner(file: File) {
    const form = new FormData();
    form.append(BANNER_IMAGE_FIELD, file, file.name);
    const body = await call(() => api.post(restaurantsPaths.upload.replace(/^\//, ''), { body: form, timeout: UPLOAD_TIMEOUT_MS }).json(), ADMIN_TEXTS.uploadImage);
    return BannerUploadResponseSchema.parse(body);
  },
};

async function call(run: () => Promise<unknown>, fallback: string): Promise<unknown> {
  try {
    return await run();
  } catch (error) {
    throw await toHttpError(error, fallback);
  }
}

export const adminQueries = {
  stats: () => queryOptions({ queryKey: adminKeys.stats(), queryFn: adminApi.stats, ...adminCaching }),
  users: (filter: UsersFilter) => queryOptions({ queryKey: adminKeys.users(filter), queryFn: () => adminApi.users(filter), ...adminCaching }),
  restaurants: () => queryOptions({ queryKey: adminKeys.restaurants(), queryFn: adminApi.restaurants, ...adminCaching }),
  abTest: (range: DateRange) => queryOptions({ queryKey: adminKeys.abTest(range), queryFn: () => adminApi.abTestStats(range), ...adminCaching }),
};
