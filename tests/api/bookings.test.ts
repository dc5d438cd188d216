import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilitySlots } from '#server/availability/availability.tables.ts';
import { bookings, dateCommitments } from '#server/bookings/bookings.tables.ts';
import { notifications } from '#server/notifications/notifications.tables.ts';
import { rowsOf } from '#server/platform/db/rows.ts';
import { jobs } from '#server/platform/jobs/jobs.tables.ts';
import type { Announcement } from '#server/platform/realtime/announce.ts';
import { photos } from '#server/profiles/profiles.tables.ts';
import { PUSH_JOB } from '#server/push/push.service.ts';
import { pushSubscriptions } from '#server/push/push.tables.ts';
import { scoreEvents } from '#server/score/score.tables.ts';
import { MyBookingsResponseSchema } from '#shared/api/bookings.ts';
import { HOUR_MS } from '#shared/domain/booking.ts';
import { slotStart, slotTimes } from '#shared/domain/slot-when.ts';
import { bookableMember, confirmedBooking, requestBody, requestSlot } from '#tests/support/bookings.ts';
import { createMember, updateMember, type TestMember } from '#tests/support/members.ts';
import { listenToAnnouncements } from '#tests/support/realtime.ts';
import { createSlot } from '#tests/support/slots.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

let named = 0;
const member = (name = 'Member') => bookableMember(t, { name: `${name} ${(named += 1)}` });
const request = (guest: TestMember, body: unknown) => t.call('POST', '/bookings/request', { token: guest.token, body });
const respond = (who: TestMember, id: string, body: unknown) => t.call('POST', `/bookings/${id}/respond`, { token: who.token, body });
const cancel = (who: TestMember, id: string, customReason = 'Something came up') =>
  t.call('POST', `/bookings/${id}/cancel`, { token: who.token, body: { reason: 'other', customReason } });
const complete = (who: TestMember, id: string, body: Record<string, unknown> = {}) =>
  t.call('POST', `/bookings/${id}/complete`, { token: who.token, body: { rating: 5, comment: 'Lovely', wouldMeetAgain: true, ...body } });
const noShow = (who: TestMember, id: string, noShowUserId: string, reason = 'Never came') =>
  t.call('POST', `/bookings/${id}/no-show`, { token: who.token, body: { noShowUserId, reason } });
const getBooking = (who: TestMember, id: string) => t.call('GET', `/bookings/${id}`, { token: who.token });
const scoreOf = async (who: TestMember) => (await t.call('GET', '/auth/me', { token: who.token })).body.user.reliabilityScore.current as number;
const ledgerOf = (who: TestMember) => t.database.db.select().from(scoreEvents).where(eq(scoreEvents.userId, who.id));
const inboxOf = (who: TestMember) => t.database.db.select().from(notifications).where(eq(notifications.userId, who.id));
const bookingRow = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const slotRow = async (id: string) => (await t.database.db.select().from(availabilitySlots).where(eq(availabilitySlots.id, id)))[0]!;
const commitmentsOf = (bookingId: string) => t.database.db.select().from(dateCommitments).where(eq(dateCommitments.bookingId, bookingId));

describe('POST /bookings/request: one statement decides and writes everything (decision 55)', () => {
  const jobsOf = (hostId: string) =>
    t.database.db.select().from(jobs).where(and(eq(jobs.kind, PUSH_JOB), sql`${jobs.payload} ->> 'subscriptionId' in (select id::text from push_subscriptions where user_id = ${hostId})`));
  const addDevice = (who: TestMember) =>
    t.database.db.insert(pushSubscriptions).values({ userId: who.id, endpoint: `https://push.invalid/${randomUUID()}`, p256dh: 'key', auth: 'auth', createdAt: t.clock.now(), updatedAt: t.clock.now() });

  it('a request writes the booking, the host’s item, its push and both announcements; a refused one writes none of them', async () => {
    const host = await member('Hazel');
    const guest = await member('Gil');
    const other = await member('Other');
    await addDevice(host);
    const listener = await listenToAnnouncements(t.database);
    try {
      const started = await createSlot(t, host, { startsInHours: -0.5 });
      const removed = await createSlot(t, host, { startsInHours: 40 });
      await t.database.db.update(availabilitySlots).set({ removedAt: t.clock.now(), removalReason: 'User removed slot' }).where(eq(availabilitySlots.id, removed));
      const full = await createSlot(t, host, { startsInHours: 60 });
      await confirmedBooking(t, host, other, full);
      const own = await createSlot(t, guest, { startsInHours: 50 });
      const noPhotos = await member('NoPhotos');
      await t.database.db.delete(photos).where(eq(photos.userId, noPhotos.id));
      const open = await createSlot(t, host, { startsInHours: 30, venue: 'Revolver Coffee' });
      await listener.fence();
      const before = { announcements: listener.announcements.length, items: (await inboxOf(host)).length, jobs: (await jobsOf(host.id)).length };

      const refused = [
        await request(guest, requestBody(started)),
        await request(guest, requestBody(removed)),
        await request(guest, requestBody(full)),
        await request(guest, requestBody(own)),
        await request(noPhotos, requestBody(open)),
      ];
      expect(refused.map((a) => a.status)).toEqual([400, 404, 409, 400, 400]);
      expect(refused[4]!.body.missing).toEqual(['photos']);

      const made = await request(guest, requestBody(open, { proposedVenue: { name: 'Café Artigiano' } }));
      expect(made.status).toBe(201);
      const repeated = await request(guest, requestBody(open));
      expect([repeated.status, repeated.body.error]).toEqual([409, 'You already have a pending booking with this user']);
      await listener.fence();

      const bookingId = made.body.booking._id as string;
      const rows = await t.database.db.select().from(bookings).where(eq(bookings.guestId, guest.id));
      expect(rows.map((row) => row.id)).toEqual([bookingId]);
      const items = (await inboxOf(host)).slice(before.items);
      expect(items).toHaveLength(1);
      const slot = await slotRow(open);
      // The statement writes the start in SQL as slotStart does in every other text: "Fri, Nov 27 at 10:00 MST".
      const text = `${guest.name} would like to meet you on ${slotStart(slot)}.`;
      expect(text).toMatch(/ on (Sun|Mon|Tue|Wed|Thu|Fri|Sat), [A-Z][a-z]{2} \d{1,2} at \d{2}:\d{2} MST\.$/);
      expect(items[0]).toMatchObject({ type: 'booking_request', senderId: guest.id, title: 'New booking request', message: text, status: null, isRead: false });
      const pushes = (await jobsOf(host.id)).slice(before.jobs);
      expect(pushes.map((job) => (job.payload as { message: unknown }).message)).toEqual([
        {
          type: 'booking_request',
          title: 'New booking request',
          body: `${text} Venue: Café Artigiano.`,
          url: '/notifications',
          tag: `booking-request-${bookingId}`,
          bookingId,
          actions: [
            { action: 'accept', title: 'Accept' },
            { action: 'decline', title: 'Decline' },
          ],
        },
      ]);
      expect(listener.announcements.slice(before.announcements).filter((a) => !('notificationType' in a.event && a.event.notificationType === 'fence'))).toEqual([
        { to: [host.id, guest.id], event: { type: 'bookingChanged', bookingId, status: 'pending' } },
        { to: [host.id], event: { type: 'notification', notificationId: items[0]!.id, notificationType: 'booking_request' } },
      ]);
    } finally {
      await listener.stop();
    }
  });

  /** Until `condition` holds (checked every 10 ms, for at most 10 s). */
  async function waitUntilAsync(condition: () => Promise<boolean>) {
    const until = Date.now() + 10_000;
    while (!(await condition())) {
      if (Date.now() > until) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /**
   * Holds the slot locked as a removal or a confirmation does, changes it, sends the request, and
   * commits once the request waits for the lock (on PostgreSQL; PGlite runs one transaction at a
   * time, so the request simply runs after the commit).
   */
  async function requestWhileSlotChanges(guest: TestMember, slotId: string, change: Partial<typeof availabilitySlots.$inferInsert>) {
    let answer: ReturnType<typeof request> | undefined;
    await t.database.db.transaction(async (tx) => {
      await tx.select().from(availabilitySlots).where(eq(availabilitySlots.id, slotId)).for('update');
      await tx.update(availabilitySlots).set(change).where(eq(availabilitySlots.id, slotId));
      answer = request(guest, requestBody(slotId));
      if (t.database.kind === 'postgres') {
        await waitUntilAsync(async () => rowsOf(await t.database.db.execute(sql`select 1 from pg_locks where not granted`)).length > 0);
      }
    });
    return answer!;
  }

  it('a request that waits for a slot being removed meanwhile answers 404 and writes nothing', async () => {
    const host = await member('Host');
    const guest = await member('Guest');
    const slotId = await createSlot(t, host, { startsInHours: 30 });
    const answer = await requestWhileSlotChanges(guest, slotId, { removedAt: t.clock.now(), removalReason: 'User removed slot' });
    expect([answer.status, answer.body.error]).toEqual([404, 'Availability slot no longer exists']);
    expect(await t.database.db.select().from(bookings).where(eq(bookings.slotId, slotId))).toEqual([]);
    expect((await inboxOf(host)).filter((n) => n.type === 'booking_request')).toEqual([]);
  });

  it('a request that waits for a slot filling meanwhile answers 409 and writes nothing', async () => {
    const host = await member('Host');
    const guest = await member('Guest');
    const slotId = await createSlot(t, host, { startsInHours: 30 });
    const answer = await requestWhileSlotChanges(guest, slotId, { confirmedCount: 1 });
    expect([answer.status, answer.body.error]).toEqual([409, 'This slot is fully booked']);
    expect(await t.database.db.select().from(bookings).where(eq(bookings.slotId, slotId))).toEqual([]);
    expect((await inboxOf(host)).filter((n) => n.type === 'booking_request')).toEqual([]);
  });
});

describe('POST /bookings/request', () => {
  it('creates a pending request with the slot’s times, and tells the host in the same change', async () => {
    const host = await member('Hannah');
    const guest = await member('Gus');
    const slotId = await createSlot(t, host, { startsInHours: 30, durationHours: 2, venue: 'Revolver Coffee' });
    const answer = await request(guest, requestBody(slotId, { requestMessage: '  Coffee and a walk?  ' }));
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe('Booking request sent!');
    const booking = answer.body.booking;
    const slot = await slotRow(slotId);
    expect(booking).toMatchObject({
      status: 'pending',
      userRole: 'guest',
      otherParty: { _id: host.id, profile: { name: host.name } },
      availability: { _id: slotId, venue: 'Revolver Coffee', timeZone: 'America/Vancouver', isBooked: false, maxBookings: 1 },
      proposedDateTime: slot.startsAt.toISOString(),
      proposedVenue: { name: 'Café Artigiano', address: '763 Hornby St', type: 'cafe', priceRange: '$$' },
      confirmedDetails: null,
      requestMessage: 'Coffee and a walk?',
      paymentResponsibility: { paidBy: 'guest' },
      canCancel: false,
      hoursUntilDate: 30,
    });
    const row = await bookingRow(booking._id);
    expect([row.startsAt.toISOString(), row.endsAt.toISOString()]).toEqual([slot.startsAt.toISOString(), slot.endsAt.toISOString()]);

    const [notice] = (await inboxOf(host)).filter((n) => n.type === 'booking_request');
    expect(notice).toMatchObject({
      senderId: guest.id,
      isRead: false,
      status: null,
      data: {
        profileId: guest.id,
        bookingId: booking._id,
        date: slot.date,
        // Written in SQL as slotTimes writes it: "10:00–11:30 MST".
        proposedTime: slotTimes(slot),
        venue: 'Café Artigiano',
        requestMessage: 'Coffee and a walk?',
      },
    });

    const hostView = await t.call('GET', '/bookings/my-bookings', { token: host.token });
    expect(hostView.body.bookings.map((b: { _id: string; userRole: string }) => [b._id, b.userRole])).toEqual([[booking._id, 'host']]);
  });

  it('refuses members who may not book: inactive, banned, unverified or under the minimum score (403)', async () => {
    const host = await member('Host');
    const slotId = await createSlot(t, host, { startsInHours: 40 });
    const suspended = await member('Suspended');
    await updateMember(t, suspended.id, { accountStatus: 'suspended' });
    const lowScore = await member('Low');
    await updateMember(t, lowScore.id, { score: 299 });
    const banned = await member('Banned');
    await updateMember(t, banned.id, { isBanned: true });
    const unverified = await createMember(t, { name: 'Unverified', city: 'Vancouver', verified: false });
    for (const who of [suspended, lowScore]) {
      const answer = await request(who, requestBody(slotId));
      expect(answer.status, who.name).toBe(403);
      expect(answer.body.error).toBe('You are not eligible to book this slot');
    }
    for (const who of [banned, unverified]) expect((await request(who, requestBody(slotId))).status, who.name).toBe(403);
    expect(await t.database.db.select().from(bookings).where(eq(bookings.slotId, slotId))).toEqual([]);
  });

  it('names what an incomplete profile is missing (400 Profile incomplete), couples included', async () => {
    const host = await member('Host');
    const slotId = await createSlot(t, host, { startsInHours: 40 });
    const bare = await createMember(t, { name: 'Bare', city: 'Vancouver' });
    const answer = await request(bare, requestBody(slotId));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('Profile incomplete');
    expect(answer.body.missing).toEqual(['photos', 'interests', 'bio']);
    expect(answer.body.fields.map((f: { field: string }) => f.field)).toEqual(['photos', 'interests', 'bio']);

    const couple = await bookableMember(t, { name: 'Cora', couple: { partnerName: 'Cal', partnerAge: 33, partnerGender: 'male' } });
    await updateMember(t, couple.id, { relationshipType: null, partnerAge: null });
    const coupleAnswer = await request(couple, requestBody(slotId));
    expect(coupleAnswer.status).toBe(400);
    expect(coupleAnswer.body.missing).toEqual(['partner_age', 'relationship_type']);
  });

  it('answers 404 for an unknown, malformed or removed slot and for a host the guest cannot see', async () => {
    const guest = await member('Guest');
    const host = await member('Host');
    const removed = await createSlot(t, host, { startsInHours: 40 });
    await t.database.db.update(availabilitySlots).set({ removedAt: t.clock.now(), removalReason: 'User removed slot' }).where(eq(availabilitySlots.id, removed));
    const picky = await member('Picky');
    await updateMember(t, picky.id, { prefGenders: ['male'], prefAgeMin: 18, prefAgeMax: 80, prefAccountTypes: ['individual', 'couple'], prefDateTypes: ['coffee'], prefDistanceKm: 100 });
    const pickySlot = await createSlot(t, picky, { startsInHours: 40 });
    const bannedHost = await member('BannedHost');
    const bannedSlot = await createSlot(t, bannedHost, { startsInHours: 40 });
    await updateMember(t, bannedHost.id, { isBanned: true });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', removed, pickySlot, bannedSlot]) {
      const answer = await request(guest, requestBody(id));
      expect(answer.status, id).toBe(404);
      expect(answer.body.error).toBe('Availability slot no longer exists');
    }
  });

  it('refuses one’s own slot (400), a slot that started (400), a full slot (409), and a second pending request to one host (409)', async () => {
    const host = await member('Host');
    const guest = await member('Guest');
    const other = await member('Other');
    const own = await request(host, requestBody(await createSlot(t, host, { startsInHours: 50 })));
    expect([own.status, own.body.error]).toEqual([400, 'You cannot book your own slot']);

    const started = await request(guest, requestBody(await createSlot(t, host, { startsInHours: -0.5 })));
    expect([started.status, started.body.error]).toEqual([400, 'This time has already passed']);

    const fullSlot = await createSlot(t, host, { startsInHours: 60 });
    await confirmedBooking(t, host, other, fullSlot);
    const full = await request(guest, requestBody(fullSlot));
    expect([full.status, full.body.error]).toEqual([409, 'This slot is fully booked']);

    const first = await createSlot(t, host, { startsInHours: 70 });
    const second = await createSlot(t, host, { startsInHours: 80 });
    expect((await request(guest, requestBody(first))).status).toBe(201);
    const again = await request(guest, requestBody(second));
    expect([again.status, again.body.error]).toEqual([409, 'You already have a pending booking with this user']);
  });

  it('checks the payload: message, venue and the payment agreement (400 with fields)', async () => {
    const host = await member('Host');
    const guest = await member('Guest');
    const slotId = await createSlot(t, host, { startsInHours: 40 });
    const blank = await request(guest, requestBody(slotId, { requestMessage: '   ' }));
    expect(blank.status).toBe(400);
    expect(blank.body.fields).toContainEqual({ field: 'requestMessage', message: 'Message is required' });
    const long = await request(guest, requestBody(slotId, { requestMessage: 'x'.repeat(501) }));
    expect(long.status).toBe(400);
    const unpaid = await request(guest, requestBody(slotId, { paymentResponsibility: { paidBy: 'host' } }));
    expect(unpaid.status).toBe(400);
    expect(unpaid.body.error).toBe('You must agree to pay for the date');
    expect(await t.database.db.select().from(bookings).where(eq(bookings.slotId, slotId))).toEqual([]);
  });
});

describe('POST /bookings/:id/respond', () => {
  it('declines with a message: the guest is told, the host’s request item is settled; a second answer is 409', async () => {
    const host = await member('Host');
    const guest = await member('Guest');
    const id = await requestSlot(t, guest, await createSlot(t, host, { startsInHours: 30 }));
    const noMessage = await respond(host, id, { action: 'decline', responseMessage: '  ' });
    expect(noMessage.status).toBe(400);
    expect(noMessage.body.fields).toContainEqual({ field: 'responseMessage', message: 'A message is required to decline' });

    const declined = await respond(host, id, { action: 'decline', responseMessage: "Thanks for asking! I've already made plans." });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ message: 'Booking declined', booking: { status: 'declined', userRole: 'host', responseMessage: "Thanks for asking! I've already made plans." } });
    const [request] = (await inboxOf(host)).filter((n) => n.type === 'booking_request');
    expect(request).toMatchObject({ status: 'declined', isRead: true });
    const [update] = await inboxOf(guest);
    expect(update).toMatchObject({ type: 'booking_update', senderId: host.id, data: { bookingId: id } });

    const again = await respond(host, id, { action: 'confirm' });
    expect([again.status, again.body.error]).toEqual([409, 'This request has already been answered']);
  });

  it('confirms: both calendars hold the time, the slot counts it, the guest is told', async () => {
    const host = await member('Host');
    const guest = await member('Guest');
    const slotId = await createSlot(t, host, { startsInHours: 30 });
    const id = await requestSlot(t, guest, slotId);
    const confirmed = await respond(host, id, { action: 'confirm' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toBe('Booking confirmed!');
    const slot = await slotRow(slotId);
    expect(confirmed.body.booking).toMatchObject({
      status: 'confirmed',
      confirmedDetails: { dateTime: slot.startsAt.toISOString(), venue: { name: 'Café Artigiano' } },
      availability: { isBooked: true },
      canCancel: true,
    });
    expect(slot.confirmedCount).toBe(1);
    expect((await commitmentsOf(id)).map((c) => c.userId).sort()).toEqual([host.id, guest.id].sort());
    expect((await inboxOf(host)).find((n) => n.type === 'booking_request')).toMatchObject({ status: 'confirmed', isRead: true });
    expect((await inboxOf(guest)).map((n) => n.title)).toEqual(['Your date is confirmed!']);
  });

  it('only the host answers: the guest gets 403, anyone else or a bad id 404, and nothing changes', async () => {
    const host = await member('Host');
    const guest = await member('Guest');
    const stranger = await member('Stranger');
    const id = await requestSlot(t, guest, await createSlot(t, host, { startsInHours: 30 }));
    const byGuest = await respond(guest, id, { action: 'confirm' });
    expect([byGuest.status, byGuest.body.error]).toEqual([403, 'Only the host can respond to this request']);
    for (const bookingId of [id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const byStranger = await respond(stranger, bookingId, { action: 'decline', responseMessage: 'No' });
      expect([byStranger.status, byStranger.body.error], bookingId).toEqual([404, 'Booking not found']);
    }
    expect((await getBooking(stranger, id)).status).toBe(404);
    expect((await bookingRow(id)).status).toBe('pending');
  });

  it('cannot confirm once the slot has started (409), and declining is still possible', async () => {
    const host = await member('Host');
    const guest = await member('Guest');
    const id = await requestSlot(t, guest, await createSlot(t, host, { startsInHours: 1 }));
    t.clock.advance(1.5 * HOUR_MS);
    const late = await respond(host, id, { action: 'confirm' });
    expect([late.status, late.body.error]).toEqual([409, 'This time has already passed']);
    expect((await bookingRow(id)).status).toBe('pending');
    expect((await respond(host, id, { action: 'decline', responseMessage: 'Too late, sorry' })).status).toBe(200);
  });

  it('cannot confirm on a slot the host removed (409)', async () => {
    const host = await member('Host');
    const guest = await member('Guest');
    const slotId = await createSlot(t, host, { startsInHours: 30 });
    const id = await requestSlot(t, guest, slotId);
    await t.database.db.update(availabilitySlots).set({ removedAt: t.clock.now(), removalReason: 'User removed slot' }).where(eq(availabilitySlots.id, slotId));
    const answer = await respond(host, id, { action: 'confirm' });
    expect([answer.status, answer.body.error]).toEqual([409, 'Availability slot no longer exists']);
    expect(await commitmentsOf(id)).toEqual([]);
  });

  it('when a slot fills up, its other pending requests are declined and their guests told', async () => {
    const host = await member('Host');
    const [a, b, c] = [await member('A'), await member('B'), await member('C')];
    const slotId = await createSlot(t, host, { startsInHours: 30, maxBookings: 2 });
    const [ida, idb, idc] = [await requestSlot(t, a, slotId), await requestSlot(t, b, slotId), await requestSlot(t, c, slotId)];
    expect((await respond(host, ida, { action: 'confirm' })).status).toBe(200);
    expect((await bookingRow(idc)).status).toBe('pending');
    expect((await respond(host, idb, { action: 'confirm' })).status).toBe(200);
    const lost = await bookingRow(idc);
    expect([lost.status, lost.responseMessage]).toEqual(['declined', 'This time has just been booked']);
    expect((await inboxOf(c)).map((n) => [n.type, n.message])).toEqual([['booking_update', 'This time has just been booked']]);
    const hostItems = (await inboxOf(host)).filter((n) => n.type === 'booking_request');
    expect(hostItems.find((n) => n.data.bookingId === idc)).toMatchObject({ status: 'declined', isRead: true });
    const late = await respond(host, idc, { action: 'confirm' });
    expect(late.status).toBe(409);
  });

  it('each answer, and a cancellation, shows the booking exactly as reading it afterwards does', async () => {
    const host = await member('Host');
    const [a, b, c] = [await member('A'), await member('B'), await member('C')];
    const slotId = await createSlot(t, host, { startsInHours: 72, maxBookings: 2 });
    const [ida, idb, idc] = [await requestSlot(t, a, slotId), await requestSlot(t, b, slotId), await requestSlot(t, c, slotId)];
    /** The call's answer, and the booking as its member reads it right after. */
    const answerAndRead = async (who: TestMember, id: string, call: ReturnType<typeof respond>) => {
      const { booking } = (await call).body;
      return [booking, (await getBooking(who, id)).body.booking];
    };
    const steps = [
      await answerAndRead(host, ida, respond(host, ida, { action: 'confirm', responseMessage: 'See you there' })), // one seat of two
      await answerAndRead(host, idc, respond(host, idc, { action: 'decline', responseMessage: 'Another time' })),
      await answerAndRead(host, idb, respond(host, idb, { action: 'confirm' })), // the slot is full
      await answerAndRead(a, ida, cancel(a, ida, 'Plans changed')), // a seat free again
    ];
    for (const [answer, read] of steps) expect(answer).toEqual(read);
    expect(steps.map(([answer]) => [answer.status, answer.availability.isBooked])).toEqual([
      ['confirmed', false],
      ['declined', false],
      ['confirmed', true],
      ['cancelled', false],
    ]);
  });
});

describe('what each change of a booking announces, in its own transaction', () => {
  /** What the booking and inbox screens hear (score changes have their own tests). */
  const toScreens = (announcements: Announcement[]) =>
    announcements.filter((a) => a.event.type === 'bookingChanged' || (a.event.type === 'notification' && a.event.notificationType !== 'fence'));
  const changed = (hostId: string, guestId: string, bookingId: string, status: string) => ({ to: [hostId, guestId], event: { type: 'bookingChanged', bookingId, status } });
  /** The announcement of the member's newest booking update (the only one at its time). */
  const itemOf = async (who: TestMember) => {
    const updates = (await inboxOf(who)).filter((n) => n.type === 'booking_update');
    const newest = Math.max(...updates.map((n) => n.createdAt.getTime()));
    const [last, ...tied] = updates.filter((n) => n.createdAt.getTime() === newest);
    expect(tied).toEqual([]);
    return { to: [who.id], event: { type: 'notification', notificationId: last!.id, notificationType: 'booking_update' } };
  };

  it('a confirm that fills the slot, a decline, a cancel and both reviews: both parties hear the status, each told member their item', async () => {
    const host = await member('Host');
    const [guest, other, late, third] = [await member('Guest'), await member('Other'), await member('Late'), await member('Third')];
    const listener = await listenToAnnouncements(t.database);
    try {
      const slot = await createSlot(t, host, { startsInHours: 72 });
      const [confirmed, crowded] = [await requestSlot(t, guest, slot), await requestSlot(t, other, slot)];
      const declined = await requestSlot(t, late, await createSlot(t, host, { startsInHours: 80 }));
      const reviewed = await confirmedBooking(t, host, third, await createSlot(t, host, { startsInHours: 90 }));
      let seen = 0;
      const announced = async () => {
        await listener.fence();
        const got = toScreens(listener.announcements.slice(seen));
        seen = listener.announcements.length;
        return got;
      };
      await announced();

      expect((await respond(host, confirmed, { action: 'confirm' })).status).toBe(200);
      const onConfirm = await announced();
      expect(onConfirm).toHaveLength(4);
      expect(onConfirm).toEqual(
        expect.arrayContaining([
          changed(host.id, guest.id, confirmed, 'confirmed'),
          await itemOf(guest),
          changed(host.id, other.id, crowded, 'declined'),
          await itemOf(other),
        ]),
      );
      const settled = (id: string) => inboxOf(host).then((items) => items.find((n) => n.type === 'booking_request' && n.data.bookingId === id));
      expect(await settled(confirmed)).toMatchObject({ status: 'confirmed', isRead: true });
      expect(await settled(crowded)).toMatchObject({ status: 'declined', isRead: true });

      expect((await respond(host, declined, { action: 'decline', responseMessage: 'Sorry' })).status).toBe(200);
      expect(await announced()).toEqual([changed(host.id, late.id, declined, 'declined'), await itemOf(late)]);
      expect(await settled(declined)).toMatchObject({ status: 'declined', isRead: true });

      expect((await cancel(guest, confirmed)).status).toBe(200);
      expect(await announced()).toEqual([changed(host.id, guest.id, confirmed, 'cancelled'), await itemOf(host)]);

      t.clock.advance(93 * HOUR_MS);
      expect((await complete(host, reviewed, { rating: 4 })).status).toBe(200);
      expect(await announced()).toEqual([changed(host.id, third.id, reviewed, 'confirmed')]);
      expect((await complete(third, reviewed, { rating: 4 })).status).toBe(200);
      expect(await announced()).toEqual([changed(host.id, third.id, reviewed, 'completed')]);
    } finally {
      await listener.stop();
    }
  });

  it('a no-show report tells the reported member, and both parties hear its status', async () => {
    const host = await member('Host');
    const guest = await member('Guest');
    const bookingId = await confirmedBooking(t, host, guest, await createSlot(t, host, { startsInHours: 30 }));
    const listener = await listenToAnnouncements(t.database);
    try {
      t.clock.advance(33 * HOUR_MS);
      await listener.fence();
      const before = listener.announcements.length;
      expect((await noShow(host, bookingId, guest.id)).status).toBe(200);
      await listener.fence();
      expect(toScreens(listener.announcements.slice(before))).toEqual([changed(host.id, guest.id, bookingId, 'no_show_guest'), await itemOf(guest)]);
    } finally {
      await listener.stop();
    }
  });
});

describe('POST /bookings/:id/cancel', () => {
  it('costs nothing more than 48 h ahead, frees the time and the seat, and tells the other party', async () => {
    const host = await member('Host');
    const guest = await member('Guest');
    const slotId = await createSlot(t, host, { startsInHours: 72 });
    const id = await confirmedBooking(t, host, guest, slotId);
    const before = await getBooking(guest, id);
    expect(before.body.booking).toMatchObject({ canCancel: true, cancellationPenalty: 0, hoursUntilDate: 72 });
    const cancelled = await cancel(guest, id, 'My sister is visiting');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      message: 'Booking cancelled',
      booking: { status: 'cancelled', canCancel: false, cancellation: { cancelledBy: 'guest', reason: 'My sister is visiting', penalty: 0 } },
    });
    expect(await ledgerOf(guest)).toHaveLength(1); // only the e-mail verification entry
    expect(await commitmentsOf(id)).toEqual([]);
    expect((await slotRow(slotId)).confirmedCount).toBe(0);
    expect((await inboxOf(host)).map((n) => [n.title, n.message])).toContainEqual(['Your date was cancelled', 'My sister is visiting']);
    // The seat is free again: another guest can be confirmed on the slot.
    await confirmedBooking(t, host, await member('Next'), slotId);
  });

  it('records the penalty by hours left (−5 under 48 h, −15 under 24 h) in the ledger and the score', async () => {
    const host = await member('Host');
    const guest = await member('Guest');
    const soon = await confirmedBooking(t, host, guest, await createSlot(t, host, { startsInHours: 10 }));
    const later = await confirmedBooking(t, host, await member('Other'), await createSlot(t, host, { startsInHours: 30 }));
    expect((await getBooking(guest, soon)).body.booking.cancellationPenalty).toBe(-15);
    expect((await cancel(guest, soon)).body.booking.cancellation.penalty).toBe(-15);
    expect((await cancel(host, later)).body.booking.cancellation).toMatchObject({ cancelledBy: 'host', penalty: -5 });
    expect(await scoreOf(guest)).toBe(675 - 15);
    expect(await scoreOf(host)).toBe(675 - 5);
    expect((await ledgerOf(guest)).find((e) => e.category === 'Cancellations')).toMatchObject({ points: -15 });
  });

  it('refuses within 4 hours (409), on a pending request (409), after one’s own review (409), and to a third member (404)', async () => {
    const host = await member('Host');
    const guest = await member('Guest');
    const stranger = await member('Stranger');
    const close = await confirmedBooking(t, host, guest, await createSlot(t, host, { startsInHours: 3.5 }));
    expect((await getBooking(guest, close)).body.booking).toMatchObject({ canCancel: false });
    const late = await cancel(guest, close);
    expect([late.status, late.body.error]).toEqual([409, 'Too late to cancel (within 4 hours)']);

    const pending = await requestSlot(t, await member('Pending'), await createSlot(t, host, { startsInHours: 50 }));
    const notConfirmed = await cancel(host, pending);
    expect([notConfirmed.status, notConfirmed.body.error]).toEqual([409, 'Only a confirmed date can be changed this way']);

    const farAway = await confirmedBooking(t, host, await member('Far'), await createSlot(t, host, { startsInHours: 100 }));
    expect((await cancel(stranger, farAway)).status).toBe(404);
    expect((await bookingRow(farAway)).status).toBe('confirmed');

    t.clock.advance(6 * HOUR_MS);
    expect((await complete(guest, close)).status).toBe(200);
    const reviewed = await cancel(guest, close);
    expect([reviewed.status, reviewed.body.error]).toEqual([409, 'You have already reviewed this date']);
  });
});

describe('POST /bookings/:id/complete', () => {
  it('opens 2 hours after the start; +25 to each reviewer, +10 for a five-star review, completed once both reviewed', async () => {
    const host = await member('Host');
    const guest = await member('Guest');
    const slotId = await createSlot(t, host, { startsInHours: 5 });
    const id = await confirmedBooking(t, host, guest, slotId);
    t.clock.advance(6 * HOUR_MS); // one hour after the start
    const early = await complete(host, id);
    expect([early.status, early.body.error]).toEqual([409, 'You can review 2 hours after the date has started']);
    t.clock.advance(HOUR_MS);

    const byHost = await complete(host, id, { rating: 5, comment: 'Great company' });
    expect(byHost.status).toBe(200);
    expect(byHost.body.booking).toMatchObject({ status: 'confirmed', completion: { hostReview: { rating: 5, comment: 'Great company', wouldMeetAgain: true }, guestReview: null } });
    expect(await scoreOf(host)).toBe(675 + 25);
    expect(await scoreOf(guest)).toBe(675 + 10);
    const twice = await complete(host, id);
    expect([twice.status, twice.body.error]).toEqual([409, 'You have already reviewed this date']);

    const byGuest = await complete(guest, id, { rating: 4, comment: 'Nice', wouldMeetAgain: false });
    expect(byGuest.body.booking).toMatchObject({ status: 'completed', completion: { guestReview: { rating: 4, wouldMeetAgain: false } } });
    expect(await scoreOf(guest)).toBe(675 + 10 + 25);
    expect(await scoreOf(host)).toBe(675 + 25);
    expect((await ledgerOf(host)).filter((e) => e.category === 'Date Completion').map((e) => e.points)).toEqual([25]);
    const after = await complete(guest, id);
    expect(after.status).toBe(409);
  });

  it('checks the rating (1 to 5) and who may review', async () => {
    const host = await member('Host');
    const guest = await member('Guest');
    const id = await confirmedBooking(t, host, guest, await createSlot(t, host, { startsInHours: 1 }));
    t.clock.advance(3 * HOUR_MS);
    expect((await complete(guest, id, { rating: 6 })).status).toBe(400);
    expect((await complete(guest, id, { rating: 0 })).status).toBe(400);
    expect((await complete(await member('Stranger'), id)).status).toBe(404);
    expect((await bookingRow(id)).guestReview).toBeNull();
  });
});

describe('POST /bookings/:id/no-show', () => {
  it('reports the other party (−100 to them), or both (−100 each); the report cannot be repeated', async () => {
    const host = await member('Host');
    const guest = await member('Guest');
    const other = await member('Other');
    const first = await confirmedBooking(t, host, guest, await createSlot(t, host, { startsInHours: 1, durationHours: 0.5 }));
    const second = await confirmedBooking(t, host, other, await createSlot(t, host, { startsInHours: 1.6, durationHours: 0.5 }));
    const early = await noShow(host, first, guest.id);
    expect([early.status, early.body.error]).toEqual([409, 'You can review 2 hours after the date has started']);
    t.clock.advance(4 * HOUR_MS);

    expect((await noShow(host, first, host.id)).status).toBe(400);
    expect((await noShow(host, first, 'someone')).status).toBe(400);
    expect((await t.call('POST', `/bookings/${first}/no-show`, { token: host.token, body: { noShowUserId: guest.id, reason: ' ' } })).status).toBe(400);

    const reported = await noShow(host, first, guest.id, 'Waited 40 minutes');
    expect(reported.status).toBe(200);
    expect(reported.body).toMatchObject({ message: 'No-show reported', booking: { status: 'no_show_guest', noShow: { reportedBy: 'host', reason: 'Waited 40 minutes' } } });
    expect(await scoreOf(guest)).toBe(675 - 100);
    expect(await scoreOf(host)).toBe(675);
    expect((await ledgerOf(guest)).find((e) => e.category === 'Missed Dates')).toMatchObject({ points: -100 });
    expect(await commitmentsOf(first)).toHaveLength(2);
    expect((await noShow(guest, first, host.id)).status).toBe(409);

    const both = await noShow(other, second, 'both');
    expect(both.body.booking).toMatchObject({ status: 'no_show_both', noShow: { reportedBy: 'guest' } });
    expect(await scoreOf(other)).toBe(675 - 100);
    expect(await scoreOf(host)).toBe(675 - 100);
  });

  it('a guest reports the host (no_show_host); a third member cannot (404)', async () => {
    const host = await member('Host');
    const guest = await member('Guest');
    const id = await confirmedBooking(t, host, guest, await createSlot(t, host, { startsInHours: 1 }));
    t.clock.advance(3 * HOUR_MS);
    expect((await noShow(await member('Stranger'), id, host.id)).status).toBe(404);
    expect((await noShow(guest, id, host.id)).body.booking.status).toBe('no_show_host');
    expect(await scoreOf(host)).toBe(675 - 100);
  });
});

/**
 * A member's list, checked against its schema: my bookings is written without zod reading it
 * (decision 51), so a missing field, a wrong type or one field too many fails here.
 */
async function checkedList(m: TestMember) {
  const { body } = await t.call('GET', '/bookings/my-bookings', { token: m.token });
  expect(MyBookingsResponseSchema.parse(body)).toStrictEqual(body);
  return body.bookings;
}

describe('GET /bookings/my-bookings and /bookings/:id', () => {
  it('lists a member’s bookings newest date first, by perspective and status; only the parties read one', async () => {
    const me = await member('Me');
    const hostA = await member('HostA');
    const hostB = await member('HostB');
    const hostD = await member('HostD');
    const guestC = await member('GuestC');
    const asGuestSoon = await requestSlot(t, me, await createSlot(t, hostA, { startsInHours: 20 }));
    const asGuestLater = await confirmedBooking(t, hostB, me, await createSlot(t, hostB, { startsInHours: 80 }));
    const asHost = await requestSlot(t, guestC, await createSlot(t, me, { startsInHours: 50 }));
    const cancelledOne = await confirmedBooking(t, hostD, me, await createSlot(t, hostD, { startsInHours: 100 }));
    await cancel(me, cancelledOne);

    const ids = async (query: string) =>
      (await t.call('GET', `/bookings/my-bookings${query}`, { token: me.token })).body.bookings.map((b: { _id: string }) => b._id);
    expect(await ids('')).toEqual([cancelledOne, asGuestLater, asHost, asGuestSoon]);
    expect(await ids('?perspective=all&status=null')).toEqual([cancelledOne, asGuestLater, asHost, asGuestSoon]);
    expect(await ids('?perspective=host')).toEqual([asHost]);
    expect(await ids('?perspective=guest')).toEqual([cancelledOne, asGuestLater, asGuestSoon]);
    expect(await ids('?status=pending')).toEqual([asHost, asGuestSoon]);
    expect(await ids('?perspective=guest&status=confirmed')).toEqual([asGuestLater]);
    expect(await ids('?status=cancelled_any')).toEqual([cancelledOne]);
    expect((await t.call('GET', '/bookings/my-bookings?status=lost', { token: me.token })).status).toBe(400);
    expect((await t.call('GET', '/bookings/my-bookings?perspective=everyone', { token: me.token })).status).toBe(400);

    const list = await checkedList(me);
    expect(list[1]).toMatchObject({ userRole: 'guest', otherParty: { _id: hostB.id, profile: { name: hostB.name } } });
    expect(list[2]).toMatchObject({ userRole: 'host', otherParty: { _id: guestC.id } });
    expect(JSON.stringify(list)).not.toContain(hostB.email);

    expect((await getBooking(guestC, asHost)).body.booking).toMatchObject({ _id: asHost, userRole: 'guest', otherParty: { _id: me.id } });
    const stranger = await member('Stranger');
    for (const id of [asHost, 'nope', '00000000-0000-4000-8000-000000000000']) {
      expect((await getBooking(stranger, id)).status, id).toBe(404);
    }
    expect((await t.call('GET', '/bookings/my-bookings', { token: stranger.token })).body.bookings).toEqual([]);
    expect((await t.call('GET', '/bookings/my-bookings')).status).toBe(401);
  });
});

describe('reliability stats, booking status and date activity', () => {
  it('come from real bookings in summaries, browse cards and member pages', async () => {
    const viewer = await member('Viewer');
    // Aged 77 so a browse page filtered to that age holds exactly these two, however many members the file made.
    const dana = await bookableMember(t, { name: 'Dana', age: 77 });
    const partners = [await member('P1'), await member('P2'), await bookableMember(t, { name: 'P3', age: 77 })];
    // Dana hosts three dates: one completed (5 stars from the guest), one she missed, one the guest missed.
    const [done, missedByDana, missedByGuest] = [
      await confirmedBooking(t, dana, partners[0]!, await createSlot(t, dana, { startsInHours: 1, durationHours: 0.5 })),
      await confirmedBooking(t, dana, partners[1]!, await createSlot(t, dana, { startsInHours: 2, durationHours: 0.5 })),
      await confirmedBooking(t, dana, partners[2]!, await createSlot(t, dana, { startsInHours: 3, durationHours: 0.5 })),
    ];
    const pending = await requestSlot(t, viewer, await createSlot(t, dana, { startsInHours: 200 }));
    t.clock.advance(6 * HOUR_MS);
    await complete(dana, done, { rating: 4, comment: 'Fun' });
    await complete(partners[0]!, done, { rating: 5, comment: 'Wonderful evening' });
    await noShow(partners[1]!, missedByDana, dana.id);
    await noShow(dana, missedByGuest, partners[2]!.id);

    const stats = { totalDates: 1, noShows: 1, onTimeRate: 67 };
    expect((await checkedList(dana)).map((b: { status: string }) => b.status)).toEqual(['pending', 'no_show_guest', 'no_show_host', 'completed']);
    const mine = (await t.call('GET', '/bookings/my-bookings', { token: partners[0]!.token })).body.bookings;
    expect(mine[0].otherParty.reliabilityScore.stats).toEqual(stats);
    expect((await getBooking(partners[2]!, missedByGuest)).body.booking.otherParty.reliabilityScore.stats).toEqual(stats);
    expect((await getBooking(dana, missedByGuest)).body.booking.otherParty.reliabilityScore.stats).toEqual({ totalDates: 0, noShows: 1, onTimeRate: 0 });

    const page = (await t.call('GET', `/users/${dana.id}`, { token: viewer.token })).body.user;
    expect(page.reliabilityScore.stats).toEqual(stats);
    expect(page.bookingStatus).toEqual({ status: 'pending', isInitiator: true });
    const doneRow = await bookingRow(done);
    // Only dates that were kept (confirmed or completed) count as activity; the two missed ones do not.
    expect(page.recentDateActivity).toMatchObject({
      thisMonth: 1,
      // The host's calendar day of that date, as its slot has it (never shifted by a zone).
      lastConfirmedDate: String((await slotRow(doneRow.slotId)).date),
      feedback: [{ rating: 5, comment: 'Wonderful evening' }],
    });
    // Dana sees the viewer's request from the host's side.
    expect((await t.call('GET', `/users/${viewer.id}`, { token: dana.token })).body.user.bookingStatus).toEqual({ status: 'pending', isInitiator: false });

    const cards = (await t.call('GET', '/users/browse?minAge=77&maxAge=77', { token: viewer.token })).body.users;
    expect(cards).toHaveLength(2);
    const card = cards.find((c: { _id: string }) => c._id === dana.id);
    expect(card).toMatchObject({ bookingStatus: { status: 'pending', isInitiator: true }, reliabilityScore: { stats }, recentDateActivity: { thisMonth: 1 } });
    // The card, written as JSON by PostgreSQL (decision 62), says all the member page says of her.
    const { preferences: _preferences, availability: _slots, ...summary } = page;
    const { availabilityCount: _count, availability: _firstSlots, ...cardSummary } = card;
    expect(cardSummary).toEqual(summary);
    expect(card.profile.photos.length).toBeGreaterThan(0);
    expect(card.recentDateActivity.feedback).toHaveLength(1);
    const stranger = cards.find((c: { _id: string }) => c._id === partners[2]!.id);
    expect(stranger).toMatchObject({ bookingStatus: null, reliabilityScore: { stats: { totalDates: 0, noShows: 1, onTimeRate: 0 } } });
    await respond(dana, pending, { action: 'decline', responseMessage: 'Sorry' });
    expect((await t.call('GET', `/users/${dana.id}`, { token: viewer.token })).body.user.bookingStatus).toBeNull();
  });
});

describe('scoreUpdate events', () => {
  it('are announced to the member when each score change commits, with old and new score, change and reason', async () => {
    const host = await member('Host');
    const guest = await member('Guest');
    const id = await confirmedBooking(t, host, guest, await createSlot(t, host, { startsInHours: 1 }));
    t.clock.advance(3 * HOUR_MS);
    const seen: { update: unknown; stored: number }[] = [];
    const listener = await listenToAnnouncements(t.database);
    const stopSeeing = await t.database.listen('rendezvous_events', (payload) => {
      const { to, event } = JSON.parse(payload);
      if (event.type !== 'scoreUpdate') return;
      // Read through the database at once: the change must already be committed.
      void t.database.db
        .select({ score: scoreEvents.points })
        .from(scoreEvents)
        .where(and(eq(scoreEvents.userId, to[0]), eq(scoreEvents.category, 'Date Completion')))
        .then((rows) => seen.push({ update: { to, ...event }, stored: rows.length }));
    });
    try {
      await complete(guest, id, { rating: 5 });
      await expect.poll(() => seen.length).toBe(2);
      expect(listener.of('scoreUpdate').sort((a, b) => a.change - b.change)).toEqual([
        { to: [host.id], type: 'scoreUpdate', oldScore: 675, newScore: 685, change: 10, reason: 'Received a five-star review' },
        { to: [guest.id], type: 'scoreUpdate', oldScore: 675, newScore: 700, change: 25, reason: 'Completed a date' },
      ]);
      expect(seen.every((s) => s.stored === 1)).toBe(true);
      // A refused change announces nothing.
      expect((await complete(guest, id)).status).toBe(409);
      await listener.fence();
      expect(listener.of('scoreUpdate')).toHaveLength(2);
    } finally {
      await stopSeeing();
      await listener.stop();
    }
  });

  it('e-mail verification announces its points', async () => {
    const listener = await listenToAnnouncements(t.database);
    try {
      const verified = await t.verifiedMember({ name: 'Vera' });
      await expect
        .poll(() => listener.of('scoreUpdate'))
        .toEqual([{ to: [verified.user._id], type: 'scoreUpdate', oldScore: 650, newScore: 675, change: 25, reason: 'Email verified' }]);
    } finally {
      await listener.stop();
    }
  });
});

describe('concurrency', () => {
  it('30 guests request one slot at once, the host confirms all at once: exactly one is confirmed', async () => {
    const host = await member('Host');
    const guests = await Promise.all(Array.from({ length: 30 }, (_, i) => member(`Crowd${i}`)));
    const slotId = await createSlot(t, host, { startsInHours: 24 });
    const requested = await Promise.all(guests.map((guest) => request(guest, requestBody(slotId))));
    expect(requested.map((a) => a.status)).toEqual(guests.map(() => 201));
    const answers = await Promise.all(requested.map((a) => respond(host, a.body.booking._id, { action: 'confirm' })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(29);
    const rows = await t.database.db.select().from(bookings).where(eq(bookings.slotId, slotId));
    expect(rows.filter((r) => r.status === 'confirmed')).toHaveLength(1);
    expect(rows.filter((r) => r.status === 'declined')).toHaveLength(29);
    expect((await slotRow(slotId)).confirmedCount).toBe(1);
  }, 60_000);

  it('with maxBookings 2, exactly two are confirmed', async () => {
    const host = await member('Host');
    const guests = await Promise.all(Array.from({ length: 10 }, (_, i) => member(`Pair${i}`)));
    const slotId = await createSlot(t, host, { startsInHours: 24, maxBookings: 2 });
    const ids = await Promise.all(guests.map((guest) => requestSlot(t, guest, slotId)));
    const answers = await Promise.all(ids.map((id) => respond(host, id, { action: 'confirm' })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    const rows = await t.database.db.select().from(bookings).where(eq(bookings.slotId, slotId));
    expect(rows.filter((r) => r.status === 'confirmed')).toHaveLength(2);
    expect((await slotRow(slotId)).confirmedCount).toBe(2);
  }, 60_000);

  it('the same request twice at once makes one booking', async () => {
    const host = await member('Host');
    const guest = await member('Guest');
    const slotId = await createSlot(t, host, { startsInHours: 24 });
    const answers = await Promise.all([request(guest, requestBody(slotId)), request(guest, requestBody(slotId))]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await t.database.db.select().from(bookings).where(eq(bookings.slotId, slotId))).toHaveLength(1);
    expect((await inboxOf(host)).filter((n) => n.type === 'booking_request')).toHaveLength(1);
  });

  it('a guest accepted at once for two overlapping slots of two hosts keeps one (the other 409)', async () => {
    const guest = await member('Guest');
    const [hostA, hostB] = [await member('HostA'), await member('HostB')];
    const idA = await requestSlot(t, guest, await createSlot(t, hostA, { startsInHours: 24, durationHours: 2 }));
    const idB = await requestSlot(t, guest, await createSlot(t, hostB, { startsInHours: 25, durationHours: 2 }));
    const answers = await Promise.all([respond(hostA, idA, { action: 'confirm' }), respond(hostB, idB, { action: 'confirm' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error).toBe('You already have a confirmed date at this time');
    const statuses = [(await bookingRow(idA)).status, (await bookingRow(idB)).status].sort();
    expect(statuses).toEqual(['confirmed', 'pending']);
    expect(await t.database.db.select().from(dateCommitments).where(eq(dateCommitments.userId, guest.id))).toHaveLength(1);
  });
});
