import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openPostgres } from '#server/platform/db/client.ts';
import { rowsOf } from '#server/platform/db/rows.ts';

// DATABASE_POOL_SIZE bounds the server's connections to a PostgreSQL server (decision 65).
const adminUrl = inject('pgAdminUrl');
const name = `rv_test_${randomBytes(6).toString('hex')}`;
const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();

async function admin(query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

beforeAll(() => admin(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`));
afterAll(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

/** The backends that answered `calls` statements sent at once, each holding its connection 50 ms. */
async function backendsServing(poolSize: number | undefined, calls: number): Promise<Set<number>> {
  const database = openPostgres(url, poolSize);
  try {
    const answers = await Promise.all(
      Array.from({ length: calls }, () => database.db.execute(sql`select pg_backend_pid() as pid, pg_sleep(0.05)`)),
    );
    return new Set(answers.map((answer) => rowsOf<{ pid: number }>(answer)[0]!.pid));
  } finally {
    await database.close();
  }
}

describe('the PostgreSQL connection pool', () => {
  it('opens no more connections than its size, and still answers every statement', async () => {
    const backends = await backendsServing(2, 8);
    expect(backends.size).toBe(2);
  });

  it('opens up to ten by default', async () => {
    const backends = await backendsServing(undefined, 12);
    expect(backends.size).toBe(10);
  });
});
