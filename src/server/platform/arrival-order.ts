import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';

/**
 * The pool's connections go to requests in the order the requests arrived, not the order their
 * statements ask (decision 94). A request of three statements otherwise queues three times behind
 * every request that came after it; here its second and third statements go before them, so a
 * write waits for a connection about as long as a read of one statement.
 */

const arrival = new AsyncLocalStorage<number>();
let arrivals = 0;

function nextArrival(): number {
  return ++arrivals;
}

/**
 * Numbers each request as it arrives, first of all hooks: what it runs from there on, its body's
 * reading and handler included, asks the pool as that arrival.
 */
export function registerArrivalOrder(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, _reply, done) => {
    arrival.enterWith(nextArrival());
    done();
  });
}

/** Runs `work` outside any request: what it starts (a timer, a loop) asks the pool as new arrivals. */
export function outsideRequests<T>(work: () => T): T {
  return arrival.exit(work);
}

/** Work outside a request (a job, a socket) counts as arriving when it asks. */
function currentArrival(): number {
  return arrival.getStore() ?? nextArrival();
}

/** At most `size` holders at once; the waiter of the earliest arrival enters first. */
class ArrivalOrderedGate {
  private free: number;
  private readonly waiting: { arrival: number; enter: () => void }[] = [];

  constructor(size: number) {
    this.free = size;
  }

  enter(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return Promise.resolve();
    }
    const number = currentArrival();
    return new Promise((enter) => {
      let at = this.waiting.length;
      while (at > 0 && this.waiting[at - 1]!.arrival > number) at--;
      this.waiting.splice(at, 0, { arrival: number, enter });
    });
  }

  leave(): void {
    const next = this.waiting.shift();
    if (next) next.enter();
    else this.free++;
  }
}

/**
 * Puts `pool.query` (a statement) and `pool.connect` (a transaction, a migration) behind a gate of
 * the pool's size, so the pool's own first-come queue is never used. Callback forms pass straight
 * through: pg-pool's `query` takes its connection that way, inside the gate already.
 */
export function orderPoolByArrival(pool: pg.Pool, size: number): void {
  const gate = new ArrivalOrderedGate(size);
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | undefined;

  const gatedQuery = async (...args: unknown[]) => {
    if (typeof args.at(-1) === 'function') return query(...args);
    await gate.enter();
    try {
      return await query(...args);
    } finally {
      gate.leave();
    }
  };
  const gatedConnect = async (callback?: unknown) => {
    if (callback) return connect(callback);
    await gate.enter();
    let client: pg.PoolClient;
    try {
      client = (await connect())!;
    } catch (error) {
      gate.leave();
      throw error;
    }
    const release = client.release.bind(client);
    let released = false;
    client.release = (error?: Error | boolean) => {
      if (!released) {
        released = true;
        gate.leave();
      }
      return release(error);
    };
    return client;
  };
  Object.assign(pool, { query: gatedQuery, connect: gatedConnect });
}
