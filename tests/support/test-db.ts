import { inject } from 'vitest';
import { openPglite, type Database } from '#server/platform/db/client.ts';
import { pgliteFromTemplate } from './pglite-template.ts';
import { throwawayPostgres } from './throwaway-postgres.ts';

/**
 * A fresh, migrated database for one test file: an in-memory PGlite loaded from the migrated
 * template, or (TEST_DB=postgres) a new database on the suite's PostgreSQL server copied from the
 * migrated template.
 */
export async function openTestDatabase(): Promise<Database & { label: string; url?: string }> {
  if (process.env.TEST_DB === 'postgres') {
    // `url`: another instance may open the same database (multi-instance tests).
    const database = await throwawayPostgres(inject('pgAdminUrl'), { prefix: 'rv_test', template: inject('pgTemplate') });
    return { ...database, label: 'postgres' };
  }
  return { ...openPglite(null, await pgliteFromTemplate()), label: 'pglite' };
}
