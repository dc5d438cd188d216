// Hot statements run as named prepared statements (src/server/platform/db/pglite-session.ts on
// PGlite, node-postgres on PostgreSQL): they must return exactly what the same query returns
// unprepared, and fail inside a transaction as any statement does.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/auth/auth.tables.ts';
import type { Database, Tx } from '#server/platform/db/client.ts';
import { pgErrorCode } from '#server/platform/db/pg-errors.ts';
import { rowsOf } from '#server/platform/db/rows.ts';
import { openTestDatabase } from '#tests/support/test-db.ts';

let database: Database & { label: string };
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

let serial = 0;
/** A member row: every optional column set, or every one left null. */
function member(filled: boolean) {
  serial += 1;
  return {
    email: `prepared-${serial}@example.test`,
    passwordHash: 'x',
    accountType: 'individual' as const,
    name: `Prepared ${serial}`,
    age: 30,
    gender: 'female' as const,
    city: 'Vancouver',
    referralCode: `PREP${serial}`,
    ...(filled
      ? {
          emailVerifiedAt: new Date('2026-11-20T08:30:15.123Z'),
          interests: ['hiking', 'jazz, "bebop"', 'x{y}'],
          longitude: -123.1207,
          latitude: 49.2827,
          partnerName: null,
          prefDateTypes: ['coffee', 'dinner'],
          prefGenders: [],
          prefAgeMin: 25,
          notificationSettings: { email: { bookings: false }, nested: [1, 'two', null] } as never,
        }
      : {}),
  };
}

/** The member's row with a column of each other type the repos select: numeric, timestamptz[], json, bigint, date. */
const memberQuery = (db: Tx) =>
  db
    .select({
      user: users,
      ratio: sql<string>`(${users.score}::numeric / 7)`,
      stamps: sql<string[]>`array[${users.createdAt}, ${users.emailVerifiedAt}]`,
      facts: sql<unknown>`json_build_object('at', ${users.emailVerifiedAt}, 'interests', ${users.interests}, 'none', null)`,
      total: sql<string>`count(*) over ()`,
      day: sql<string>`${users.createdAt}::date`,
    })
    .from(users)
    .where(eq(users.email, sql.placeholder('email')));

async function insertMember(db: Tx, filled: boolean) {
  const row = member(filled);
  await db.insert(users).values(row);
  return row.email;
}

describe('named prepared statements', () => {
  it('return the same rows as the unprepared query, for every column type and for nulls', async () => {
    const { db } = database;
    const emails = [await insertMember(db, true), await insertMember(db, false)];
    const prepared = memberQuery(db).prepare('test_prepared_member');
    for (const email of emails) {
      const plain = await memberQuery(db).execute({ email });
      expect(plain).toHaveLength(1);
      // The first call parses the statement, the next ones only execute it.
      expect(await prepared.execute({ email })).toEqual(plain);
      expect(await prepared.execute({ email })).toEqual(plain);
      // Inside a transaction, where the statement is the transaction's own.
      await db.transaction(async (tx) => {
        expect(await memberQuery(tx).prepare('test_prepared_member').execute({ email })).toEqual(plain);
      });
    }
    const filled = (await memberQuery(db).execute({ email: emails[0] }))[0]!;
    expect(filled.user.emailVerifiedAt).toEqual(new Date('2026-11-20T08:30:15.123Z'));
    expect(filled.user.interests).toEqual(['hiking', 'jazz, "bebop"', 'x{y}']);
    expect(filled.user.prefGenders).toEqual([]);
    expect(filled.user.notificationSettings).toEqual({ email: { bookings: false }, nested: [1, 'two', null] });
    const empty = (await memberQuery(db).execute({ email: emails[1] }))[0]!;
    expect(empty.user.emailVerifiedAt).toBeNull();
    expect(empty.user.prefDateTypes).toBeNull();

  });

  it('run as one prepared statement of the embedded database', async () => {
    if (database.kind !== 'pglite') return expect(database.kind).toBe('postgres'); // node-postgres names them per pooled connection
    const { db } = database;
    const email = await insertMember(db, true);
    const query = memberQuery(db);
    const prepared = query.prepare('test_prepared_planned');
    const text = query.toSQL().sql;
    const plans = async () =>
      rowsOf<{ plans: number }>(
        await db.execute(sql`select coalesce(sum(generic_plans + custom_plans), 0)::int as plans from pg_prepared_statements where statement = ${text}`),
      )[0]!.plans;
    const before = await plans();
    await prepared.execute({ email });
    await prepared.execute({ email });
    expect(await plans()).toBe(before + 2);
    expect(rowsOf(await db.execute(sql`select 1 from pg_prepared_statements where statement = ${text}`))).toHaveLength(1);
  });

  it('fail inside a transaction as any statement does: the transaction is rolled back', async () => {
    const { db } = database;
    const taken = await insertMember(db, false);
    const insert = (tx: Tx) =>
      tx
        .insert(users)
        .values({ ...member(false), email: sql.placeholder('email') as never })
        .prepare('test_prepared_insert');
    const fresh = member(false).email;

    const failed = await db
      .transaction(async (tx) => {
        await insert(tx).execute({ email: fresh });
        await insert(tx).execute({ email: taken });
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(pgErrorCode(failed)).toBe('23505');
    expect(await db.select().from(users).where(eq(users.email, fresh))).toEqual([]);

    // A failed statement aborts the transaction: nothing else runs in it until it ends.
    const aborted = await db
      .transaction(async (tx) => {
        await insert(tx)
          .execute({ email: taken })
          .catch(() => undefined);
        await memberQuery(tx).prepare('test_prepared_member').execute({ email: taken });
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(pgErrorCode(aborted)).toBe('25P02');

    // The statements still work afterwards, inside and outside a transaction.
    await insert(db).execute({ email: fresh });
    expect(await db.select({ email: users.email }).from(users).where(eq(users.email, fresh))).toEqual([{ email: fresh }]);
    const another = member(false).email;
    await db.transaction(async (tx) => {
      await insert(tx).execute({ email: another });
    });
    expect(await memberQuery(db).prepare('test_prepared_member').execute({ email: another })).toHaveLength(1);
  });
});
