import { ReverseResponseSchema, SearchResponseSchema, geoPaths } from '#shared/api/geo.ts';
import { http } from '#app/platform/http.ts';

/** Our own gazetteer: the device position never leaves for a third party. */
export const geoApi = {
  reverse: (lat: number, lon: number) => http.get(geoPaths.reverse, ReverseResponseSchema, { searchParams: { lat, lon } }),
  search: (q: string) => http.get(geoPaths.search, SearchResponseSchema, { searchParams: { q, limit: 6 } }),
};
