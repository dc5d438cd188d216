import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { orderPoolByArrival } from '../arrival-order.ts';
import { drizzlePgliteNamed } from './pglite-session.ts';
import type { Db } from './db-types.ts';

export type { Db, Tx } from './db-types.ts';

/** Stops a listener. */
export type Unlisten = () => Promise<void>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the migrations of `folder` not yet applied (the product's own by default). */
  migrate(folder?: string): Promise<void>;
  /**
   * Calls `onPayload` with every NOTIFY on `channel` once its transaction commits. PGlite: inside
   * this process. PostgreSQL: a dedicated connection outside the pool that reconnects when it drops
   * (`onReconnect` then runs: what was sent meanwhile is lost, so listeners resynchronise).
   */
  listen(channel: string, onPayload: (payload: string) => void, options?: ListenOptions): Promise<Unlisten>;
  close(): Promise<void>;
};

export type ListenOptions = {
  /** The connection dropped: notifications are missed until `onReconnect`. */
  onDisconnect?: () => void;
  onReconnect?: () => void;
  log?: { error(object: object, message: string): void; warn(object: object, message: string): void };
};

const LISTEN_RETRY_FIRST_MS = 500;
const LISTEN_RETRY_CAP_MS = 30_000;
const CHANNEL = /^[a-z_][a-z0-9_]*$/;

/**
 * LISTEN on a dedicated `pg.Client`: a pooled connection would be handed to queries and lose it.
 * When the connection drops it is opened again with doubling waits (capped), until unlistened.
 */
async function listenPostgres(url: string, channel: string, onPayload: (payload: string) => void, options: ListenOptions = {}): Promise<Unlisten> {
  if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = LISTEN_RETRY_FIRST_MS;
  let retryTimer: NodeJS.Timeout | null = null;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    next.on('error', (error) => {
      options.log?.warn({ err: error, channel }, 'listener connection failed; reconnecting');
      void next.end().catch(() => {});
      if (client === next) {
        client = null;
        options.onDisconnect?.();
        scheduleReconnect();
      }
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
  }

  function scheduleReconnect() {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().then(
        () => {
          retryMs = LISTEN_RETRY_FIRST_MS;
          options.onReconnect?.();
        },
        (error: unknown) => {
          options.log?.error({ err: error, channel }, 'listener could not reconnect');
          retryMs = Math.min(LISTEN_RETRY_CAP_MS, retryMs * 2);
          scheduleReconnect();
        },
      );
    }, retryMs);
  }

  await connect();
  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
}

/** node-postgres' own default; a database on few cores serves more with fewer (decision 65). */
export const DEFAULT_POOL_SIZE = 10;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * A real PostgreSQL server, through a pool of at most `poolSize` connections. Migrations run under
 * an advisory lock so instances can start together.
 */
export function openPostgres(url: string, poolSize = DEFAULT_POOL_SIZE): Database {
  // Hot statements are prepared (named) once per connection; a generic plan spares PostgreSQL planning
  // browse's query again on every execution (its custom plans cost more than running it). Connections
  // stay open once made (no idle timeout): the pool would otherwise set a timer on every query's release.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 0, options: '-c plan_cache_mode=force_generic_plan' });
  // An idle connection the server ends (a restart, an administrator, a dropped database) is an
  // 'error' on the pool, which drops it and opens a new one for the next query; without a listener
  // Node would end the process for it.
  pool.on('error', () => {});
  orderPoolByArrival(pool, poolSize);
  const db = drizzlePg(pool) as unknown as Db;
  const listeners = new Set<Unlisten>();
  return {
    db,
    kind: 'postgres',
    async migrate(folder = migrationsFolder) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(7262000)');
        await migratePg(drizzlePg(client), { migrationsFolder: folder });
      } finally {
        await client.query('select pg_advisory_unlock(7262000)').catch(() => {});
        client.release();
      }
    },
    async listen(channel, onPayload, options) {
      const unlisten = await listenPostgres(url, channel, onPayload, options);
      const stop = async () => {
        listeners.delete(stop);
        await unlisten();
      };
      listeners.add(stop);
      return stop;
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

/** The extensions the migrations use (btree_gist for exclusion constraints). */
export const pgliteExtensions = { btree_gist };

/** A PGlite instance with those extensions. */
export function newPglite(dataDir?: string): PGlite {
  return new PGlite({ dataDir, extensions: pgliteExtensions });
}

/** Embedded PGlite: in a folder (kept across restarts), or in memory when dataDir is null. */
export function openPglite(dataDir: string | null, client?: PGlite): Database {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = client ?? newPglite(dataDir ?? undefined);
  const db = drizzlePgliteNamed(pglite);
  return {
    db,
    kind: 'pglite',
    migrate: (folder = migrationsFolder) => migratePglite(drizzlePglite(pglite), { migrationsFolder: folder }),
    async listen(channel, onPayload) {
      if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
      const unlisten = await pglite.listen(channel, onPayload);
      return async () => {
        if (!pglite.closed) await unlisten();
      };
    },
    close: () => pglite.close(),
  };
}

/** Where the embedded database lives in a DATA_DIR. */
export const embeddedDatabaseFolder = (dataDir: string) => path.join(dataDir, 'pglite');

export function openDatabase(options: { databaseUrl?: string; poolSize?: number; dataDir: string }): Database {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize)
    : openPglite(embeddedDatabaseFolder(options.dataDir));
}
