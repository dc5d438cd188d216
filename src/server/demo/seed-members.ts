import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Gender } from '#shared/domain/account.ts';
import { DATE_TYPES, INTEREST_OPTIONS } from '#shared/domain/profile.ts';
import { SCORE_MAX, SCORE_MIN, SCORE_START } from '#shared/domain/score.ts';
import { resolveLocation, timeZoneAt } from '../geo/geo.service.ts';
import type { Db } from '../platform/db/client.ts';
import { DEMO_LEDGER, UNUSABLE_PASSWORD_HASH } from './demo-members.ts';
import { DAY_MS } from '#shared/domain/durations.ts';

export const SEED_EMAIL_DOMAIN = 'seed.rendezvous.invalid';

/** About thirty Canadian cities, weighted by metropolitan population (thousands, 2021 census). */
export const SEED_CITIES: [name: string, weight: number][] = [
  ['Toronto', 6202], ['Montréal', 4291], ['Vancouver', 2642], ['Ottawa', 1488], ['Calgary', 1481], ['Edmonton', 1418],
  ['Québec', 839], ['Winnipeg', 834], ['Hamilton', 785], ['Kitchener', 575], ['London', 543], ['Halifax', 465],
  ['St. Catharines', 433], ['Windsor', 422], ['Oshawa', 415], ['Victoria', 397], ['Saskatoon', 317], ['Regina', 249],
  ['Sherbrooke', 227], ['Kelowna', 222], ['Barrie', 212], ['St. John\'s', 212], ['Abbotsford', 195], ['Kingston', 172],
  ['Guelph', 166], ['Trois-Rivières', 161], ['Moncton', 157], ['Saguenay', 161], ['Thunder Bay', 123], ['Fredericton', 108],
];

const FIRST_NAMES: Record<Gender, string[]> = {
  female: ['Ava', 'Chloé', 'Emma', 'Grace', 'Hannah', 'Isabelle', 'Jade', 'Léa', 'Maya', 'Nora', 'Olivia', 'Priya', 'Rosalie', 'Sofia', 'Zoé', 'Amira', 'Mei', 'Camille'],
  male: ['Adam', 'Benjamin', 'Daniel', 'Élie', 'Felix', 'Gabriel', 'Hugo', 'Ishaan', 'Jacob', 'Liam', 'Mathis', 'Noah', 'Omar', 'Owen', 'Samuel', 'Thomas', 'Wei', 'Xavier'],
  'non-binary': ['Alex', 'Charlie', 'Jordan', 'Morgan', 'Riley', 'Sam', 'Sasha', 'Taylor'],
  other: ['Avery', 'Dominique', 'Jesse', 'Kai', 'Quinn', 'Robin'],
};
const RELATIONSHIPS = ['dating', 'engaged', 'married', 'other'] as const;
/** Members are spread up to ~6 km around their city's centre, as positions rounded to ~1 km. */
const JITTER_DEGREES = 0.05;
const round2 = (value: number) => Math.round(value * 100) / 100;

/** A small seeded generator: the same options give the same spread, run after run. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const some = <T>(list: readonly T[], min: number, max: number): T[] => {
    const pool = [...list];
    return Array.from({ length: Math.min(pool.length, int(min, max)) }, () => pool.splice(Math.floor(next() * pool.length), 1)[0]!);
  };
  return { next, int, pick, some };
}

function weightedCities() {
  const places = SEED_CITIES.map(([city, weight]) => {
    const place = resolveLocation({ city, country: 'Canada', coordinates: null });
    return { place: { ...place, timeZone: timeZoneAt(place.coordinates) }, weight };
  });
  const total = places.reduce((sum, city) => sum + city.weight, 0);
  let running = 0;
  const cumulative = places.map((city) => ({ place: city.place, upTo: (running += city.weight) / total }));
  return (r: number) => (cumulative.find((city) => r < city.upTo) ?? cumulative[cumulative.length - 1]!).place;
}

type LedgerRow = { category: string; points: number; description: string; once_key: string | null; at: string };

/** One batch of members as JSON rows for `json_to_recordset`. */
function batchRows(random: ReturnType<typeof generator>, cityAt: ReturnType<typeof weightedCities>, runId: string, from: number, count: number, now: Date) {
  const rows = [];
  for (let i = from; i < from + count; i += 1) {
    const r = random.next();
    const gender: Gender = r < 0.46 ? 'female' : r < 0.92 ? 'male' : r < 0.97 ? 'non-binary' : 'other';
    const couple = random.next() < 0.12;
    const age = 18 + Math.floor(52 * random.next() ** 1.6);
    const place = cityAt(random.next());
    const createdAt = new Date(now.getTime() - random.int(1, 730) * DAY_MS - random.int(0, DAY_MS));
    const verifiedAt = new Date(createdAt.getTime() + random.int(1, 120) * 60_000);
    const partnerGender: Gender = random.pick(['female', 'male', 'female', 'male', 'non-binary']);

    const completed = Math.floor(-Math.log(1 - random.next()) * 2.5);
    const noShowRoll = random.next();
    const noShows = noShowRoll < 0.03 ? 2 : noShowRoll < 0.12 ? 1 : 0;
    const span = now.getTime() - verifiedAt.getTime();
    const entries = [...Array<typeof DEMO_LEDGER.completed>(completed).fill(DEMO_LEDGER.completed), ...Array<typeof DEMO_LEDGER.noShow>(noShows).fill(DEMO_LEDGER.noShow)];
    const ledger: LedgerRow[] = [
      {
        category: DEMO_LEDGER.verified.category,
        points: DEMO_LEDGER.verified.points,
        description: DEMO_LEDGER.verified.description,
        once_key: DEMO_LEDGER.verified.onceKey,
        at: verifiedAt.toISOString(),
      },
      ...entries.map((entry) => ({
        category: entry.category,
        points: entry.points,
        description: entry.description,
        once_key: null,
        at: new Date(verifiedAt.getTime() + random.next() * span).toISOString(),
      })),
    ];

    const saved = random.next() < 0.25;
    const prefAgeMin = random.int(18, 40);
    rows.push({
      email: `m${i}-${runId.toLowerCase()}@${SEED_EMAIL_DOMAIN}`,
      referral_code: `S${runId}${i.toString(36).toUpperCase().padStart(5, '0')}`,
      name: `${random.pick(FIRST_NAMES[gender])} ${String.fromCharCode(65 + random.int(0, 25))}.`,
      age,
      gender,
      account_type: couple ? 'couple' : 'individual',
      partner_name: couple ? random.pick(FIRST_NAMES[partnerGender]) : null,
      partner_age: couple ? Math.min(100, Math.max(18, age + random.int(-6, 6))) : null,
      partner_gender: couple ? partnerGender : null,
      relationship_type: couple ? random.pick(RELATIONSHIPS) : null,
      bio: `A fictional member, seeded for a benchmark. Loves ${random.pick(INTEREST_OPTIONS).toLowerCase()}.`,
      interests: random.some(INTEREST_OPTIONS, 2, 6),
      city: place.city,
      country: place.country,
      time_zone: place.timeZone,
      longitude: round2(place.coordinates[0] + (random.next() * 2 - 1) * JITTER_DEGREES * 1.5),
      latitude: round2(place.coordinates[1] + (random.next() * 2 - 1) * JITTER_DEGREES),
      created_at: createdAt.toISOString(),
      verified_at: verifiedAt.toISOString(),
      pref_date_types: saved ? random.some(DATE_TYPES, 1, 5) : null,
      pref_genders: saved ? random.some(['male', 'female', 'couple'], 1, 3) : null,
      pref_age_min: saved ? prefAgeMin : null,
      pref_age_max: saved ? random.int(prefAgeMin, 80) : null,
      pref_distance_km: saved ? random.int(1, 20) * 5 : null,
      pref_account_types: saved ? random.some(['individual', 'couple'], 1, 2) : null,
      ledger,
    });
  }
  return rows;
}

/** One run of seedMembers: its members are `m0-<runid>@…` to `m<count-1>-<runid>@…` (the filled seed finds them so). */
export type SeededRun = { runId: string; count: number };

/**
 * Inserts `count` verified, fictional members in large batches: one statement per batch turns a
 * JSON document into members and their score ledger, with each score set from that same ledger.
 * Two batches run at once (PostgreSQL works on one while the next is prepared or runs beside it).
 */
export async function seedMembers(
  db: Db,
  options: { count: number; now?: Date; seed?: number; batchSize?: number; parallel?: number; onBatch?: (done: number) => void },
): Promise<SeededRun> {
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? 10_000;
  const parallel = options.parallel ?? 2;
  const random = generator(options.seed ?? 1);
  const cityAt = weightedCities();
  // Unique per run, so seeding twice adds members instead of colliding on e-mail or referral code.
  const runId = randomBytes(3).toString('hex').toUpperCase();

  let finished = 0;
  const running: Promise<void>[] = [];
  try {
    for (let queued = 0; queued < options.count; ) {
      const size = Math.min(batchSize, options.count - queued);
      const json = JSON.stringify(batchRows(random, cityAt, runId, queued, size, now));
      queued += size;
      if (running.length >= parallel) await running.shift();
      const batch = insertBatch(db, json).then(() => {
        finished += size;
        options.onBatch?.(finished);
      });
      batch.catch(() => {}); // observed below, in order; this only keeps a later failure from going unhandled meanwhile
      running.push(batch);
    }
    await Promise.all(running);
  } catch (error) {
    await Promise.allSettled(running);
    throw error;
  }
  // Fresh statistics, so the very next query plans with the new rows (the position index included).
  await db.execute(sql`analyze users, score_events`);
  return { runId, count: options.count };
}

async function insertBatch(db: Db, json: string): Promise<void> {
  await db.execute(sql`
    with input as (
      select * from json_to_recordset(${json}::json) as t(
        email text, referral_code text, name text, age int, gender text, account_type text,
        partner_name text, partner_age int, partner_gender text, relationship_type text, bio text, interests text[],
        city text, country text, time_zone text, longitude float8, latitude float8, created_at timestamptz, verified_at timestamptz,
        pref_date_types text[], pref_genders text[], pref_age_min int, pref_age_max int, pref_distance_km int,
        pref_account_types text[], ledger json)
    ),
    inserted as (
      insert into users (
        email, password_hash, email_verified_at, account_type, name, age, gender, bio, interests, city, country, time_zone,
        longitude, latitude, partner_name, partner_age, partner_gender, relationship_type, referral_code,
        pref_date_types, pref_genders, pref_age_min, pref_age_max, pref_distance_km, pref_account_types,
        is_demo, created_at, score)
      select
        email, ${UNUSABLE_PASSWORD_HASH}, verified_at, account_type, name, age, gender, bio, interests, city, country, time_zone,
        longitude, latitude, partner_name, partner_age, partner_gender, relationship_type, referral_code,
        pref_date_types, pref_genders, pref_age_min, pref_age_max, pref_distance_km, pref_account_types,
        true, created_at,
        least(${SCORE_MAX}::int, greatest(${SCORE_MIN}::int,
          ${SCORE_START}::int + (select coalesce(sum(e.points), 0)::int from json_to_recordset(input.ledger) as e(points int))))
      from input
      returning id, email
    )
    insert into score_events (user_id, category, points, description, once_key, created_at)
    select inserted.id, e.category, e.points, e.description, e.once_key, e.at
    from inserted
    join input on input.email = inserted.email
    cross join lateral json_to_recordset(input.ledger) as e(category text, points int, description text, once_key text, at timestamptz)
  `);
}
