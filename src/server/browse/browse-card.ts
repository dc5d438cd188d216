import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CoupleInfoSchema } from '#shared/api/auth.ts';
import { BrowseCardSchema } from '#shared/api/browse.ts';
import { BookingStatusSchema, RecentDateActivitySchema } from '#shared/api/profiles.ts';
import { users } from '../auth/auth.read.ts';
import { availabilitySlots } from '../availability/availability.read.ts';
import { bookings, memberDateStats, toDateStats } from '../bookings/bookings.read.ts';
import { FieldsTogether, isoText, jsonArrayOf, jsonFillerOf, jsonObjectOf, jsonScalar, jsonTemplateOf, jsonUuid, jsonValue } from '../platform/db/json-text.ts';
import { photosJsonTextOf } from '../profiles/photos.read.ts';
import { summaryColumns } from '../profiles/profiles.read.ts';

/*
 * A browse card as PostgreSQL writes it (decision 62), from BrowseCardSchema: the page statement
 * selects the template's texts, and the service fills in the fields that compare the viewer with
 * the member. A member page shows the same card (browse.repo `findCard`).
 */

/** What a card shows of a member (never their e-mail, password hash, preferences…). */
export const cardColumns = summaryColumns(users);
/**
 * A card as the page statement answers it (decision 62): `parts`, the JSON text PostgreSQL wrote
 * (the card template's columns) or kept (decision 85), the viewer's booking with the member, and
 * what the service needs to write the rest: the member's interests (JSON text) and their distance.
 */
export type FoundCard = { parts: string[]; bookingStatus: string; interests: string; distance: number | null };

/**
 * The fields of a card that compare the viewer with the member: the page statement answers them
 * beside the template's texts (the viewer's booking) or the service writes them, once the page is read.
 */
export const CARD_HOLES = ['bookingStatus', 'mutualInterests', 'distance'] as const;
export type CardHole = (typeof CARD_HOLES)[number];

const ACTIVE = sql.raw(`('pending', 'confirmed')`);
const DATED = sql.raw(`('confirmed', 'completed')`);
const FEEDBACK_SHOWN = 5;

/** A card's free times when the page reads none. */
export const NO_SLOTS = sql<string>`'"availabilityCount":0,"availability":[]'`;

export type CardColumns = { [K in keyof typeof cardColumns]: AnyPgColumn };

/**
 * What a card shows of a member, in BrowseCardSchema's order, as `toMemberSummary` and the browse
 * service write it: every field but those comparing them with the viewer (CARD_HOLES), so the
 * texts hold for every viewer.
 */
export function cardTemplate(u: CardColumns, member: SQL, slotFields: SQL<string>, monthStart: unknown, monthEnd: unknown): SQL<string>[] {
  // coupleInfoOf: a couple with every partner field set (an empty text or a zero counts as unset).
  const couple = sql`${u.accountType} = 'couple' and coalesce(${u.partnerName}, '') <> '' and coalesce(${u.partnerAge}, 0) <> 0
    and coalesce(${u.partnerGender}, '') <> '' and coalesce(${u.relationshipType}, '') <> ''`;
  const profile = BrowseCardSchema.shape.profile;
  const slots = new FieldsTogether(['availabilityCount', 'availability'], slotFields);
  return jsonTemplateOf(BrowseCardSchema, CARD_HOLES, {
    _id: jsonUuid(u.id),
    accountType: jsonValue(u.accountType),
    profile: jsonObjectOf(profile, {
      name: jsonValue(u.name),
      age: jsonScalar(u.age),
      gender: jsonValue(u.gender),
      bio: jsonValue(u.bio),
      interests: jsonValue(u.interests),
      photos: photosJsonTextOf(member),
      location: jsonObjectOf(profile.shape.location, { city: jsonValue(u.city), country: jsonValue(u.country) }),
    }),
    coupleInfo: sql`case when ${couple} then ${jsonObjectOf(CoupleInfoSchema, {
      partnerName: jsonValue(u.partnerName),
      partnerAge: jsonScalar(u.partnerAge),
      partnerGender: jsonValue(u.partnerGender),
      relationshipType: jsonValue(u.relationshipType),
    })} else 'null' end`,
    reliabilityScore: jsonObjectOf(BrowseCardSchema.shape.reliabilityScore, { current: jsonScalar(u.score), stats: dateStatsText(member) }),
    verificationTier: jsonValue(u.verificationTier),
    isBiometricVerified: jsonScalar(u.isBiometricVerified),
    isPhotoVerified: jsonScalar(u.isPhotoVerified),
    carTier: jsonValue(u.carTier),
    createdAt: jsonValue(isoText(u.createdAt)),
    availabilityCount: slots,
    availability: slots,
    recentDateActivity: recentActivityText(member, monthStart, monthEnd),
  });
}

/** A card's JSON text from what the page statement wrote of it and the service's fields. */
export const writeCard = jsonFillerOf(BrowseCardSchema, CARD_HOLES);

/** A member's reliability stats (bookings.read `toDateStats`) as JSON text; zeros before their first finished date. */
function dateStatsText(member: SQL): SQL<string> {
  const s = memberDateStats;
  return sql<string>`coalesce((select ${jsonObjectOf(BrowseCardSchema.shape.reliabilityScore.shape.stats, {
    totalDates: jsonScalar(s.totalDates),
    // Math.round of the percent attended: floor(x + 0.5).
    onTimeRate: sql`case when ${s.finished} = 0 then 'null' else floor((100 * (${s.finished} - ${s.noShows}))::float8 / ${s.finished} + 0.5)::int::text end`,
    noShows: jsonScalar(s.noShows),
  })} from ${s} where ${s.userId} = ${member}), '${sql.raw(JSON.stringify(toDateStats({ total_dates: 0, no_shows: 0, finished: 0 })))}')`;
}

/** The viewer's latest pending or confirmed booking with the member, as JSON text (`null` without one). */
export function bookingStatusText(member: SQL, viewerId: unknown): SQL<string> {
  const viewer = sql`${viewerId}::uuid`;
  const active = sql`(${bookings.guestId} = ${viewer} or ${bookings.hostId} = ${viewer}) and ${bookings.status} in ${ACTIVE}`;
  const other = sql`case when ${bookings.guestId} = ${viewer} then ${bookings.hostId} else ${bookings.guestId} end`;
  // The members the viewer has an active booking with are read once per statement (PostgreSQL
  // hashes an uncorrelated IN), so most cards (none) cost a probe rather than a scan of bookings.
  return sql<string>`(case when ${member} in (select ${other} from ${bookings} where ${active}) then (select ${jsonObjectOf(BookingStatusSchema.unwrap(), {
    status: jsonValue(bookings.status),
    isInitiator: sql`(${bookings.guestId} = ${viewer})::text`,
  })} from ${bookings} where ${active} and ${other} = ${member} order by ${bookings.createdAt} desc limit 1) else 'null' end)`;
}

/**
 * The member's recent dates as JSON text: their confirmed or completed dates in [monthStart,
 * monthEnd), the day of the latest (its host's calendar day, 'YYYY-MM-DD', as every date's time is
 * the host's), and the latest reviews they received.
 */
function recentActivityText(member: SQL, monthStart: unknown, monthEnd: unknown): SQL<string> {
  const datedAs = (side: typeof bookings.hostId | typeof bookings.guestId) =>
    sql`select ${bookings.startsAt} as starts_at, ${availabilitySlots.date} as day from ${bookings}
      join ${availabilitySlots} on ${availabilitySlots.id} = ${bookings.slotId} where ${side} = ${member} and ${bookings.status} in ${DATED}`;
  const review = sql.identifier('r');
  const feedback = jsonArrayOf(
    jsonObjectOf(RecentDateActivitySchema.shape.feedback.element, {
      rating: sql`((${review}->>'rating')::int)::text`,
      comment: jsonValue(sql`${review}->>'comment'`),
      createdAt: jsonValue(sql`${review}->>'createdAt'`),
    }),
    sql`from (select r from (
        select ${bookings.guestReview} as r from ${bookings} where ${bookings.hostId} = ${member} and ${bookings.guestReview} is not null
        union all
        select ${bookings.hostReview} from ${bookings} where ${bookings.guestId} = ${member} and ${bookings.hostReview} is not null
      ) received order by r->>'createdAt' desc limit ${sql.raw(String(FEEDBACK_SHOWN))}) latest`,
    sql`${review}->>'createdAt' desc`,
  );
  // One read of the member's dates (as host and as guest) gives both the month's count and the latest.
  const activity = sql<string>`(select ${jsonObjectOf(RecentDateActivitySchema, {
    thisMonth: sql`(count(*) filter (where dated.starts_at >= ${monthStart}::timestamptz and dated.starts_at < ${monthEnd}::timestamptz))::text`,
    lastConfirmedDate: jsonValue(sql`to_char((array_agg(dated.day order by dated.starts_at desc))[1], 'YYYY-MM-DD')`),
    feedback,
  })} from (${datedAs(bookings.hostId)} union all ${datedAs(bookings.guestId)}) dated)`;
  // A member who never had a booking (most cards) has none of it: two index probes instead.
  const none = JSON.stringify({ thisMonth: 0, lastConfirmedDate: null, feedback: [] });
  return sql<string>`(case when exists (select 1 from ${bookings} where ${bookings.hostId} = ${member})
      or exists (select 1 from ${bookings} where ${bookings.guestId} = ${member}) then ${activity} else '${sql.raw(none)}' end)`;
}

