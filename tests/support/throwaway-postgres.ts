import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres, type Database } from '#server/platform/db/client.ts';

/**
 * A new database on the PostgreSQL server at `serverUrl` (copied from `template` when given), whose
 * close drops it. For a test file, or a run such as `npm run fuzz`.
 */
export async function throwawayPostgres(serverUrl: string, options: { prefix: string; template?: string }): Promise<Database & { url: string; name: string }> {
  const name = `${options.prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${options.template ? ` TEMPLATE ${options.template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString());
  return {
    ...database,
    name,
    url: url.toString(),
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      // pool.end() resolves before its connections have closed; FORCE would cut them off, and a
      // connection cut off while closing throws an uncaught error. Let them go first.
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
