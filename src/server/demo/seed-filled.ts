import sharp from 'sharp';
import { sql, type SQL } from 'drizzle-orm';
import { DECLINE_PRESETS, POINTS, defaultEndTime, type BookingStatus } from '#shared/domain/booking.ts';
import { DATE_TYPES, type DateType } from '#shared/domain/profile.ts';
import { FIRST_PHOTO_POINTS, SCORE_MAX, SCORE_MIN, SCORE_START } from '#shared/domain/score.ts';
import { addDays, todayIn, TZDB_VERSION } from '#shared/domain/time-zones.ts';
import { slotStartSql, slotTimesSql } from '../availability/availability.read.ts';
import { placeSlot } from '../availability/availability.service.ts';
import type { Db } from '../platform/db/client.ts';
import { rowsOf } from '../platform/db/rows.ts';
import type { FileStorage } from '../platform/storage.ts';
import { SEED_EMAIL_DOMAIN, type SeededRun } from './seed-members.ts';

/**
 * The filled seed: what a living product has beside its members (docs/benchmarks.md, "The filled
 * seed"). Every row is made inside PostgreSQL, one statement per table and batch of members, with
 * pseudo-random choices derived by hashing (member number, salt) with the seed, so the same seed
 * gives the same shape.
 *
 * Members with an even number are hosts (free times), odd ones guests. A slot's guest comes from a
 * permutation of the guests chosen per time window, and the windows never share a day, so no
 * member ever has two agreed dates at once: the database's exclusion constraint checks it anyway.
 */

export const FILLED_PROPORTIONS = {
  /** Share of members with photos, and how many each has. */
  withPhotos: 0.75,
  photosEach: 3,
  /** Hosts (half the members) each have this many future free times, plus PAST_SLOTS past ones. */
  futureSlots: 4,
  pastSlots: 2,
  /** Share of confirmed and completed dates whose two members wrote to each other, and how many messages (2 to 12). */
  chatting: 0.6,
  /** Share of members who like others, and up to how many each. */
  liking: 0.4,
  likesUpTo: 10,
  /** Share of members who nudged a member without free times. */
  nudging: 0.1,
} as const;

/** What becomes of a slot, by cumulative share: future slots (the first four) and past ones. */
const FUTURE_OUTCOMES: [BookingStatus, number][] = [
  ['confirmed', 0.083],
  ['pending', 0.183],
  ['declined', 0.223],
  ['cancelled', 0.243],
];
const PAST_OUTCOMES: [BookingStatus, number][] = [
  ['completed', 0.3],
  ['no_show_guest', 0.315],
  ['no_show_host', 0.325],
  ['no_show_both', 0.33],
  ['confirmed', 0.35],
  ['auto_cancelled', 0.41],
  ['declined', 0.46],
  ['cancelled', 0.49],
];
/** Statuses that hold a seat and both members' time (date_commitments). */
const AGREED: BookingStatus[] = ['confirmed', 'completed', 'no_show_guest', 'no_show_host', 'no_show_both'];
const CHAT_OPEN: BookingStatus[] = ['confirmed', 'completed'];

/** Each slot's window of days from today (host's zone): first day and length. Windows never share a day. */
const WINDOWS: [first: number, days: number][] = [
  [1, 7],
  [9, 7],
  [17, 7],
  [25, 7],
  [-45, 20],
  [-23, 20],
];
const FUTURE_WINDOWS = FILLED_PROPORTIONS.futureSlots;

const START_TIMES: Record<DateType, [string, string]> = {
  coffee: ['09:30', '15:00'],
  lunch: ['12:00', '12:30'],
  dinner: ['18:30', '19:30'],
  drinks: ['19:00', '20:30'],
  activity: ['10:00', '14:00'],
};
const VENUES: Record<DateType, [name: string, type: string][]> = {
  coffee: [['Fictional Beans Café', 'cafe'], ['The Pretend Roastery', 'cafe'], ['Corner Cup (seed)', 'cafe']],
  lunch: [['The Pretend Bistro', 'restaurant'], ['Imaginary Noodle Bar', 'restaurant'], ['Make-Believe Deli', 'restaurant']],
  dinner: ['Imaginary Table', 'Invented Trattoria', 'The Seeded Supper Club'].map((name) => [name, 'restaurant']),
  drinks: [['Make-Believe Bar', 'bar'], ['The Fictional Taproom', 'bar'], ['Nowhere Wine Bar', 'bar']],
  activity: [['Riverside walk', 'outdoors'], ['Pretend Art Gallery', 'museum'], ['Invented Climbing Gym', 'activity']],
};
const REQUEST_MESSAGES = [
  'Hi! Your profile made me smile. Would love to meet.',
  'That place is one of my favourites. Shall we?',
  'I think we would get along. Up for it?',
  'Would be lovely to meet you there.',
  'Free that day, and curious to meet you!',
];
const CONFIRM_MESSAGES = ['Looking forward to it!', 'See you there!', 'Great, it’s a date.'];
const CANCEL_REASONS = ['Something came up at work, sorry.', 'I am feeling unwell.', 'Family plans changed.'];
const NO_SHOW_REASONS = ['Waited 45 minutes, nobody came.', 'No answer and nobody there.'];
const REVIEW_COMMENTS = ['Lovely time, great conversation.', 'Nice person, a pleasant date.', 'Fun, though we did not click.'];
const CHAT_LINES = [
  'Hi! Looking forward to our date.',
  'Me too! How will I recognise you?',
  'I’ll be the one with the green scarf.',
  'Perfect. Is the time still good for you?',
  'Yes, all good on my side.',
  'Great, see you then!',
  'I might be five minutes late, sorry!',
  'No worries at all.',
  'Thanks for today, I had a nice time.',
  'Me too, thank you!',
  'Have you been there before?',
  'Once, the food was lovely.',
];

const PHOTO_SIDE = 400;
const PHOTO_IMAGES = 8;
const PHOTO_WRITES_AT_ONCE = 32;

export type FillOptions = {
  now?: Date;
  seed?: number;
  /** Members per batch (one statement per table and batch). */
  batchSize?: number;
  /** Batches at once. */
  parallel?: number;
  /** Hears each part when done: its name, seconds and rows added. */
  onPart?: (part: string, seconds: number, rows: number) => void;
};

type Ctx = {
  db: Db;
  run: SeededRun;
  now: Date;
  seed: number;
  batchSize: number;
  parallel: number;
  /** Guests' count (odd members) and each window's permutation of them: guest = 2·((a·j + b) mod G) + 1 for host 2j. */
  guests: number;
  permutation: { a: number[]; b: number[] };
};

const raw = (value: number | string) => sql.raw(String(value));
const list = (values: readonly string[]) => sql.raw(`array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')}]`);

/** A pseudo-random number in [0, 1) from a key (an SQL bigint) and a salt, fixed by the seed. */
function rnd(ctx: Ctx, key: SQL, salt: number): SQL {
  return sql`((hashint8extended((${key})::bigint, ${raw(ctx.seed * 1000 + salt)}) & 2147483647)::float8 / 2147483648.0)`;
}
/** One of `values`, picked by rnd. */
const pick = (ctx: Ctx, values: readonly string[], key: SQL, salt: number) => sql`(${list(values)})[1 + floor(${rnd(ctx, key, salt)} * ${raw(values.length)})::int]`;
const iso = (at: SQL) => sql`to_char((${at}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const nowSql = (ctx: Ctx) => sql`${raw(`'${ctx.now.toISOString()}'::timestamptz`)}`;

/** The e-mail seedMembers gave member `n` (an SQL integer) of this run: the unique index finds them. */
function emailOf(ctx: Ctx, n: SQL): SQL {
  if (!/^[0-9A-F]{6}$/.test(ctx.run.runId)) throw new Error(`unexpected run id ${ctx.run.runId}`);
  return sql`('m' || (${n}) || ${raw(`'-${ctx.run.runId.toLowerCase()}@${SEED_EMAIL_DOMAIN}'`)})`;
}

/** This run's members numbered [from, to), as seedMembers numbered them. */
function members(ctx: Ctx, from: number, to: number): SQL {
  return sql`(select u.id, s.n, u.name, u.time_zone, u.created_at, u.email_verified_at as verified_at
    from generate_series(${raw(from)}, ${raw(to - 1)}) as s(n) join users as u on u.email = ${emailOf(ctx, sql`s.n`)})`;
}

/** Runs `work` over member numbers [from, to) in batches, `parallel` at once; the rows it added. */
async function inBatches(ctx: Ctx, work: (from: number, to: number) => Promise<number>): Promise<number> {
  let next = 0;
  let rows = 0;
  const worker = async () => {
    while (next < ctx.run.count) {
      const from = next;
      next = Math.min(ctx.run.count, from + ctx.batchSize);
      const added = await work(from, next);
      rows += added;
    }
  };
  await Promise.all(Array.from({ length: ctx.parallel }, worker));
  return rows;
}

const affected = (result: unknown) => (result as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0;

// ---- Photos -------------------------------------------------------------------------------------

/** A handful of distinct small portraits, made once: soft gradients, plainly not anyone's photo. */
async function portraits(): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: PHOTO_IMAGES }, (_, i) => {
      const hue = (i * 360) / PHOTO_IMAGES;
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_SIDE}" height="${PHOTO_SIDE}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="${i % 2 ? 1 : 0.3}" y2="1">
    <stop offset="0" stop-color="hsl(${hue},65%,72%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},55%,42%)"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="200" cy="170" r="${70 + i * 6}" fill="#fff" fill-opacity="0.22"/>
  <text x="200" y="370" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="22" fill="#fff">seeded member</text>
</svg>`;
      return sharp(Buffer.from(svg)).webp({ quality: 60 }).toBuffer();
    }),
  );
}

/** Writes every key's bytes, `PHOTO_WRITES_AT_ONCE` at a time. */
async function writeFiles(storage: FileStorage, keys: string[], images: Buffer[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next]!;
      next += 1;
      await storage.put(key, images[imageFor(key, images.length)]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PHOTO_WRITES_AT_ONCE, keys.length) }, worker));
}

const imageFor = (key: string, count: number) => Number.parseInt(key.slice(0, 6), 16) % count;

async function insertPhotos(ctx: Ctx, from: number, to: number): Promise<string[]> {
  const result = await ctx.db.execute(sql`
    insert into photos (user_id, storage_key, width, height, created_at)
    select m.id, md5(${raw(`'${ctx.run.runId}-'`)} || m.n || '-' || p)::uuid::text || '.webp', ${raw(PHOTO_SIDE)}, ${raw(PHOTO_SIDE)},
      m.verified_at + (p + 1) * interval '3 minutes'
    from ${members(ctx, from, to)} as m
    cross join generate_series(0, ${raw(FILLED_PROPORTIONS.photosEach - 1)}) as p
    where ${rnd(ctx, sql`m.n`, 1)} < ${raw(FILLED_PROPORTIONS.withPhotos)}
    returning storage_key`);
  return rowsOf<{ storage_key: string }>(result).map((row) => row.storage_key);
}

// ---- Free times ---------------------------------------------------------------------------------

/** Every wall-clock slot a seeded host can have, placed by the zone rules in force (as `placeSlot` places a real one). */
async function slotPlaces(ctx: Ctx): Promise<string> {
  const zones = rowsOf<{ time_zone: string }>(await ctx.db.execute(sql`select distinct time_zone from ${members(ctx, 0, ctx.run.count)} as m`)).map((row) => row.time_zone);
  const places = [];
  for (const timeZone of zones) {
    const today = todayIn(timeZone, ctx.now);
    for (const [first, days] of WINDOWS) {
      for (let day = first; day < first + days; day += 1) {
        const date = addDays(today, day);
        for (const [typeIndex, dateType] of DATE_TYPES.entries()) {
          for (const [variant, startTime] of START_TIMES[dateType].entries()) {
            const endTime = defaultEndTime(startTime, dateType);
            const placed = placeSlot({ date, startTime, endTime, timeZone });
            places.push({
              time_zone: timeZone,
              day,
              type_index: typeIndex,
              variant,
              date,
              date_type: dateType,
              start_time: startTime,
              end_time: endTime,
              starts_at: placed.startsAt.toISOString(),
              ends_at: placed.endsAt.toISOString(),
              utc_offset: placed.utcOffset,
              zone_label: placed.zoneLabel,
            });
          }
        }
      }
    }
  }
  return JSON.stringify(places);
}

const venueRows = JSON.stringify(
  Object.entries(VENUES).flatMap(([dateType, venues]) => venues.map(([name, type], i) => ({ date_type: dateType, i, name, venue_type: type }))),
);

function outcomeCase(ctx: Ctx, key: SQL, salt: number, outcomes: [BookingStatus, number][]): SQL {
  const u = rnd(ctx, key, salt);
  return sql.join([sql`case`, ...outcomes.map(([status, upTo]) => sql`when ${u} < ${raw(upTo)} then ${raw(`'${status}'`)}`), sql`else 'none' end`], sql` `);
}

/**
 * Every planned slot of hosts numbered [from, to), with its booking's fate, guest and times: the
 * one definition both the slots and the bookings statements read, so they agree.
 */
function slotPlan(ctx: Ctx, places: string, from: number, to: number): SQL {
  const key = sql`(h.n::bigint * 8 + k)`;
  const firstDays = raw(`(array[${WINDOWS.map(([first]) => first).join(',')}])[k + 1]`);
  const dayCounts = raw(`(array[${WINDOWS.map(([, days]) => days).join(',')}])[k + 1]`);
  const a = raw(`(array[${ctx.permutation.a.join(',')}]::bigint[])[k + 1]`);
  const b = raw(`(array[${ctx.permutation.b.join(',')}]::bigint[])[k + 1]`);
  const guestN = sql`2 * ((${a} * (h.n / 2) + ${b}) % ${raw(Math.max(1, ctx.guests))}) + 1`;
  const fate = sql`case when k < ${raw(FUTURE_WINDOWS)} then ${outcomeCase(ctx, key, 4, FUTURE_OUTCOMES)} else ${outcomeCase(ctx, key, 4, PAST_OUTCOMES)} end`;
  // The choices first, as columns, so the places and venues join on plain equalities (hash joins).
  const chosen = sql`
    select h.id as host_id, h.n, h.name as host_name, h.time_zone as zone, h.verified_at, k, ${key} as key,
      ${firstDays} + floor(${rnd(ctx, key, 1)} * ${dayCounts})::int as day,
      floor(${rnd(ctx, key, 2)} * ${raw(DATE_TYPES.length)})::int as type_index,
      floor(${rnd(ctx, key, 3)} * 2)::int as variant_index,
      floor(${rnd(ctx, key, 5)} * 3)::int as venue_index,
      (1 + 20 * ${rnd(ctx, key, 6)}) * interval '1 day' as lead_time,
      case when h.n / 2 < ${raw(ctx.guests)} then ${fate} else 'none' end as fate,
      (${guestN})::int as guest_n
    from ${members(ctx, from, to)} as h
    cross join generate_series(0, ${raw(WINDOWS.length - 1)}) as k
    where h.n % 2 = 0`;
  return sql`
    select c.host_id, c.n, c.host_name, c.k, c.key, c.fate, c.guest_n, p.*, v.name as venue, v.venue_type, t.t_end, t.slot_created_at
    from (${chosen}) as c
    join json_to_recordset(${places}::json) as p(time_zone text, day int, type_index int, variant int, date date, date_type text,
      start_time text, end_time text, starts_at timestamptz, ends_at timestamptz, utc_offset text, zone_label text)
      on p.time_zone = c.zone and p.day = c.day and p.type_index = c.type_index and p.variant = c.variant_index
    join json_to_recordset(${venueRows}::json) as v(date_type text, i int, name text, venue_type text)
      on v.date_type = p.date_type and v.i = c.venue_index
    cross join lateral (select least(${nowSql(ctx)} - interval '1 minute', p.starts_at - interval '6 hours') as t_end) as e
    cross join lateral (select e.t_end, greatest(c.verified_at + interval '1 hour', e.t_end - c.lead_time) as slot_created_at) as t
    -- A past free time from before its host joined is none.
    where t.slot_created_at < t.t_end`;
}

/** The plan with each booking's times; a booking asked before its guest joined becomes no booking. */
function bookingPlan(ctx: Ctx, places: string, from: number, to: number): SQL {
  return sql`
    select s.*, gen_random_uuid() as slot_id, g.id as guest_id, g.name as guest_name, r.created, r.responded,
      case when s.fate <> 'none' and g.id is not null and r.created > g.email_verified_at then s.fate else 'none' end as status
    from (${slotPlan(ctx, places, from, to)}) as s
    left join users as g on s.fate <> 'none' and g.email = ${emailOf(ctx, sql`s.guest_n`)}
    cross join lateral (select s.slot_created_at + (s.t_end - s.slot_created_at) * 0.4 * ${rnd(ctx, sql`s.key`, 7)} as created) as c
    cross join lateral (select c.created, c.created + (s.t_end - c.created) * 0.5 * ${rnd(ctx, sql`s.key`, 8)} as responded) as r`;
}

/** The columns of the free times, from the plan `b`. */
function slotValues(): SQL {
  return sql`select slot_id, host_id, date, start_time, end_time, time_zone, starts_at, ends_at, utc_offset, zone_label,
    ${raw(`'${TZDB_VERSION}'`)}, date_type, venue, venue_type, 1, case when status = any(${list(AGREED)}) then 1 else 0 end, slot_created_at
    from plan as b`;
}

// ---- Bookings -----------------------------------------------------------------------------------

/**
 * The hosts' free times and the bookings on them, in one statement (the plan is worked out once).
 * Rows go in guest order: the date-stats trigger then locks guests' rows in one order in every
 * batch, so two batches at once never deadlock on a shared guest.
 */
async function insertSlotsAndBookings(ctx: Ctx, places: string, from: number, to: number): Promise<{ slots: number; bookings: number }> {
  const key = sql`b.key`;
  const review = (salt: number, at: SQL) => sql`jsonb_build_object('rating', ${ratingOf(ctx, key, salt)}, 'comment', ${pick(ctx, REVIEW_COMMENTS, key, salt + 1)},
    'wouldMeetAgain', ${ratingOf(ctx, key, salt)} >= 4, 'createdAt', ${iso(at)})`;
  const hostReviewAt = sql`(b.starts_at + interval '3 hours' + ${rnd(ctx, key, 20)} * interval '2 days')`;
  const guestReviewAt = sql`(b.starts_at + interval '3 hours' + ${rnd(ctx, key, 21)} * interval '2 days')`;
  const noShowAt = sql`(b.starts_at + interval '3 hours' + ${rnd(ctx, key, 22)} * interval '1 day')`;
  const cancelledAt = sql`(b.responded + (b.t_end - b.responded) * ${rnd(ctx, key, 23)})`;
  const hostCancels = sql`${rnd(ctx, key, 24)} < 0.5`;
  const hours = sql`extract(epoch from (b.starts_at - ${cancelledAt})) / 3600`;
  const noShow = sql`b.status like 'no_show%'`;
  const result = await ctx.db.execute(sql`
    with plan as materialized (${bookingPlan(ctx, places, from, to)}),
    slot as (
      insert into availability_slots (id, host_id, date, start_time, end_time, time_zone, starts_at, ends_at, utc_offset, zone_label,
        tzdb_version, date_type, venue, venue_type, max_bookings, confirmed_count, created_at)
      ${slotValues()}
      returning 1
    ),
    booked as (
      insert into bookings (slot_id, host_id, guest_id, status, starts_at, ends_at, request_message, proposed_venue, response_message,
        responded_at, cancelled_by, cancel_reason, cancellation_penalty, no_show_reported_by, no_show_reason, host_review, guest_review,
        created_at, updated_at)
      select b.slot_id, b.host_id, b.guest_id, b.status, b.starts_at, b.ends_at, ${pick(ctx, REQUEST_MESSAGES, key, 9)},
        jsonb_build_object('name', b.venue, 'address', '', 'type', b.venue_type, 'priceRange', '$$'),
        case when b.status = any(${list(AGREED)}) or b.status = 'cancelled' then ${pick(ctx, CONFIRM_MESSAGES, key, 10)}
             when b.status = 'declined' then ${pick(ctx, DECLINE_PRESETS, key, 11)} end,
        case when b.status not in ('pending', 'auto_cancelled') then b.responded end,
        case when b.status = 'cancelled' then case when ${hostCancels} then b.host_id else b.guest_id end end,
        case when b.status = 'cancelled' then ${pick(ctx, CANCEL_REASONS, key, 12)} end,
        case when b.status = 'cancelled' then ${penaltySql(hours)} end,
        case when b.status in ('no_show_guest', 'no_show_both') then b.host_id when b.status = 'no_show_host' then b.guest_id end,
        case when ${noShow} then ${pick(ctx, NO_SHOW_REASONS, key, 13)} end,
        case when b.status = 'completed' then ${review(14, hostReviewAt)} end,
        case when b.status = 'completed' then ${review(16, guestReviewAt)} end,
        b.created,
        case b.status
          when 'pending' then b.created
          when 'auto_cancelled' then b.starts_at
          when 'cancelled' then ${cancelledAt}
          when 'completed' then greatest(${hostReviewAt}, ${guestReviewAt})
          when 'confirmed' then b.responded
          when 'declined' then b.responded
          else ${noShowAt} end
      from plan as b
      where b.status <> 'none'
      order by b.guest_id
      on conflict do nothing
      returning 1
    )
    select (select count(*) from slot)::int as slots, (select count(*) from booked)::int as bookings`);
  return rowsOf<{ slots: number; bookings: number }>(result)[0]!;
}

/** Ratings: 5 for three in five, 4 for three in ten, else 3. */
const ratingOf = (ctx: Ctx, key: SQL, salt: number) => sql`(case when ${rnd(ctx, key, salt)} < 0.6 then 5 when ${rnd(ctx, key, salt)} < 0.9 then 4 else 3 end)`;

/** cancellationPenalty (shared/domain/booking.ts) in SQL; the filled seed's test holds the two equal. */
const penaltySql = (hours: SQL) => sql`(case when ${hours} > 48 then 0 when ${hours} > 24 then -5 when ${hours} > 4 then -15 when ${hours} > 1 then -30 else -50 end)`;

/** The bookings whose host is numbered [from, to), with a deterministic key per booking. */
function runBookings(ctx: Ctx, from: number, to: number): SQL {
  return sql`(select b.*, h.n as host_n, h.name as host_name, (h.n::bigint * 1000003 + extract(epoch from b.starts_at)::bigint / 60) as key
    from ${members(ctx, from, to)} as h join bookings as b on b.host_id = h.id)`;
}

async function insertCommitments(ctx: Ctx, from: number, to: number): Promise<number> {
  return affected(
    await ctx.db.execute(sql`
      insert into date_commitments (booking_id, user_id, slot_id, starts_at, ends_at)
      select b.id, party, b.slot_id, b.starts_at, b.ends_at
      from ${runBookings(ctx, from, to)} as b cross join lateral (values (b.host_id), (b.guest_id)) as p(party)
      where b.status = any(${list(AGREED)})`),
  );
}

// ---- Conversations ------------------------------------------------------------------------------

async function insertMessages(ctx: Ctx, from: number, to: number): Promise<number> {
  const key = sql`b.key`;
  const lineKey = sql`(b.key * 16 + i)`;
  const at = sql`(b.responded_at + (least(${nowSql(ctx)}, b.starts_at + interval '1 day') - b.responded_at) * i / (c.lines + 1))`;
  return affected(
    await ctx.db.execute(sql`
      insert into messages (sender_id, recipient_id, content, created_at, read_at)
      select case when i % 2 = 1 then b.guest_id else b.host_id end, case when i % 2 = 1 then b.host_id else b.guest_id end,
        ${pick(ctx, CHAT_LINES, lineKey, 31)}, ${at},
        case when i = c.lines and ${rnd(ctx, key, 32)} < 0.4 then null else least(${nowSql(ctx)}, ${at} + ${rnd(ctx, lineKey, 33)} * interval '2 hours') end
      from ${runBookings(ctx, from, to)} as b
      cross join lateral (select 2 + floor(${rnd(ctx, key, 30)} * 11)::int as lines) as c
      cross join generate_series(1, c.lines) as i
      where b.status = any(${list(CHAT_OPEN)}) and ${rnd(ctx, key, 34)} < ${raw(FILLED_PROPORTIONS.chatting)}
      order by 4`),
  );
}

// ---- Likes and nudges ---------------------------------------------------------------------------

async function insertLikes(ctx: Ctx, from: number, to: number): Promise<number> {
  if (ctx.run.count < 2) return 0;
  const likeKey = sql`(a.n::bigint * 16 + i)`;
  const likes = sql`case when ${rnd(ctx, sql`a.n`, 40)} < ${raw(FILLED_PROPORTIONS.liking)} then 1 + floor(${rnd(ctx, sql`a.n`, 41)} * ${raw(FILLED_PROPORTIONS.likesUpTo)})::int else 0 end`;
  return affected(
    await ctx.db.execute(sql`
      insert into likes (liker_id, liked_id, created_at)
      select a.id, b.id, greatest(a.verified_at, b.verified_at) + (${nowSql(ctx)} - greatest(a.verified_at, b.verified_at)) * ${rnd(ctx, likeKey, 43)}
      from ${members(ctx, from, to)} as a
      cross join generate_series(1, ${likes}) as i
      join lateral (select id, email_verified_at as verified_at from users
        where email = ${emailOf(ctx, sql`(a.n + 1 + floor(${rnd(ctx, likeKey, 42)} * ${raw(ctx.run.count - 1)})::int) % ${raw(ctx.run.count)}`)}) as b on true
      on conflict do nothing`),
  );
}

/** Nudges to members without free times, each with its inbox item, as the nudges service writes them. */
async function insertNudges(ctx: Ctx, from: number, to: number): Promise<number> {
  if (ctx.guests === 0) return 0;
  const at = sql`(${nowSql(ctx)} - ${rnd(ctx, sql`a.n`, 51)} * interval '30 days')`;
  const result = await ctx.db.execute(sql`
    with sent as (
      insert into nudges (sender_id, recipient_id, day, created_at)
      select a.id, b.id, (${at} at time zone 'UTC')::date, ${at}
      from ${members(ctx, from, to)} as a
      join lateral (select id, email_verified_at as verified_at from users
        where email = ${emailOf(ctx, sql`2 * floor(${rnd(ctx, sql`a.n`, 52)} * ${raw(ctx.guests)})::int + 1`)}) as b on true
      where a.id <> b.id and ${rnd(ctx, sql`a.n`, 50)} < ${raw(FILLED_PROPORTIONS.nudging)}
        and ${at} > greatest(a.verified_at, b.verified_at)
      on conflict do nothing
      returning sender_id, recipient_id, created_at
    )
    insert into notifications (user_id, sender_id, type, title, message, data, is_read, created_at)
    select sent.recipient_id, sent.sender_id, 'nudge', 'You got a nudge',
      u.name || ' would like to meet you. Add a time you are free so they can book it.',
      jsonb_build_object('profileId', sent.sender_id), sent.created_at < ${nowSql(ctx)} - interval '2 days', sent.created_at
    from sent join users as u on u.id = sent.sender_id`);
  return affected(result);
}

// ---- Inbox --------------------------------------------------------------------------------------

/** The inbox items the bookings service writes for each step a booking went through. */
async function insertBookingNotifications(ctx: Ctx, from: number, to: number): Promise<number> {
  const now = nowSql(ctx);
  const slotColumn = (name: string) => sql.raw(`s.${name}`);
  const slotStart = slotStartSql(slotColumn);
  const proposedTime = slotTimesSql(slotColumn);
  const update = sql`jsonb_build_object('profileId', b.host_id, 'bookingId', b.id, 'date', ${iso(sql`b.starts_at`)})`;
  const read = (at: SQL, salt: number) => sql`case when ${at} < ${now} - interval '2 days' then ${rnd(ctx, sql`b.key`, salt)} < 0.9 else ${rnd(ctx, sql`b.key`, salt)} < 0.3 end`;
  const agreedOrCancelled = sql`(b.status = any(${list(AGREED)}) or b.status = 'cancelled')`;
  const result = await ctx.db.execute(sql`
    insert into notifications (user_id, sender_id, type, title, message, data, status, is_read, archived_at, created_at)
    select n.user_id, n.sender_id, n.type, n.title, n.message, n.data, n.status, n.is_read,
      case when n.is_read and n.created_at < ${now} - interval '7 days' and ${rnd(ctx, sql`n.key * 8 + n.step`, 60)} < 0.1 then n.created_at + interval '1 day' end,
      n.created_at
    from (
      select b.key, 0 as step, b.host_id as user_id, b.guest_id as sender_id, 'booking_request' as type, 'New booking request' as title,
        g.name || ' would like to meet you on ' || ${slotStart} || '.' as message,
        jsonb_build_object('profileId', b.guest_id, 'bookingId', b.id, 'date', s.date::text, 'proposedTime', ${proposedTime},
          'venue', b.proposed_venue->>'name', 'requestMessage', b.request_message) as data,
        case when ${agreedOrCancelled} then 'confirmed' when b.status = 'pending' then null else b.status end as status,
        b.status <> 'pending' or ${read(sql`b.created_at`, 61)} as is_read, b.created_at
      from ${runBookings(ctx, from, to)} as b join availability_slots as s on s.id = b.slot_id join users as g on g.id = b.guest_id
      union all
      select b.key, 1, b.guest_id, b.host_id, 'booking_update', 'Your date is confirmed!', coalesce(b.response_message, 'Your booking request was accepted.'),
        ${update}, null, ${read(sql`b.responded_at`, 62)}, b.responded_at
      from ${runBookings(ctx, from, to)} as b where ${agreedOrCancelled}
      union all
      select b.key, 2, b.guest_id, b.host_id, 'booking_update', 'Booking request declined', b.response_message, ${update}, null,
        ${read(sql`b.responded_at`, 63)}, b.responded_at
      from ${runBookings(ctx, from, to)} as b where b.status = 'declined'
      union all
      select b.key, 3, case when b.cancelled_by = b.host_id then b.guest_id else b.host_id end, b.cancelled_by, 'booking_update',
        'Your date was cancelled', b.cancel_reason, ${update}, null, ${read(sql`b.updated_at`, 64)}, b.updated_at
      from ${runBookings(ctx, from, to)} as b where b.status = 'cancelled'
      union all
      select b.key, 4, b.guest_id, b.host_id, 'booking_update', 'Booking request expired',
        'Your request expired: ' || b.host_name || ' did not answer before ' || ${slotStart} || '.',
        jsonb_build_object('profileId', b.host_id, 'bookingId', b.id, 'date', s.date::text, 'proposedTime', ${proposedTime}, 'venue', s.venue),
        null, ${read(sql`b.updated_at`, 65)}, b.updated_at
      from ${runBookings(ctx, from, to)} as b join availability_slots as s on s.id = b.slot_id where b.status = 'auto_cancelled'
      union all
      select b.key, 5, case when b.no_show_reported_by = b.host_id then b.guest_id else b.host_id end, b.no_show_reported_by, 'booking_update',
        'A no-show was reported', b.no_show_reason, ${update}, null, ${read(sql`b.updated_at`, 66)}, b.updated_at
      from ${runBookings(ctx, from, to)} as b where b.status like 'no_show%'
    ) as n`);
  return affected(result);
}

// ---- Ledger -------------------------------------------------------------------------------------

/** The score entries the photos and bookings services write for what the seed made happen. */
async function insertLedger(ctx: Ctx, from: number, to: number): Promise<number> {
  const reviewAt = (column: string) => sql`(b.${raw(column)}->>'createdAt')::timestamptz`;
  const rating = (column: string) => sql`(b.${raw(column)}->>'rating')::int`;
  const result = await ctx.db.execute(sql`
    insert into score_events (user_id, category, points, description, once_key, created_at)
    select m.id, 'Profile Enhancement', ${raw(FIRST_PHOTO_POINTS)}, 'Added a profile photo', 'first-photo', min(p.created_at)
    from ${members(ctx, from, to)} as m join photos as p on p.user_id = m.id
    group by m.id
    union all
    select party, 'Date Completion', ${raw(POINTS.completeDate)}, 'Completed a date', 'date-completed:' || b.id, at
    from ${runBookings(ctx, from, to)} as b
    cross join lateral (values (b.host_id, ${reviewAt('host_review')}), (b.guest_id, ${reviewAt('guest_review')})) as r(party, at)
    where b.status = 'completed'
    union all
    select party, 'Date Completion', ${raw(POINTS.fiveStarReview)}, 'Received a five-star review', 'five-star-review:' || b.id, at
    from ${runBookings(ctx, from, to)} as b
    cross join lateral (values (b.guest_id, ${rating('host_review')}, ${reviewAt('host_review')}),
      (b.host_id, ${rating('guest_review')}, ${reviewAt('guest_review')})) as r(party, rating, at)
    where b.status = 'completed' and r.rating = 5
    union all
    select party, 'Missed Dates', ${raw(POINTS.noShow)}, 'Reported as a no-show', 'no-show:' || b.id, b.updated_at
    from ${runBookings(ctx, from, to)} as b
    cross join lateral (values (b.host_id, 'no_show_host'), (b.guest_id, 'no_show_guest')) as r(party, absent_as)
    where b.status in (r.absent_as, 'no_show_both')
    union all
    select b.cancelled_by, 'Cancellations', b.cancellation_penalty,
      'Cancelled a date ' || floor(extract(epoch from (b.starts_at - b.updated_at)) / 3600) || ' hours before', null, b.updated_at
    from ${runBookings(ctx, from, to)} as b
    where b.status = 'cancelled' and b.cancellation_penalty <> 0`);
  return affected(result);
}

/** Each member's score from their whole ledger, as seedMembers and recordScoreEvent keep it. */
async function settleScores(ctx: Ctx): Promise<number> {
  return affected(
    await ctx.db.execute(sql`
      update users as u set score = t.score
      from (
        select m.id, least(${raw(SCORE_MAX)}, greatest(${raw(SCORE_MIN)}, ${raw(SCORE_START)} + coalesce(sum(e.points), 0)))::int as score
        from ${members(ctx, 0, ctx.run.count)} as m left join score_events as e on e.user_id = m.id
        group by m.id
      ) as t
      where u.id = t.id and u.score <> t.score`),
  );
}

// ---- The whole fill -----------------------------------------------------------------------------

const PRIMES = [7919, 104_729, 1_299_709, 15_485_863, 32_452_843, 49_979_687, 67_867_967, 86_028_121];
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** Per window, a multiplier coprime with the guests' count and an offset: a permutation of the guests. */
function guestPermutation(guests: number, seed: number): Ctx['permutation'] {
  const g = Math.max(1, guests);
  const a = PRIMES.filter((prime) => gcd(prime, g) === 1)
    .slice(0, WINDOWS.length)
    .map((prime) => prime % g);
  const b = WINDOWS.map((_, k) => Math.abs((seed + 1) * 7_368_787 + k * 40_503) % g);
  return { a, b };
}

/**
 * Fills the members of one seedMembers run as a living product would: photos (their files written
 * to `storage`), free times, bookings in every state with their promised times, conversations,
 * likes, nudges, inbox items, and the score ledger, each member's score settled from it.
 */
export async function fillSeed(db: Db, storage: FileStorage, run: SeededRun, options: FillOptions = {}): Promise<void> {
  const seed = options.seed ?? 1;
  const guests = Math.floor(run.count / 2);
  const ctx: Ctx = {
    db,
    run,
    now: options.now ?? new Date(),
    seed,
    batchSize: options.batchSize ?? 20_000,
    parallel: options.parallel ?? 2,
    guests,
    permutation: guestPermutation(guests, seed),
  };
  const part = async (name: string, work: () => Promise<number>) => {
    const started = performance.now();
    const rows = await work();
    options.onPart?.(name, (performance.now() - started) / 1000, rows);
  };

  // The photo files are written while PostgreSQL builds the other tables: both go at once.
  const images = await portraits();
  const keys: string[] = [];
  await part('photo rows', () =>
    inBatches(ctx, async (from, to) => {
      const added = await insertPhotos(ctx, from, to);
      keys.push(...added);
      return added.length;
    }),
  );
  const filesStarted = performance.now();
  const files = writeFiles(storage, keys, images);
  files.catch(() => {}); // awaited below; this only keeps a failure meanwhile from going unhandled
  const places = await slotPlaces(ctx);
  let slots = 0;
  await part('free times and bookings', () =>
    inBatches(ctx, async (from, to) => {
      const added = await insertSlotsAndBookings(ctx, places, from, to);
      slots += added.slots;
      return added.bookings;
    }),
  );
  options.onPart?.('free times (made in the part above)', 0, slots);
  // Fresh statistics, so the statements below that read bookings plan with their real size.
  await db.execute(sql`analyze availability_slots, bookings, photos`);
  await part('promised times', () => inBatches(ctx, (from, to) => insertCommitments(ctx, from, to)));
  await part('messages', () => inBatches(ctx, (from, to) => insertMessages(ctx, from, to)));
  await part('likes', () => inBatches(ctx, (from, to) => insertLikes(ctx, from, to)));
  await part('nudges', () => inBatches(ctx, (from, to) => insertNudges(ctx, from, to)));
  await part('inbox', () => inBatches(ctx, (from, to) => insertBookingNotifications(ctx, from, to)));
  await part('ledger', async () => {
    const rows = await inBatches(ctx, (from, to) => insertLedger(ctx, from, to));
    await settleScores(ctx);
    return rows;
  });
  await files;
  options.onPart?.('photo files (beside the parts after photo rows)', (performance.now() - filesStarted) / 1000, keys.length);
  await part('analyze', async () => {
    await db.execute(sql`analyze users, photos, availability_slots, bookings, date_commitments, messages, likes, nudges, notifications, score_events, member_date_stats`);
    return 0;
  });
}

