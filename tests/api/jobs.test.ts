import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notificationsPaths } from '#shared/api/notifications.ts';
import { emailTokens, sessions } from '#server/auth/auth.tables.ts';
import { availabilitySlots } from '#server/availability/availability.tables.ts';
import { placeSlot } from '#server/availability/slot-times.ts';
import { bookings } from '#server/bookings/bookings.tables.ts';
import { createNotification } from '#server/notifications/notifications.service.ts';
import { JOB_DEFAULTS, backoffAfter, claimDue, createJobs, type JobHandler } from '#server/platform/jobs/jobs.ts';
import { jobs } from '#server/platform/jobs/jobs.tables.ts';
import { ENDED_WINDOWS_KEPT_MS, LONGEST_WINDOW_MS } from '#server/platform/rate-limit.ts';
import { rateLimits } from '#server/platform/rate-limit.tables.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const quiet = { error: () => undefined };
const ago = (ms: number) => new Date(t.clock.now().getTime() - ms);
const later = (ms: number) => new Date(t.clock.now().getTime() + ms);

/** A worker of its own on the test's database, as another server instance would run. */
const worker = () => createJobs({ db: t.database.db, clock: t.clock, log: quiet });

async function jobRows(ids: string[]) {
  return t.database.db.select().from(jobs).where(inArray(jobs.id, ids));
}

describe('the job queue', () => {
  it('runs each job once when two workers poll the same database at the same moment', async () => {
    const runs: string[] = [];
    const handler: JobHandler = async (payload, { db }) => {
      // A database round trip inside the job lets the two workers interleave.
      await db.execute('select 1');
      runs.push(payload.n as string);
    };
    const [a, b] = [worker(), worker()];
    a.register('count-once', handler);
    b.register('count-once', handler);
    const ids: string[] = [];
    for (let n = 0; n < 30; n++) ids.push(await a.enqueue(t.database.db, 'count-once', { n: String(n) }));

    const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(ranA + ranB).toBe(30);
    expect(runs.toSorted()).toEqual(Array.from({ length: 30 }, (_, n) => String(n)).toSorted());
    const rows = await jobRows(ids);
    expect(rows.every((row) => row.doneAt !== null && row.attempts === 1 && row.failedAt === null)).toBe(true);
    // Nothing runs twice afterwards.
    expect(await Promise.all([a.runDue(), b.runDue()])).toEqual([0, 0]);
    expect(runs).toHaveLength(30);
  });

  it('a job queued inside a transaction that rolls back never exists', async () => {
    const a = worker();
    let ran = 0;
    a.register('rolled-back', async () => {
      ran += 1;
    });
    await t.database.db
      .transaction(async (tx) => {
        await a.enqueue(tx, 'rolled-back', {});
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    expect(await a.runDue()).toBe(0);
    expect(ran).toBe(0);
  });

  it('retries a failing job with growing waits, then marks it failed with the last error', async () => {
    const a = worker();
    let calls = 0;
    a.register('always-fails', async () => {
      calls += 1;
      throw new Error(`boom ${calls}`);
    });
    const id = await a.enqueue(t.database.db, 'always-fails', {}, { maxAttempts: 3 });

    expect(await a.runDue()).toBe(1);
    let [row] = await jobRows([id]);
    expect(row).toMatchObject({ attempts: 1, failedAt: null, doneAt: null, lockedUntil: null, runAt: later(backoffAfter(1)) });
    expect(row!.lastError).toContain('boom 1');
    expect(backoffAfter(1)).toBe(JOB_DEFAULTS.backoffMs);

    // Not before its time.
    t.clock.advance(backoffAfter(1) - SECOND);
    expect(await a.runDue()).toBe(0);
    t.clock.advance(SECOND);
    expect(await a.runDue()).toBe(1);
    [row] = await jobRows([id]);
    expect(row).toMatchObject({ attempts: 2, failedAt: null, runAt: later(backoffAfter(2)) });
    expect(backoffAfter(2)).toBe(2 * backoffAfter(1));

    t.clock.advance(backoffAfter(2));
    expect(await a.runDue()).toBe(1);
    [row] = await jobRows([id]);
    expect(row).toMatchObject({ attempts: 3, failedAt: t.clock.now(), doneAt: null });
    expect(row!.lastError).toContain('boom 3');

    // A failed job stays failed.
    t.clock.advance(DAY);
    expect(await a.runDue()).toBe(0);
    expect(calls).toBe(3);
  });

  it('a job that fails once and then succeeds is done', async () => {
    const a = worker();
    let calls = 0;
    a.register('flaky', async () => {
      calls += 1;
      if (calls === 1) throw new Error('not yet');
    });
    const id = await a.enqueue(t.database.db, 'flaky', {});
    await a.runDue();
    t.clock.advance(backoffAfter(1));
    await a.runDue();
    const [row] = await jobRows([id]);
    expect(row).toMatchObject({ attempts: 2, doneAt: t.clock.now(), failedAt: null });
  });

  it("a crashed worker's job is hidden until its lock passes, then runs elsewhere", async () => {
    const survivor = worker();
    let ran = 0;
    survivor.register('orphaned', async () => {
      ran += 1;
    });
    const id = await survivor.enqueue(t.database.db, 'orphaned', {});
    // Another instance claims it and dies before finishing.
    const claimed = await claimDue(t.database.db, ['orphaned'], t.clock.now(), { lockMs: JOB_DEFAULTS.lockMs, limit: 10 });
    expect(claimed.map((job) => job.id)).toEqual([id]);

    expect(await survivor.runDue()).toBe(0);
    t.clock.advance(JOB_DEFAULTS.lockMs - SECOND);
    expect(await survivor.runDue()).toBe(0);
    t.clock.advance(SECOND);
    expect(await survivor.runDue()).toBe(1);
    expect(ran).toBe(1);
    const [row] = await jobRows([id]);
    expect(row).toMatchObject({ attempts: 2, doneAt: t.clock.now() });
  });
});

describe('recurring jobs', () => {
  it('run once per period however many workers ask at once', async () => {
    let runs = 0;
    const tick: JobHandler = async () => {
      runs += 1;
    };
    const [a, b] = [worker(), worker()];
    a.every('tick', MINUTE, tick);
    b.every('tick', MINUTE, tick);

    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toBe(1);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toBe(1);

    t.clock.advance(MINUTE - SECOND);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toBe(1);
    t.clock.advance(SECOND);
    await Promise.all([a.runDue(), b.runDue(), a.runDue()]);
    expect(runs).toBe(2);

    // A worker that starts later keeps the shared schedule.
    const c = worker();
    c.every('tick', MINUTE, tick);
    await c.runDue();
    expect(runs).toBe(2);
  });

  /**
   * A started worker whose recurring sweep has run once and is due again by the clock; `wakeForJob`
   * queues a job, wakes the worker as a write does and waits for the job to run.
   */
  async function sweepingWorker(name: string, pollMs: number) {
    const counted = { sweeps: 0 };
    const a = worker();
    a.every(`${name}-sweep`, MINUTE, async () => {
      counted.sweeps += 1;
    });
    let ran = () => {};
    a.register(`${name}-job`, async () => ran());
    a.start(pollMs);
    await vi.waitFor(() => expect(counted.sweeps).toBe(1));
    t.clock.advance(MINUTE);
    const wakeForJob = async () => {
      const done = new Promise<void>((resolve) => (ran = resolve));
      await a.enqueue(t.database.db, `${name}-job`, {});
      a.wake();
      await done;
    };
    return { counted, wakeForJob, stop: () => a.stop() };
  }

  it("a write's wake runs what it queued without asking the schedules again before the next poll", async () => {
    const { counted, wakeForJob, stop } = await sweepingWorker('woken', HOUR);
    await wakeForJob();
    await stop();
    // Due by the clock, but the poll (an hour) has not come round: the woken round left it.
    expect(counted.sweeps).toBe(1);
  });

  it('writes waking the worker without pause still let the schedules run once a poll', async () => {
    const { counted, wakeForJob, stop } = await sweepingWorker('busy', 20);
    // Each wake replaces the poll's timer: the schedules must be asked by a woken round.
    for (let round = 0; round < 1000 && counted.sweeps < 2; round++) await wakeForJob();
    await stop();
    expect(counted.sweeps).toBe(2);
  });

  it('the poll started by the server runs due work and stops cleanly', async () => {
    const a = worker();
    const ran = new Promise<void>((resolve) => a.register('polled', async () => resolve()));
    await a.enqueue(t.database.db, 'polled', {});
    a.start(10);
    await ran;
    await a.stop();
  });
});

describe('expire-pending-bookings', () => {
  type Member = Awaited<ReturnType<TestApp['verifiedMember']>>;
  let slotCount = 0;

  async function slotOf(host: Member, startsAt: Date) {
    slotCount += 1;
    const [slot] = await t.database.db
      .insert(availabilitySlots)
      .values({
        hostId: host.user._id,
        date: startsAt.toISOString().slice(0, 10),
        startTime: startsAt.toISOString().slice(11, 16),
        endTime: new Date(startsAt.getTime() + HOUR).toISOString().slice(11, 16),
        timeZone: 'UTC',
        ...placeSlot({
          date: startsAt.toISOString().slice(0, 10),
          startTime: startsAt.toISOString().slice(11, 16),
          endTime: new Date(startsAt.getTime() + HOUR).toISOString().slice(11, 16),
          timeZone: 'UTC',
        }),
        startsAt,
        endsAt: new Date(startsAt.getTime() + HOUR),
        dateType: 'coffee',
        venue: `Cafe ${slotCount}`,
        createdAt: t.clock.now(),
      })
      .returning();
    return slot!;
  }

  /** A request as the bookings feature makes it: the booking row and the host's inbox item. */
  async function request(host: Member, guest: Member, startsAt: Date, status: 'pending' | 'confirmed' = 'pending') {
    const slot = await slotOf(host, startsAt);
    return t.database.db.transaction(async (tx) => {
      const [booking] = await tx
        .insert(bookings)
        .values({
          slotId: slot.id,
          hostId: host.user._id,
          guestId: guest.user._id,
          status,
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
          requestMessage: 'Coffee?',
          proposedVenue: { name: slot.venue, address: '', type: 'cafe', priceRange: '$$' },
          createdAt: t.clock.now(),
          updatedAt: t.clock.now(),
        })
        .returning();
      await createNotification(tx, {
        userId: host.user._id,
        senderId: guest.user._id,
        type: 'booking_request',
        title: 'New booking request',
        message: 'Someone would like to meet',
        data: { profileId: guest.user._id, bookingId: booking!.id, date: slot.date, proposedTime: slot.startTime, venue: slot.venue },
        createdAt: t.clock.now(),
      });
      return booking!;
    });
  }

  const statusOf = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!.status;
  const inbox = async (member: Member) => (await t.call('GET', notificationsPaths.list, { token: member.token })).body.notifications;

  it('auto-cancels requests still pending when their time comes; the guest is told and the host sees it', async () => {
    const host = await t.verifiedMember({ name: 'Hana' });
    const [early, late, dated] = await Promise.all([t.verifiedMember(), t.verifiedMember(), t.verifiedMember()]);
    const soon = await request(host, early, later(30 * MINUTE));
    const tomorrow = await request(host, late, later(DAY));
    const confirmed = await request(host, dated, later(2 * HOUR), 'confirmed');

    await t.app.jobs.runDue();
    expect(await statusOf(soon.id)).toBe('pending');

    t.clock.advance(30 * MINUTE);
    await t.app.jobs.runDue();
    expect(await statusOf(soon.id)).toBe('auto_cancelled');
    expect(await statusOf(tomorrow.id)).toBe('pending');

    const [told] = await inbox(early);
    expect(told).toMatchObject({
      type: 'booking_update',
      title: 'Booking request expired',
      isRead: false,
      sender: { _id: host.user._id, profile: { name: 'Hana' } },
      data: { bookingId: soon.id, profileId: host.user._id },
    });
    expect(told.message).toMatch(/^Your request expired/);
    expect(await inbox(late)).toEqual([]);

    const hostItems = await inbox(host);
    const statusByBooking = Object.fromEntries(hostItems.map((n: { data: { bookingId: string }; status: string | null }) => [n.data.bookingId, n.status]));
    expect(statusByBooking).toEqual({ [soon.id]: 'auto_cancelled', [tomorrow.id]: null, [confirmed.id]: null });

    // Later runs find nothing new to say.
    t.clock.advance(MINUTE);
    await t.app.jobs.runDue();
    expect(await inbox(early)).toHaveLength(1);

    // A confirmed date is not a request: it never expires this way.
    t.clock.advance(DAY);
    await t.app.jobs.runDue();
    expect(await statusOf(tomorrow.id)).toBe('auto_cancelled');
    expect(await statusOf(confirmed.id)).toBe('confirmed');
    expect(await inbox(late)).toHaveLength(1);
  });
});

describe('prune', () => {
  it('removes exactly the old sessions, spent e-mail links, ended rate-limit windows and finished jobs', async () => {
    const member = await t.verifiedMember();
    const userId = member.user._id;
    const db = t.database.db;
    // The hourly prune may already have run in this file: make it due now.
    t.clock.advance(HOUR);
    const hash = () => randomBytes(16).toString('hex');
    const WEEK = 7 * DAY;

    const session = (values: { expiresAt: Date; revokedAt?: Date }) => ({ userId, tokenHash: hash(), createdAt: ago(30 * DAY), ...values });
    const sessionRows = await db
      .insert(sessions)
      .values([
        session({ expiresAt: ago(WEEK + SECOND) }),
        session({ expiresAt: later(DAY), revokedAt: ago(WEEK + SECOND) }),
        session({ expiresAt: ago(WEEK - SECOND) }),
        session({ expiresAt: later(DAY), revokedAt: ago(WEEK - SECOND) }),
        session({ expiresAt: later(DAY) }),
      ])
      .returning({ id: sessions.id });

    const token = (values: { expiresAt: Date; usedAt?: Date }) => ({ userId, purpose: 'reset_password' as const, tokenHash: hash(), createdAt: ago(HOUR), ...values });
    const tokenRows = await db
      .insert(emailTokens)
      .values([token({ expiresAt: later(HOUR), usedAt: ago(MINUTE) }), token({ expiresAt: ago(SECOND) }), token({ expiresAt: later(HOUR) })])
      .returning({ id: emailTokens.id });

    const ended = LONGEST_WINDOW_MS + ENDED_WINDOWS_KEPT_MS;
    await db.insert(rateLimits).values([
      { key: 'prune-test:old', windowStart: ago(ended + SECOND), count: 3 },
      { key: 'prune-test:recent', windowStart: ago(ended - SECOND), count: 3 },
    ]);

    const job = (values: Partial<typeof jobs.$inferInsert>) => ({ kind: 'prune-test', runAt: ago(30 * DAY), createdAt: ago(30 * DAY), ...values });
    const jobIds = (
      await db
        .insert(jobs)
        .values([
          job({ doneAt: ago(WEEK + SECOND) }),
          job({ failedAt: ago(WEEK + SECOND) }),
          job({ doneAt: ago(WEEK - SECOND) }),
          job({ failedAt: ago(WEEK - SECOND) }),
          // Waiting for a worker that knows its kind: never pruned however old.
          job({}),
        ])
        .returning({ id: jobs.id })
    ).map((row) => row.id);

    await t.app.jobs.runDue();

    const keptSessions = await db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, sessionRows.map((row) => row.id)));
    expect(keptSessions.map((row) => row.id).toSorted()).toEqual(sessionRows.slice(2).map((row) => row.id).toSorted());
    const keptTokens = await db.select({ id: emailTokens.id }).from(emailTokens).where(inArray(emailTokens.id, tokenRows.map((row) => row.id)));
    expect(keptTokens.map((row) => row.id)).toEqual([tokenRows[2]!.id]);
    const keptLimits = await db.select({ key: rateLimits.key }).from(rateLimits).where(inArray(rateLimits.key, ['prune-test:old', 'prune-test:recent']));
    expect(keptLimits.map((row) => row.key)).toEqual(['prune-test:recent']);
    const keptJobs = await db.select({ id: jobs.id }).from(jobs).where(inArray(jobs.id, jobIds));
    expect(keptJobs.map((row) => row.id).toSorted()).toEqual(jobIds.slice(2).toSorted());

    // The member's own live session still works.
    expect((await t.call('GET', '/auth/me', { token: member.token })).status).toBe(200);
  });
});
