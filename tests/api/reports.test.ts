import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '#server/admin/admin.tables.ts';
import { photos } from '#server/profiles/profiles.tables.ts';
import { reports } from '#server/reports/reports.tables.ts';
import { chatPaths } from '#shared/api/chat.ts';
import { FLAG_WINDOW_DAYS, REPORTS_PER_DAY, reportsPaths, type AdminReport, type AdminReportDetail } from '#shared/api/reports.ts';
import { HOUR_MS } from '#shared/domain/booking.ts';
import { bookableMember, confirmedBooking } from '#tests/support/bookings.ts';
import { OPEN_PREFERENCES, type TestMember } from '#tests/support/members.ts';
import { connect } from '#tests/support/realtime.ts';
import { createSlot } from '#tests/support/slots.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';
import { DAY_MS } from '#shared/domain/durations.ts';

const ADMIN_EMAIL = 'moderator@rendezvous.test';
let t: TestApp;
let admin: TestMember;
beforeAll(async () => {
  t = await startTestApp({ adminEmails: [ADMIN_EMAIL] });
  const registered = await t.verifiedMember({ email: ADMIN_EMAIL, name: 'Mo Moderator' });
  admin = { id: registered.user._id, token: registered.token, name: 'Mo Moderator', email: ADMIN_EMAIL, coordinates: [0, 0] };
});
afterAll(() => t.close());

let named = 0;
const member = (name: string) => bookableMember(t, { name: `${name} ${(named += 1)}`, preferences: OPEN_PREFERENCES, interests: ['Coffee'] });
const report = (who: TestMember, body: Record<string, unknown>) => t.call('POST', reportsPaths.reports, { token: who.token, body });
const queue = async (status = 'all') => {
  const answer = await t.call('GET', `${reportsPaths.adminReports}?status=${status}`, { token: admin.token });
  expect(answer.status).toBe(200);
  return answer.body as { reports: AdminReport[]; counts: { open: number; resolved: number; openByReason: Record<string, number> } };
};
const resolve = (id: string, body: Record<string, unknown>) => t.call('POST', reportsPaths.resolve(id), { token: admin.token, body });
const seesInBrowse = async (viewer: TestMember, other: TestMember) =>
  ((await t.call('GET', '/users/browse?limit=50', { token: viewer.token })).body.users as { _id: string }[]).some((user) => user._id === other.id);
let slotHours = 48;

describe('POST /api/reports', () => {
  it('thanks the reporter and blocks by default; unticked, it only reports', async () => {
    const [ann, ben, cal] = [await member('Ann'), await member('Ben'), await member('Cal')];
    const answer = await report(ann, { userId: ben.id, reason: 'harassment', details: '  Rude messages after I declined.  ' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, message: 'Thanks, our team will review this', blocked: true });
    expect(await seesInBrowse(ann, ben)).toBe(false);
    expect(await seesInBrowse(ben, ann)).toBe(false);
    const [stored] = await t.database.db.select().from(reports).where(eq(reports.reportedId, ben.id));
    expect(stored).toMatchObject({ reporterId: ann.id, reason: 'harassment', details: 'Rude messages after I declined.', status: 'open' });

    expect((await report(ann, { userId: cal.id, reason: 'fake_profile', details: '', block: false })).body.blocked).toBe(false);
    expect(await seesInBrowse(ann, cal)).toBe(true);
  });

  it('refuses bad input with the field at fault, yourself, unknown members, and a second open report on the same member', async () => {
    const [ann, ben] = [await member('Ann'), await member('Ben')];
    const bad = await report(ann, { userId: ben.id, reason: 'spam' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([expect.objectContaining({ field: 'reason' })]);
    const long = await report(ann, { userId: ben.id, reason: 'other', details: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.body.fields).toEqual([{ field: 'details', message: 'Details must be at most 1000 characters' }]);
    expect((await report(ann, { userId: ann.id, reason: 'other' })).body.error).toBe('You cannot report yourself');
    expect((await report(ann, { userId: ann.id.toUpperCase(), reason: 'other' })).body.error).toBe('You cannot report yourself');
    expect((await report(ann, { userId: '00000000-0000-4000-8000-000000000000', reason: 'other' })).status).toBe(404);
    expect((await t.call('POST', reportsPaths.reports, { body: { userId: ben.id, reason: 'other' } })).status).toBe(401);

    expect((await report(ann, { userId: ben.id, reason: 'other', block: false })).status).toBe(200);
    const again = await report(ann, { userId: ben.id, reason: 'harassment' });
    expect(again.status).toBe(409);
    // The refused report blocked nothing, and left one report.
    expect(await seesInBrowse(ann, ben)).toBe(true);
    expect(await t.database.db.select().from(reports).where(eq(reports.reportedId, ben.id))).toHaveLength(1);
  });

  it(`allows ${REPORTS_PER_DAY} reports a day per member, and two at once on one pair make one`, async () => {
    const ann = await member('Ann');
    const others = await Promise.all(Array.from({ length: REPORTS_PER_DAY + 1 }, (_, i) => member(`Other ${i}`)));
    for (const other of others.slice(0, REPORTS_PER_DAY)) expect((await report(ann, { userId: other.id, reason: 'other', block: false })).status).toBe(200);
    const over = await report(ann, { userId: others.at(-1)!.id, reason: 'other' });
    expect(over.status).toBe(429);
    expect(over.body.error).toBe(`You can send at most ${REPORTS_PER_DAY} reports a day`);
    expect(await seesInBrowse(ann, others.at(-1)!)).toBe(true);
    t.clock.advance(24 * HOUR_MS + 1);
    expect((await report(ann, { userId: others.at(-1)!.id, reason: 'other', block: false })).status).toBe(200);

    const [bo, cy] = [await member('Bo'), await member('Cy')];
    const both = await Promise.all([report(bo, { userId: cy.id, reason: 'other' }), report(bo, { userId: cy.id, reason: 'harassment' })]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });
});

describe('the admin reports queue', () => {
  it('is for admins only', async () => {
    const ann = await member('Ann');
    expect((await t.call('GET', reportsPaths.adminReports, { token: ann.token })).status).toBe(403);
    expect((await t.call('POST', reportsPaths.resolve('00000000-0000-4000-8000-000000000000'), { token: ann.token, body: { action: 'dismiss', note: 'x' } })).status).toBe(403);
  });

  it('lists open reports first and oldest first, counts them by reason, and puts a member reported by 3 different members within 7 days at the top', async () => {
    const target = await member('Target');
    const reporters = [await member('R1'), await member('R2'), await member('R3')];
    const lone = await member('Lone');
    const loneReporter = await member('LoneReporter');
    expect((await report(loneReporter, { userId: lone.id, reason: 'fake_profile', block: false })).status).toBe(200);
    t.clock.advance(60_000);
    for (const reporter of reporters.slice(0, 2)) {
      expect((await report(reporter, { userId: target.id, reason: 'harassment' })).status).toBe(200);
      t.clock.advance(60_000);
    }
    let open = (await queue('open')).reports;
    expect(open.find((r) => r.reported._id === lone.id)!.flagged).toBe(false);
    expect(open.filter((r) => r.reported._id === target.id).every((r) => !r.flagged)).toBe(true);
    // Oldest first among the unflagged.
    const mine = open.filter((r) => [lone.id, target.id].includes(r.reported._id)).map((r) => r.reported._id);
    expect(mine).toEqual([lone.id, target.id, target.id]);

    expect((await report(reporters[2]!, { userId: target.id, reason: 'underage' })).status).toBe(200);
    const whole = await queue();
    open = whole.reports.filter((r) => r.status === 'open');
    expect(open.slice(0, 3).map((r) => [r.reported._id, r.flagged])).toEqual([
      [target.id, true],
      [target.id, true],
      [target.id, true],
    ]);
    expect(whole.counts.openByReason.harassment).toBeGreaterThanOrEqual(2);
    expect(whole.counts.openByReason.underage).toBeGreaterThanOrEqual(1);
    expect(whole.counts.open).toBe(open.length);
    expect(JSON.stringify(whole.reports[0])).toContain(reporters[0]!.email);
  });

  it(`flags a member only for reports made within ${FLAG_WINDOW_DAYS} days: one older and two recent are not enough, a third recent one is`, async () => {
    const target = await member('Target');
    const [old, ...recent] = [await member('Old'), await member('New1'), await member('New2'), await member('New3')];
    const flaggedNow = async () => (await queue('open')).reports.filter((r) => r.reported._id === target.id).map((r) => r.flagged);
    expect((await report(old, { userId: target.id, reason: 'harassment', block: false })).status).toBe(200);
    t.clock.advance(FLAG_WINDOW_DAYS * DAY_MS + 60_000);
    for (const reporter of recent.slice(0, 2)) expect((await report(reporter, { userId: target.id, reason: 'harassment', block: false })).status).toBe(200);
    expect(await flaggedNow()).toEqual([false, false, false]);
    expect((await report(recent[2]!, { userId: target.id, reason: 'harassment', block: false })).status).toBe(200);
    // Every open report about the member is flagged, the older one too.
    expect(await flaggedNow()).toEqual([true, true, true, true]);
  });

  it("shows a report with the member's profile and photos and, between the two only, their dates and messages, and earlier reports", async () => {
    const [ann, ben, eve, cal] = [await member('Ann'), await member('Ben'), await member('Eve'), await member('Cal')];
    await confirmedBooking(t, ben, ann, await createSlot(t, ben, { startsInHours: (slotHours += 3) }));
    await confirmedBooking(t, ben, eve, await createSlot(t, ben, { startsInHours: (slotHours += 3) }));
    await t.call('POST', chatPaths.send, { token: ben.token, body: { recipientId: ann.id, content: 'Why did you not answer me?' } });
    await t.call('POST', chatPaths.send, { token: ann.token, body: { recipientId: ben.id, content: 'Please stop.' } });
    await t.call('POST', chatPaths.send, { token: ben.token, body: { recipientId: eve.id, content: 'A message Eve alone should see' } });
    await report(eve, { userId: ben.id, reason: 'other', block: false });
    t.clock.advance(60_000);
    await report(ann, { userId: ben.id, reason: 'harassment', details: 'He keeps writing.' });
    // Made after Ann's: not among the reports earlier than hers.
    t.clock.advance(60_000);
    await report(cal, { userId: ben.id, reason: 'fake_profile', block: false });
    const id = (await queue('open')).reports.find((r) => r.reporter?._id === ann.id)!._id;

    const answer = await t.call('GET', `${reportsPaths.adminReports}/${id}`, { token: admin.token });
    expect(answer.status).toBe(200);
    const detail = answer.body as AdminReportDetail;
    expect(detail.report).toMatchObject({ reason: 'harassment', details: 'He keeps writing.', reporter: { _id: ann.id }, reported: { _id: ben.id } });
    expect(detail.profile.photos).toHaveLength(1);
    expect(detail.profile.bio).toBe('Coffee first, then a walk.');
    expect(detail.dates).toHaveLength(1);
    // The block that came with the report cancelled their date ahead.
    expect(detail.dates[0]!.status).toBe('cancelled');
    expect(detail.messages.map((m) => [m.fromReporter, m.content])).toEqual([
      [false, 'Why did you not answer me?'],
      [true, 'Please stop.'],
    ]);
    expect(detail.earlierReports.map((r) => r.reason)).toEqual(['other']);
    expect((await t.call('GET', `${reportsPaths.adminReports}/00000000-0000-4000-8000-000000000000`, { token: admin.token })).status).toBe(404);
  });

  it('resolves with dismiss, warn, remove a photo or ban; each goes to the audit log with the admin and the note, once', async () => {
    const reported = await member('Reported');
    const reporters = await Promise.all(['A', 'B', 'C', 'D'].map((name) => member(`Reporter ${name}`)));
    for (const reporter of reporters) await report(reporter, { userId: reported.id, reason: 'inappropriate_photos', block: false });
    const ids = (await queue('open')).reports.filter((r) => r.reported._id === reported.id).map((r) => r._id);
    const [dismissId, warnId, photoId, banId] = ids as [string, string, string, string];
    const socket = await connect(t.url, reported.token);

    const noNote = await resolve(dismissId, { action: 'dismiss', note: '  ' });
    expect(noNote.status).toBe(400);
    expect(noNote.body.fields).toEqual([{ field: 'note', message: 'A note is required' }]);
    const dismissed = await resolve(dismissId, { action: 'dismiss', note: 'Photos are fine.' });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.report).toMatchObject({ status: 'resolved', action: 'dismiss', note: 'Photos are fine.' });
    expect((await resolve(dismissId, { action: 'ban', note: 'Changed my mind' })).status).toBe(409);

    expect((await resolve(warnId, { action: 'warn', note: 'Borderline photo.' })).status).toBe(200);
    const inbox = (await t.call('GET', '/users/notifications', { token: reported.token })).body.notifications as { type: string; title: string; message: string }[];
    expect(inbox.find((item) => item.type === 'safety')).toMatchObject({ title: 'A note from the Rendezvous team' });
    await t.app.jobs.runDue();
    await expect.poll(() => t.sink.messages.filter((mail) => mail.to.includes(reported.email.toLowerCase()) && mail.subject === 'A note from the Rendezvous team').length).toBe(1);

    const [photo] = await t.database.db.select().from(photos).where(eq(photos.userId, reported.id));
    const [othersPhoto] = await t.database.db.select().from(photos).where(eq(photos.userId, reporters[0]!.id));
    const wrong = await resolve(photoId, { action: 'remove_photo', note: 'Nudity', photoId: othersPhoto!.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual([{ field: 'photoId', message: "That photo is not one of this member's" }]);
    expect((await resolve(photoId, { action: 'remove_photo', note: 'Nudity' })).body.fields).toEqual([{ field: 'photoId', message: 'Choose the photo to remove' }]);
    expect((await resolve(photoId, { action: 'remove_photo', note: 'Nudity', photoId: photo!.id })).status).toBe(200);
    expect(await t.database.db.select().from(photos).where(eq(photos.userId, reported.id))).toEqual([]);

    expect((await resolve(banId, { action: 'ban', note: 'Third strike.' })).status).toBe(200);
    expect((await socket.closed).code).toBeGreaterThan(4000);
    expect((await t.call('GET', '/auth/me', { token: reported.token })).status).toBe(401);

    const audit = await t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, reported.id)).orderBy(adminAuditLog.seq);
    expect(audit.map((entry) => [entry.action, entry.reason, entry.adminEmail])).toEqual([
      ['report_dismiss', 'Photos are fine.', ADMIN_EMAIL],
      ['warn', 'Borderline photo.', ADMIN_EMAIL],
      ['photo_remove', 'Nudity', ADMIN_EMAIL],
      ['ban', 'Third strike.', ADMIN_EMAIL],
    ]);
    // The reporter never sees the outcome: nothing in their inbox.
    expect(JSON.stringify((await t.call('GET', '/users/notifications', { token: reporters[0]!.token })).body)).not.toMatch(/report/i);
  });
});
