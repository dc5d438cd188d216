import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Tx } from '../platform/db/client.ts';
import { rowsOf } from '../platform/db/rows.ts';
import { users } from '../auth/auth.read.ts';
import { browseCardChanges, browseCards } from './browse.tables.ts';

/*
 * Browse cards kept between reads (decision 85). A card's texts are the same for every viewer
 * (browse-card.ts `cardTemplate`), so the page statement reads the member's kept card when it is
 * still true, and writes and keeps it again (in the same statement) only otherwise.
 *
 * A kept card is true while
 * - it was written by the same template and settings (`format`),
 * - the app's clock is between its writing and its `validUntil` (its first free time starts, or
 *   the month its dates are counted in ends),
 * - and no transaction that changed what it shows (browse_card_changes, written by triggers on
 *   every table the card reads) could be missing from it: every transaction the statement that
 *   wrote it could not see has an id at or after that statement's snapshot xmin.
 * Writers only insert change rows, so no write waits for a reader. Changes are kept a day
 * (`pruneCardChanges`), far longer than any statement runs.
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

/** A digest of SQL (its text and values): two templates that write cards differently never share one. */
export function formatOf(...parts: SQL[]): string {
  const query = new PgDialect().sqlToQuery(sql.join(parts, sql`, `));
  return createHash('sha256').update(JSON.stringify(query)).digest('base64url').slice(0, 22);
}

/**
 * Keeps the cards `written` answers (`member_id`, `parts`, `valid_until`; none kept without a
 * `valid_until`) as of this statement's snapshot, in member order (two statements never wait on each
 * other in a circle), replacing a kept card only from a snapshot at least as recent.
 */
export function keeping(written: SQL, values: { format: SQL; now: SQL }): SQL {
  const c = browseCards;
  return sql`insert into ${c} (member_id, parts, format, written_at, valid_until, snapshot_xmin)
    select member_id, parts, ${values.format}::text, ${values.now}::timestamptz, valid_until, pg_snapshot_xmin(pg_current_snapshot())::text::bigint
    from (${written}) as written where valid_until is not null order by member_id
    on conflict (member_id) do update set parts = excluded.parts, format = excluded.format, written_at = excluded.written_at,
      valid_until = excluded.valid_until, snapshot_xmin = excluded.snapshot_xmin
    where ${c.snapshotXmin} <= excluded.snapshot_xmin`;
}

/**
 * The page statement that keeps what it wrote: `page` answers, in order (`ord`), each card's
 * template texts `part0…` (kept or written), `member_id`, `valid_until` (set when written) and
 * the columns in `answered`.
 */
export function keepingWritten(page: SQL, parts: number, answered: string[], values: { format: SQL; now: SQL }): SQL {
  const partColumns = Array.from({ length: parts }, (_, i) => sql.identifier(`part${i}`));
  const written = sql`select member_id, array[${sql.join(partColumns, sql`, `)}] as parts, valid_until from page_cards`;
  return sql`with page_cards as (${page}), kept as (${keeping(written, values)})
    select ${sql.join([...partColumns, ...answered.map((name) => sql.identifier(name))], sql`, `)} from page_cards order by ord`;
}

/**
 * The hourly prune: forgets changes older than a day, with the kept cards they still make untrue,
 * and the cards of members who are gone (deleted their account) or that stopped holding a day ago. Answers how many
 * changes it forgot.
 */
export async function pruneCardChanges(db: Tx): Promise<number> {
  return db.transaction(async (tx) => {
    const old = sql`${browseCardChanges.at} < now() - interval '1 day'`;
    await tx.execute(sql`delete from ${browseCards} using ${browseCardChanges}
      where ${browseCardChanges.memberId} = ${browseCards.memberId} and ${browseCardChanges.xid} >= ${browseCards.snapshotXmin} and ${old}`);
    await tx.execute(sql`delete from ${browseCards} where ${browseCards.validUntil} < now() - interval '1 day'
      or not exists (select 1 from ${users} where ${users.id} = ${browseCards.memberId} and ${users.accountStatus} <> 'deleted')`);
    const [row] = rowsOf<{ pruned: number }>(
      await tx.execute(sql`with pruned as (delete from ${browseCardChanges} where ${old} returning 1) select count(*)::int as pruned from pruned`),
    );
    return row!.pruned;
  });
}
