import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Tx } from '../platform/db/client.ts';
import { preparedSql } from '../platform/db/prepared.ts';
import { rowsOf } from '../platform/db/rows.ts';
import { browseCardChanges, browseCards } from './browse.tables.ts';

/*
 * Browse cards kept between reads (decision 85). A card's texts are the same for every viewer
 * (browse-card.ts `cardTemplate`), so the page statement reads the member's kept card when it is
 * still true and writes it again only otherwise; the service then keeps what was written.
 *
 * A kept card is true while
 * - it was written by the same template and settings (`format`),
 * - the app's clock is between its writing and its `validUntil` (its first free time starts, or
 *   the month its dates are counted in ends),
 * - and no transaction that changed what it shows (browse_card_changes, written by triggers on
 *   every table the card reads) could be missing from it: every transaction its read could not see
 *   has an id at or after the read's snapshot xmin.
 * Writers only insert change rows, so no write waits for a reader. Changes are kept a day, and a
 * card is kept only within an hour of its read, so a pruned change is never needed (while a
 * transaction lasts less than 23 hours).
 */

/** A kept card read with a page row (lateral), or no row: the columns are null when it is not kept or no longer true. */
export function keptCardOf(db: Tx, memberId: SQL, format: SQL, now: SQL) {
  const c = browseCards;
  return db
    .select({ parts: sql<string[]>`${c.parts}`.as('kept_parts') })
    .from(c)
    .where(
      sql`${c.memberId} = ${memberId} and ${c.format} = ${format} and ${c.writtenAt} <= ${now}::timestamptz and ${c.validUntil} > ${now}::timestamptz
        and not exists (select 1 from ${browseCardChanges} where ${browseCardChanges.memberId} = ${c.memberId} and ${browseCardChanges.xid} >= ${c.snapshotXmin})`,
    )
    .as('kept');
}

/** The oldest transaction the statement's snapshot could not see: changes from it on may be missing from what it read. */
export const snapshotXmin = sql<string>`(select pg_snapshot_xmin(pg_current_snapshot())::text)`;

/** A digest of SQL (its text and values): two templates that write cards differently never share one. */
export function formatOf(...parts: SQL[]): string {
  const query = new PgDialect().sqlToQuery(sql.join(parts, sql`, `));
  return createHash('sha256').update(JSON.stringify(query)).digest('base64url').slice(0, 22);
}

export type CardToKeep = { memberId: string; parts: string[]; validUntil: Date };
/** What one page read tells of the cards it wrote: its snapshot, its start (the database's clock), and the app's clock. */
export type CardsRead = { snapshotXmin: string; readAt: string; writtenAt: Date; format: string };

const keepStatement = preparedSql('browse_keep_cards', () => {
  const c = browseCards;
  return sql`insert into ${c} (member_id, parts, format, written_at, valid_until, snapshot_xmin)
    select k.member_id, k.parts, ${sql.placeholder('format')}, ${sql.placeholder('writtenAt')}::timestamptz, k.valid_until, ${sql.placeholder('snapshotXmin')}::bigint
    from json_to_recordset(${sql.placeholder('cards')}::json) as k(member_id uuid, parts text[], valid_until timestamptz)
    where now() < ${sql.placeholder('readAt')}::timestamptz + interval '1 hour'
    order by k.member_id
    on conflict (member_id) do update set parts = excluded.parts, format = excluded.format, written_at = excluded.written_at,
      valid_until = excluded.valid_until, snapshot_xmin = excluded.snapshot_xmin
    where ${c.snapshotXmin} <= excluded.snapshot_xmin`;
});

/** Keeps the cards a page read wrote (in member order, so two pages never wait on each other in a circle). */
export async function keepCards(db: Tx, cards: CardToKeep[], read: CardsRead): Promise<void> {
  if (cards.length === 0) return;
  await keepStatement(db).execute({
    cards: JSON.stringify(cards.map((card) => ({ member_id: card.memberId, parts: card.parts, valid_until: card.validUntil.toISOString() }))),
    format: read.format,
    writtenAt: read.writtenAt.toISOString(),
    snapshotXmin: read.snapshotXmin,
    readAt: read.readAt,
  });
}

/** Forgets changes older than a day, with the kept cards they still make untrue (the hourly prune job). */
export async function pruneCardChanges(db: Tx): Promise<number> {
  return db.transaction(async (tx) => {
    const old = sql`${browseCardChanges.at} < now() - interval '1 day'`;
    await tx.execute(sql`delete from ${browseCards} using ${browseCardChanges}
      where ${browseCardChanges.memberId} = ${browseCards.memberId} and ${browseCardChanges.xid} >= ${browseCards.snapshotXmin} and ${old}`);
    const [row] = rowsOf<{ pruned: number }>(await tx.execute(sql`with pruned as (delete from ${browseCardChanges} where ${old} returning 1) select count(*)::int as pruned from pruned`));
    return row!.pruned;
  });
}
