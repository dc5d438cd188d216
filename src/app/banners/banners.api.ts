import { queryOptions } from '@tanstack/react-query';
import type { BannersResponseSchema } from '#shared/api/restaurants.ts';
import { restaurantsPaths } from '#shared/api/restaurants.paths.ts';
import { api, http, type AnswerOf } from '#app/platform/http.ts';
import { MINUTE_MS } from '#shared/domain/durations.ts';

export const bannerKeys = {
  all: ['banners'] as const,
  list: () => [...bannerKeys.all, 'list'] as const,
};

export const bannersApi = {
  list: () => http.get<AnswerOf<typeof BannersResponseSchema>>(restaurantsPaths.banners, { fallback: 'Failed to load venue suggestions' }).then((body) => body.banners),
  /**
   * Counts a view or a click without holding anything up: not awaited, failures ignored, and
   * `keepalive` so a click's count still leaves when the link takes the page away.
   */
  count: (id: string, event: 'view' | 'click') => {
    const path = event === 'view' ? restaurantsPaths.bannerView(id) : restaurantsPaths.bannerClick(id);
    void api
      .post(path.replace(/^\//, ''), { keepalive: true })
      .catch(() => undefined);
  },
};

export const bannerQueries = {
  /** Banners change rarely: kept fresh for 10 minutes. */
  list: () => queryOptions({ queryKey: bannerKeys.list(), queryFn: bannersApi.list, staleTime: 10 * MINUTE_MS }),
};
