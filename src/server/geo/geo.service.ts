import tzLookup from '@photostructure/tz-lookup';
import type { Place, ZoneReading } from '#shared/api/geo.ts';
import { DEFAULT_TIME_ZONE, isTimeZone, nextTransition, readZone, TZDB_VERSION } from '#shared/domain/time-zones.ts';
import { HttpError } from '#shared/http-error.ts';
import { distanceKm, EARTH_RADIUS_KM, normalize, reverse, search } from './gazetteer.ts';

export const CITY_NOT_FOUND = "We couldn't find that city. Check the spelling or pick a nearby larger city.";

/** Coordinates are kept to two decimals (about a kilometre): enough for distances, no more. */
const roundCoordinate = (value: number) => Math.round(value * 100) / 100;

/**
 * Turns what a member gave at sign-up (a device position, or a typed city) into a known city,
 * country and coordinates, or a 400 on `location.city`.
 */
export function resolveLocation(
  input: { city: string; country: string; coordinates: [number, number] | null },
  field = 'location.city',
): Place {
  if (input.coordinates) {
    const [lon, lat] = input.coordinates;
    const nearest = reverse(lat, lon);
    if (!nearest) throw new HttpError(400, CITY_NOT_FOUND, [{ field, message: CITY_NOT_FOUND }]);
    const coordinates: [number, number] = [roundCoordinate(lon), roundCoordinate(lat)];
    return { ...nearest, coordinates };
  }
  const query = input.country ? `${input.city}, ${input.country}` : input.city;
  const exact = search(query, 20).find((place) => normalize(place.city) === normalize(input.city));
  if (!exact) throw new HttpError(400, CITY_NOT_FOUND, [{ field, message: CITY_NOT_FOUND }]);
  return exact;
}

/** The IANA zone of a place ([longitude, latitude]); the default zone where none is known. */
export function timeZoneAt([lon, lat]: readonly [number, number]): string {
  try {
    const zone = tzLookup(lat, lon);
    return isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

export const UNKNOWN_TIME_ZONE = 'Unknown time zone';

/** A zone's offset and label now, by the server's rules, and until when they hold. */
export function zoneReading(timeZone: string, now: Date): ZoneReading {
  if (!isTimeZone(timeZone)) throw new HttpError(400, UNKNOWN_TIME_ZONE, [{ field: 'zone', message: UNKNOWN_TIME_ZONE }]);
  const { offsetMinutes, utcOffset, zoneLabel } = readZone(timeZone, now);
  const until = nextTransition(timeZone, now);
  return { timeZone, tzdb: TZDB_VERSION, at: now.toISOString(), offsetMinutes, utcOffset, zoneLabel, validUntil: until?.toISOString() ?? null };
}

export { distanceKm, EARTH_RADIUS_KM, reverse as reverseGeocode, search as searchPlaces };
