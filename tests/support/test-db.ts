import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { newPglite, openPglite, type Database } from '#server/platform/db/client.ts';
import { throwawayPostgres } from './throwaway-postgres.ts';

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
    // `url`: another instance may open the same database (multi-instance tests).
    const database = await throwawayPostgres(inject('pgAdminUrl'), { prefix: 'rv_test', template: inject('pgTemplate') });
    return { ...database, label: 'postgres' };
  }
  const clone = (await (await migratedPglite()).clone()) as PGlite;
  return { ...openPglite(null, clone), label: 'pglite' };
}
