import { z } from 'zod';

export { geoPaths } from './geo.paths.ts';

/** A number in the query: an empty value is no number (coercion alone would read it as 0). */
const queryNumber = (name: string, limit: number) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number({ error: `${name} must be a number` }).min(-limit, `${name} must be between -${limit} and ${limit}`).max(limit, `${name} must be between -${limit} and ${limit}`),
  );

export const ReverseQuerySchema = z.object({ lat: queryNumber('lat', 90), lon: queryNumber('lon', 180) });

export const SearchQuerySchema = z.object({
  q: z.string({ error: 'q is required' }).trim().min(2, 'Type at least 2 letters').max(100),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});

export const PlaceSchema = z.object({
  city: z.string(),
  country: z.string(),
  countryCode: z.string(),
  /** [longitude, latitude] */
  coordinates: z.tuple([z.number(), z.number()]),
});
export type Place = z.infer<typeof PlaceSchema>;

export const ReverseResponseSchema = z.object({ place: PlaceSchema.nullable() });

export const TimeZoneQuerySchema = z.object({ zone: z.string({ error: 'zone is required' }).trim().min(1, 'zone is required').max(64, 'Unknown time zone') });
/**
 * A zone's clock as the server's rules read it now: screens add the offset to the device's clock
 * rather than use the device's own zone data, and ask again at `validUntil` (the zone's next change).
 */
export const TimeZoneResponseSchema = z.object({
  timeZone: z.string(),
  /** The tzdb release of the server's rules. */
  tzdb: z.string(),
  at: z.string(),
  offsetMinutes: z.number(),
  utcOffset: z.string(),
  zoneLabel: z.string(),
  validUntil: z.string().nullable(),
});
export type ZoneReading = z.infer<typeof TimeZoneResponseSchema>;
export const SearchResponseSchema = z.object({ places: z.array(PlaceSchema) });
