import type { ReverseResponseSchema, SearchResponseSchema } from '#shared/api/geo.ts';
import { geoPaths } from '#shared/api/geo.paths.ts';
import { http, type AnswerOf } from '#app/platform/http.ts';

/** Our own gazetteer: the device position never leaves for a third party. */
export const geoApi = {
  reverse: (lat: number, lon: number) => http.get<AnswerOf<typeof ReverseResponseSchema>>(geoPaths.reverse, { searchParams: { lat, lon } }),
  search: (q: string) => http.get<AnswerOf<typeof SearchResponseSchema>>(geoPaths.search, { searchParams: { q, limit: 6 } }),
};
