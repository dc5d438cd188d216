import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { NotificationSettings } from '#shared/domain/profile.ts';
import { users } from '../auth/auth.tables.ts';
import { memberDateStats } from '../bookings/bookings.tables.ts';
import type { Tx } from '../platform/db/client.ts';
import { rowsOf } from '../platform/db/rows.ts';

export type UserRow = typeof users.$inferSelect;

/** The columns a member summary (and a browse card) reads, from `users` or an alias of it. */
export function summaryColumns<T extends Record<SummaryColumn, AnyPgColumn>>(u: T): { [K in SummaryColumn]: T[K] } {
  return {
    id: u.id,
    accountType: u.accountType,
    name: u.name,
    age: u.age,
    gender: u.gender,
    bio: u.bio,
    interests: u.interests,
    city: u.city,
    country: u.country,
    partnerName: u.partnerName,
    partnerAge: u.partnerAge,
    partnerGender: u.partnerGender,
    relationshipType: u.relationshipType,
    score: u.score,
    verificationTier: u.verificationTier,
    isBiometricVerified: u.isBiometricVerified,
    isPhotoVerified: u.isPhotoVerified,
    carTier: u.carTier,
    createdAt: u.createdAt,
  };
}
type SummaryColumn =
  | 'id' | 'accountType' | 'name' | 'age' | 'gender' | 'bio' | 'interests' | 'city' | 'country' | 'partnerName' | 'partnerAge'
  | 'partnerGender' | 'relationshipType' | 'score' | 'verificationTier' | 'isBiometricVerified' | 'isPhotoVerified' | 'carTier' | 'createdAt';
export type SummaryRow = Pick<UserRow, SummaryColumn>;

export async function findMember(db: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function updateProfile(db: Tx, id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row!;
}

export async function setNotificationSettings(db: Tx, id: string, settings: NotificationSettings): Promise<void> {
  await db.update(users).set({ notificationSettings: settings }).where(eq(users.id, id));
}


/**
 * The date counters of the member `memberId` names (an SQL expression) as one row of
 * total_dates, no_shows and finished (a DateStatsRow), zeros before their first finished date.
 * Use it as a subquery: `from ${dateStatsRowOf(x)} as s`.
 */
export function dateStatsRowOf(memberId: SQL) {
  return sql`(select coalesce(max(${memberDateStats.totalDates}), 0)::int as total_dates,
      coalesce(max(${memberDateStats.noShows}), 0)::int as no_shows,
      coalesce(max(${memberDateStats.finished}), 0)::int as finished
    from ${memberDateStats} where ${memberDateStats.userId} = ${memberId})`;
}

export type DateStatsRow = { total_dates: number; no_shows: number; finished: number };

export type DateStats = { totalDates: number; onTimeRate: number | null; noShows: number };
export const NO_DATE_STATS: DateStats = { totalDates: 0, onTimeRate: null, noShows: 0 };

/** Percent of their finished dates a member attended; null with none. */
export function toDateStats(row: DateStatsRow): DateStats {
  return {
    totalDates: row.total_dates,
    onTimeRate: row.finished === 0 ? null : Math.round((100 * (row.finished - row.no_shows)) / row.finished),
    noShows: row.no_shows,
  };
}

/** A member's stats row beside another row, as one JSON value; `memberId` an SQL expression. */
export const dateStatsJsonOf = (memberId: SQL) =>
  sql<DateStatsRow>`(select row_to_json(s) from ${dateStatsRowOf(memberId)} as s)`;

/** Reliability stats of many members (their date counters), in one query. */
export async function dateStatsByMember(db: Tx, ids: string[]): Promise<Map<string, DateStats>> {
  const byMember = new Map<string, DateStats>();
  if (ids.length === 0) return byMember;
  const result = await db.execute(sql`
    select m.id, s.*
    from unnest(${sql.param(ids)}::uuid[]) as m(id)
    cross join lateral ${dateStatsRowOf(sql`m.id`)} as s`);
  for (const row of rowsOf<DateStatsRow & { id: string }>(result)) byMember.set(row.id, toDateStats(row));
  return byMember;
}
