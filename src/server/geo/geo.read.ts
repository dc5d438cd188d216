import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { EARTH_RADIUS_KM } from './gazetteer.ts';

export { EARTH_RADIUS_KM };

/**
 * The gazetteer's `distanceKm` (great-circle, haversine) in SQL, for other features' queries:
 * kilometres from a stored place to a point; null when the place is unknown (least() would turn a
 * null into 1).
 */
export function distanceKmSql(place: { lon: AnyPgColumn; lat: AnyPgColumn }, point: { lon: unknown; lat: unknown }): SQL<number | null> {
  return sql<number | null>`(case when ${place.lon} is null or ${place.lat} is null then null else ${sql.raw(String(2 * EARTH_RADIUS_KM))} * asin(least(1, sqrt(
    power(sin(radians(${place.lat} - ${point.lat}::float8) / 2), 2)
    + cos(radians(${point.lat}::float8)) * cos(radians(${place.lat})) * power(sin(radians(${place.lon} - ${point.lon}::float8) / 2), 2)))) end)`;
}
