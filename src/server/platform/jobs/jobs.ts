import { and, asc, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import { outsideRequests } from '../arrival-order.ts';
import type { Db, Tx } from '../db/client.ts';
import { jobSchedules, jobs } from './jobs.tables.ts';

export type JobRow = typeof jobs.$inferSelect;
export type JobContext = { db: Db; now: Date; job: JobRow };
export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;
type Log = { error(object: object, message: string): void };

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

export const JOB_DEFAULTS = {
  maxAttempts: 5,
  /** A claimed job stays hidden this long; a worker that dies with it lets it go when this passes. */
  lockMs: 5 * MINUTE,
  /** The first retry waits this long, each next one twice as long, up to backoffCapMs. */
  backoffMs: 30 * SECOND,
  backoffCapMs: 60 * MINUTE,
  /** How many due jobs one claim takes. */
  batchSize: 10,
  pollMs: 5 * SECOND,
} as const;

/** Finished jobs are kept this long (to see what ran), then pruned. */
export const FINISHED_JOBS_KEPT_MS = 7 * DAY;

/** The wait before the next attempt, after `attempts` failed ones. */
export const backoffAfter = (attempts: number, baseMs: number = JOB_DEFAULTS.backoffMs) =>
  Math.min(JOB_DEFAULTS.backoffCapMs, baseMs * 2 ** Math.max(0, attempts - 1));

/**
 * Puts a job in the queue inside the caller's transaction, so it exists exactly when the change
 * that asks for it does.
 */
export async function enqueue(
  tx: Tx,
  kind: string,
  payload: Record<string, unknown>,
  options: { runAt: Date; maxAttempts?: number; now?: Date },
): Promise<string> {
  const [row] = await tx
    .insert(jobs)
    .values({ kind, payload, runAt: options.runAt, maxAttempts: options.maxAttempts ?? JOB_DEFAULTS.maxAttempts, createdAt: options.now ?? options.runAt })
    .returning({ id: jobs.id });
  return row!.id;
}

/**
 * Jobs of one kind, one for each row of `payloads` (a query whose column `payload` is the job's
 * payload), as a single `insert … select` returning their ids: run alone, or inside another
 * statement so the jobs exist exactly when what caused them does. `now` (the time of queueing)
 * defaults to `runAt`.
 */
export function enqueueEach(kind: string, payloads: SQL, options: { runAt: Date | SQL; now?: Date | SQL; maxAttempts?: number }): SQL {
  const column = (c: { name: string }) => sql.identifier(c.name);
  const time = (at: Date | SQL) => (at instanceof Date ? at.toISOString() : at);
  const runAt = time(options.runAt);
  return sql`insert into ${jobs} (${column(jobs.kind)}, ${column(jobs.payload)}, ${column(jobs.runAt)}, ${column(jobs.maxAttempts)}, ${column(jobs.createdAt)})
    select ${kind}, p.payload, ${runAt}::timestamptz, ${options.maxAttempts ?? JOB_DEFAULTS.maxAttempts}::int, ${options.now ? time(options.now) : runAt}::timestamptz
    from (${payloads}) as p
    returning ${jobs.id}`;
}

/** One job with a payload known here, as SQL to run inside another statement (see `enqueueEach`). */
export function enqueueOne(kind: string, payload: Record<string, unknown>, options: { runAt: Date; now: Date; maxAttempts?: number }): SQL {
  return enqueueEach(kind, sql`select ${JSON.stringify(payload)}::jsonb as payload`, options);
}

/**
 * Takes up to `limit` due jobs of these kinds for this worker, in one statement: rows another
 * worker is claiming at the same moment are skipped, not waited for, so no job is taken twice.
 * Each claim counts an attempt; the attempt number then tells a late worker its claim is stale.
 */
export async function claimDue(db: Tx, kinds: string[], now: Date, options: { lockMs: number; limit: number }): Promise<JobRow[]> {
  if (kinds.length === 0) return [];
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        isNull(jobs.doneAt),
        isNull(jobs.failedAt),
        lte(jobs.runAt, now),
        or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now)),
        inArray(jobs.kind, kinds),
      ),
    )
    .orderBy(asc(jobs.runAt))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({ lockedUntil: new Date(now.getTime() + options.lockMs), attempts: sql`${jobs.attempts} + 1` })
    .where(inArray(jobs.id, due))
    .returning();
}

/** Only the worker holding the current attempt may settle a job. */
const stillMine = (job: JobRow) => and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts), isNull(jobs.doneAt), isNull(jobs.failedAt));

async function settleSuccess(db: Tx, job: JobRow, now: Date): Promise<void> {
  await db.update(jobs).set({ doneAt: now, lockedUntil: null }).where(stillMine(job));
}

async function settleFailure(db: Tx, job: JobRow, now: Date, error: unknown, backoffMs: number): Promise<void> {
  const lastError = (error instanceof Error ? error.stack ?? error.message : String(error)).slice(0, 2000);
  const final = job.attempts >= job.maxAttempts;
  await db
    .update(jobs)
    .set(
      final
        ? { failedAt: now, lockedUntil: null, lastError }
        : { runAt: new Date(now.getTime() + backoffAfter(job.attempts, backoffMs)), lockedUntil: null, lastError },
    )
    .where(stillMine(job));
}

/** Done and failed jobs finished more than FINISHED_JOBS_KEPT_MS ago. */
export async function pruneFinishedJobs(db: Tx, now: Date): Promise<number> {
  const before = new Date(now.getTime() - FINISHED_JOBS_KEPT_MS);
  const rows = await db
    .delete(jobs)
    .where(or(lte(jobs.doneAt, before), lte(jobs.failedAt, before)))
    .returning({ id: jobs.id });
  return rows.length;
}

/**
 * The recurring job's turn, decided by one atomic statement: of any number of instances asking
 * at once, the one whose update moves `next_run_at` on runs it; the others see no row.
 */
async function takeTurn(db: Tx, name: string, everyMs: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(jobSchedules)
    .set({ nextRunAt: new Date(now.getTime() + everyMs), lastRunAt: now })
    .where(and(eq(jobSchedules.name, name), lte(jobSchedules.nextRunAt, now)))
    .returning({ name: jobSchedules.name });
  return rows.length > 0;
}

type Registration = { handler: JobHandler; backoffMs: number };

/** True the first time it is asked only. */
function firstTimeOnly(): () => boolean {
  let asked = false;
  return () => !asked && (asked = true);
}

/**
 * The background jobs of one server instance: handlers by kind, recurring jobs, and a worker that
 * runs what is due. Every instance may run one; the database decides who does what. Time comes
 * from the clock; tests call `runDue()` instead of waiting for the poll.
 */
export function createJobs(deps: { db: Db; clock: Clock; log: Log }) {
  const { db, clock, log } = deps;
  const handlers = new Map<string, Registration>();
  const schedules = new Map<string, number>();
  let schedulesSaved = false;

  async function fireSchedules(now: Date): Promise<void> {
    if (schedules.size === 0) return;
    if (!schedulesSaved) {
      // A new schedule is due at once; an existing one keeps its time.
      await db
        .insert(jobSchedules)
        .values([...schedules.keys()].map((name) => ({ name, nextRunAt: now })))
        .onConflictDoNothing();
      schedulesSaved = true;
    }
    for (const [name, everyMs] of schedules) {
      // The turn and the job it queues are one change: no turn is taken without its run.
      await db.transaction(async (tx) => {
        if (await takeTurn(tx, name, everyMs, now)) await enqueue(tx, name, {}, { runAt: now });
      });
    }
  }

  async function run(job: JobRow): Promise<void> {
    const registration = handlers.get(job.kind)!;
    try {
      await registration.handler(job.payload, { db, now: clock.now(), job });
      await settleSuccess(db, job, clock.now());
    } catch (error) {
      log.error({ err: error, job: { id: job.id, kind: job.kind, attempt: job.attempts } }, 'job failed');
      await settleFailure(db, job, clock.now(), error, registration.backoffMs);
    }
  }

  /**
   * Runs due jobs until none is left, firing due schedules before a batch whenever `askSchedules`
   * says so (by default before the first); returns how many ran.
   */
  async function runDue(askSchedules: () => boolean = firstTimeOnly()): Promise<number> {
    let ran = 0;
    for (;;) {
      if (askSchedules()) await fireSchedules(clock.now());
      const claimed = await claimDue(db, [...handlers.keys()], clock.now(), {
        lockMs: JOB_DEFAULTS.lockMs,
        limit: JOB_DEFAULTS.batchSize,
      });
      if (claimed.length === 0) return ran;
      for (const job of claimed) await run(job);
      ran += claimed.length;
    }
  }

  /** Runs jobs of this kind; payloads come back as they were queued. */
  function register(kind: string, handler: JobHandler, options: { backoffMs?: number } = {}) {
    if (handlers.has(kind)) throw new Error(`A handler for job kind "${kind}" is already registered`);
    handlers.set(kind, { handler, backoffMs: options.backoffMs ?? JOB_DEFAULTS.backoffMs });
  }

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;
  let inRound = false;
  let again = false;
  let every: number = JOB_DEFAULTS.pollMs;
  let schedulesAskedAt = -Infinity;

  /**
   * A write wakes a round to run what it queued; the schedules (a transaction each) are asked at
   * most once a poll, however often writes wake the worker (under load they always do), and also
   * within a round that jobs queued meanwhile keep going.
   */
  function schedulesDueByPoll(): boolean {
    if (performance.now() - schedulesAskedAt < every) return false;
    schedulesAskedAt = performance.now();
    return true;
  }

  function tick() {
    timer = null;
    inRound = true;
    running = runDue(schedulesDueByPoll)
      .catch((error: unknown) => log.error({ err: error }, 'job worker round failed'))
      .finally(() => {
        inRound = false;
        const soon = again;
        again = false;
        if (!stopped) timer = setTimeout(tick, soon ? 0 : every);
      });
  }

  return {
    register,

    /** A recurring job: once per period across every instance, retried like any job. */
    every(name: string, everyMs: number, handler: JobHandler) {
      register(name, handler);
      schedules.set(name, everyMs);
    },

    enqueue: (tx: Tx, kind: string, payload: Record<string, unknown>, options: { runAt?: Date; maxAttempts?: number } = {}) => {
      const now = clock.now();
      return enqueue(tx, kind, payload, { runAt: options.runAt ?? now, maxAttempts: options.maxAttempts, now });
    },

    runDue,

    /** Polls every `pollMs` until stopped; one round at a time. */
    start(pollMs: number = JOB_DEFAULTS.pollMs) {
      if (!stopped) return;
      stopped = false;
      every = pollMs;
      timer = setTimeout(tick, 0);
    },

    /**
     * Runs a round now rather than at the next poll: called once a change that may have queued a
     * job has committed (a push must not wait for the poll). A round under way is followed by
     * another at once. Does nothing while the worker is stopped (tests call runDue themselves).
     */
    wake() {
      if (stopped) return;
      if (inRound) {
        again = true;
        return;
      }
      if (timer) clearTimeout(timer);
      // The worker's rounds are nobody's request: they must not inherit the waking one's place in the pool.
      timer = outsideRequests(() => setTimeout(tick, 0));
    },

    /** Stops polling and waits for the round under way. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

export type Jobs = ReturnType<typeof createJobs>;
