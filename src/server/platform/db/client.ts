import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A database handle or an open transaction: repo functions take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** A real PostgreSQL server. Migrations run under an advisory lock so instances can start together. */
export function openPostgres(url: string): Database {
  // Hot statements are prepared (named) once per connection; a generic plan spares PostgreSQL planning
  // browse's query again on every execution (its custom plans cost more than running it).
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c plan_cache_mode=force_generic_plan' });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(7262000)');
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock(7262000)').catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** A PGlite instance with the extensions the migrations use (btree_gist for exclusion constraints). */
export function newPglite(dataDir?: string): PGlite {
  return new PGlite({ dataDir, extensions: { btree_gist } });
}

/** Embedded PGlite: in a folder (kept across restarts), or in memory when dataDir is null. */
export function openPglite(dataDir: string | null, client?: PGlite): Database {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = client ?? newPglite(dataDir ?? undefined);
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(pglite, { schema }), { migrationsFolder }),
    close: () => pglite.close(),
  };
}

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Database {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(path.join(options.dataDir, 'pglite'));
}
