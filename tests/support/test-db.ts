import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { newPglite, openPglite, openPostgres, type Database } from '#server/platform/db/client.ts';

let pgliteTemplate: Promise<PGlite> | null = null;

/** Migrated once per worker; each test file gets an in-memory clone. */
function migratedPglite(): Promise<PGlite> {
  pgliteTemplate ??= (async () => {
    const client = newPglite();
    await openPglite(null, client).migrate();
    return client;
  })();
  return pgliteTemplate;
}

/**
 * A fresh, migrated database for one test file: a PGlite clone, or (TEST_DB=postgres) a new
 * database on the suite's PostgreSQL server copied from the migrated template.
 */
export async function openTestDatabase(): Promise<Database & { label: string; url?: string }> {
  if (process.env.TEST_DB === 'postgres') {
    const adminUrl = inject('pgAdminUrl');
    const name = `rv_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = openPostgres(url.toString());
    return {
      ...database,
      label: 'postgres',
      /** Another instance may open the same database (multi-instance tests). */
      url: url.toString(),
      async close() {
        await database.close();
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        // pool.end() resolves before its connections have closed; FORCE would cut them off, and a
        // connection cut off while closing throws an uncaught error in the test file. Let them go first.
        for (let tries = 0; tries < 100; tries += 1) {
          const { rows } = await cleanup.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (rows[0].n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }
  const clone = (await (await migratedPglite()).clone()) as PGlite;
  return { ...openPglite(null, clone), label: 'pglite' };
}
