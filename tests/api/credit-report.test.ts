import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordScoreEvent } from '#server/score/score.service.ts';
import { HOUR_MS } from '#shared/domain/booking.ts';
import { bookableMember, confirmedBooking } from '#tests/support/bookings.ts';
import { createMember } from '#tests/support/members.ts';
import { listenToAnnouncements } from '#tests/support/realtime.ts';
import { createSlot } from '#tests/support/slots.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const report = (token?: string) => t.call('GET', '/users/credit-report', { token });
const ALL_TIERS = { excellent: { min: 750 }, good: { min: 650 }, fair: { min: 550 }, poor: { min: 300 } };
const emptyBreakdown = {
  'Profile Enhancement': { count: 0, total: 0 },
  'Date Completion': { count: 0, total: 0 },
  'Booking Activity': { count: 0, total: 0 },
  'Missed Dates': { count: 0, total: 0 },
  Cancellations: { count: 0, total: 0 },
};

describe('GET /users/credit-report', () => {
  it('reports a new member: grade, next tier, all tiers, summary, breakdown and history', async () => {
    const vera = await createMember(t, { name: 'Vera', city: 'Vancouver' });
    const answer = await report(vera.token);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      currentScore: 675,
      grade: 'good',
      gradeDescription: expect.any(String),
      nextTier: 'excellent',
      pointsToNextTier: 75,
      allTiers: ALL_TIERS,
      summary: { positiveEntries: 1, negativeEntries: 0, totalPointsEarned: 25, totalPointsLost: 0 },
      scoreBreakdown: { ...emptyBreakdown, 'Profile Enhancement': { count: 1, total: 25 } },
      history: [{ category: 'Profile Enhancement', date: t.clock.now().toISOString(), points: 25, description: 'Email verified' }],
    });
  });

  it('follows real dates: completion, five-star review, no-show and cancellation, newest first', async () => {
    const host = await bookableMember(t, { name: 'Hana' });
    const guest = await bookableMember(t, { name: 'Gabe' });
    const other = await bookableMember(t, { name: 'Otto' });
    const kept = await confirmedBooking(t, host, guest, await createSlot(t, host, { startsInHours: 1, durationHours: 0.5 }));
    const missed = await confirmedBooking(t, host, other, await createSlot(t, host, { startsInHours: 2, durationHours: 0.5 }));
    const cancelled = await confirmedBooking(t, host, guest, await createSlot(t, host, { startsInHours: 30 }));
    t.clock.advance(1000);
    expect((await t.call('POST', `/bookings/${cancelled}/cancel`, { token: host.token, body: { customReason: 'Travel' } })).status).toBe(200);
    t.clock.advance(5 * HOUR_MS);
    await t.call('POST', `/bookings/${kept}/complete`, { token: guest.token, body: { rating: 5 } });
    t.clock.advance(1000);
    await t.call('POST', `/bookings/${missed}/no-show`, { token: other.token, body: { noShowUserId: host.id, reason: 'Never came' } });

    const answer = (await report(host.token)).body;
    expect(answer).toMatchObject({
      currentScore: 675 - 5 + 10 - 100,
      grade: 'fair',
      nextTier: 'good',
      pointsToNextTier: 650 - 580,
      summary: { positiveEntries: 2, negativeEntries: 2, totalPointsEarned: 35, totalPointsLost: 105 },
      scoreBreakdown: {
        'Profile Enhancement': { count: 1, total: 25 },
        'Date Completion': { count: 1, total: 10 },
        'Missed Dates': { count: 1, total: -100 },
        Cancellations: { count: 1, total: -5 },
        'Booking Activity': { count: 0, total: 0 },
      },
    });
    expect(answer.history.map((h: { category: string; points: number }) => [h.category, h.points])).toEqual([
      ['Missed Dates', -100],
      ['Date Completion', 10],
      ['Cancellations', -5],
      ['Profile Enhancement', 25],
    ]);
    expect(answer.history[0]).toMatchObject({ description: 'Reported as a no-show', date: t.clock.now().toISOString() });
  });

  it('shows the latest 10 entries while the summary covers the whole ledger; the top grade has no next tier', async () => {
    const ace = await createMember(t, { name: 'Ace', city: 'Vancouver' });
    for (let i = 0; i < 12; i += 1) {
      t.clock.advance(1000);
      await t.database.db.transaction((tx) =>
        recordScoreEvent(tx, { userId: ace.id, category: 'Booking Activity', points: 10, description: `Entry ${i}`, at: t.clock.now() }),
      );
    }
    const answer = (await report(ace.token)).body;
    expect(answer).toMatchObject({
      currentScore: 795,
      grade: 'excellent',
      nextTier: null,
      pointsToNextTier: 0,
      summary: { positiveEntries: 13, negativeEntries: 0, totalPointsEarned: 145, totalPointsLost: 0 },
      scoreBreakdown: { 'Booking Activity': { count: 12, total: 120 } },
    });
    expect(answer.history).toHaveLength(10);
    expect(answer.history.map((h: { description: string }) => h.description)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Entry ${11 - i}`),
    );
  });

  it('a poor score points at fair; a member with an unverified e-mail may read their report; no session is 401', async () => {
    const low = await createMember(t, { name: 'Lowe', city: 'Vancouver', verified: false });
    await t.database.db.transaction((tx) =>
      recordScoreEvent(tx, { userId: low.id, category: 'Missed Dates', points: -200, description: 'Missed', at: t.clock.now() }),
    );
    expect((await report(low.token)).body).toMatchObject({ currentScore: 450, grade: 'poor', nextTier: 'fair', pointsToNextTier: 100 });
    expect((await report()).status).toBe(401);
  });
});

describe('scoreUpdate on a first photo', () => {
  it('is announced to the member once the upload committed', async () => {
    const pia = await createMember(t, { name: 'Pia', city: 'Vancouver' });
    const listener = await listenToAnnouncements(t.database);
    try {
      const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2980b9' } }).jpeg().toBuffer();
      expect((await t.upload(pia.token, [{ name: 'me.jpg', bytes, type: 'image/jpeg' }])).status).toBe(201);
      const first = [{ to: [pia.id], type: 'scoreUpdate', oldScore: 675, newScore: 685, change: 10, reason: 'Added a profile photo' }];
      await expect.poll(() => listener.of('scoreUpdate')).toEqual(first);
      // The second photo earns nothing, so nothing is announced (the fence arrives after anything it would have sent).
      expect((await t.upload(pia.token, [{ name: 'again.jpg', bytes, type: 'image/jpeg' }])).status).toBe(201);
      await listener.fence();
      expect(listener.of('scoreUpdate')).toEqual(first);
    } finally {
      await listener.stop();
    }
  });
});
