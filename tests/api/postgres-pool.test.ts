import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject, vi } from 'vitest';
import { registerArrivalOrder } from '#server/platform/arrival-order.ts';
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

describe('the pool serves requests in the order they arrived (decision 94)', () => {
  it("gives a request's next statement its connection before requests that came after it", async () => {
    const database = openPostgres(url, 1);
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('select pg_advisory_lock(94)');
    const app = Fastify();
    registerArrivalOrder(app);
    const finished: string[] = [];
    let asked = 0;
    app.post('/two-statements', async (request) => {
      asked++;
      // Holds the only connection until the test lets the lock go.
      await database.db.execute(sql`select pg_advisory_lock(94), pg_advisory_unlock(94)`);
      await database.db.execute(sql`select 1`);
      finished.push((request.body as { name: string }).name);
      return {};
    });
    app.get('/one-statement/:name', async (request) => {
      asked++;
      await database.db.execute(sql`select 1`);
      finished.push((request.params as { name: string }).name);
      return {};
    });
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const first = fetch(`${origin}/two-statements`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'A' }) });
      await vi.waitFor(() => expect(asked).toBe(1));
      const later = ['B', 'C', 'D'].map((name) => fetch(`${origin}/one-statement/${name}`));
      await vi.waitFor(() => expect(asked).toBe(4));
      await holder.query('select pg_advisory_unlock(94)');
      await Promise.all([first, ...later]);
      // First come, first served per statement would give B, C, D, A: A's second statement behind them all.
      expect(finished).toEqual(['B', 'A', 'C', 'D']);
    } finally {
      await app.close();
      await holder.end();
      await database.close();
    }
  });
});
