import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AB_TEST_ERRORS } from '#shared/api/ab-test.ts';
import { TAGLINE_VARIANTS, abTestPaths, variantOf, type TaglineVariant } from '#shared/domain/ab-test.ts';
import { createMember, type TestMember } from '#tests/support/members.ts';
import { START, startTestApp, type TestApp } from '#tests/support/test-app.ts';
import { DAY_MS } from '#shared/domain/durations.ts';

const ADMIN_EMAIL = 'numbers@rendezvous.test';

let t: TestApp;
let admin: TestMember;
beforeAll(async () => {
  t = await startTestApp({ adminEmails: [ADMIN_EMAIL] });
  const registered = await t.verifiedMember({ email: ADMIN_EMAIL, name: 'Ada Admin' });
  admin = { id: registered.user._id, token: registered.token, name: 'Ada Admin', email: ADMIN_EMAIL, coordinates: [0, 0] };
});
afterAll(async () => {
  await t.close();
});

/** A fresh random visitor id assigned the given variant. */
function visitorOf(variant: TaglineVariant): string {
  for (;;) {
    const id = randomBytes(16).toString('hex');
    if (variantOf(id) === variant) return id;
  }
}

const send = (event: 'view' | 'click', body: unknown, options: { raw?: string; contentType?: string } = {}) =>
  t.call('POST', abTestPaths.event(event), {
    ...(options.raw !== undefined ? { rawBody: options.raw } : { body }),
    headers: options.contentType ? { 'content-type': options.contentType } : {},
  });
const stats = async (query = '') => {
  const answer = await t.call('GET', `${abTestPaths.stats}${query}`, { token: admin.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { variants: Record<TaglineVariant, { views: number; uniqueViews: number; clicks: number; uniqueClicks: number; conversionRate: string }>; dateRange: { start: string; end: string } };
};

describe('the results call', () => {
  it('answers 401 to a visitor and 403 to a member', async () => {
    expect((await t.call('GET', abTestPaths.stats)).status).toBe(401);
    const plain = await createMember(t, { name: 'Plain', city: 'Vancouver' });
    const asMember = await t.call('GET', abTestPaths.stats, { token: plain.token });
    expect(asMember.status).toBe(403);
    expect(asMember.body).toEqual({ error: 'Admins only' });
  });

  it('answers every variant with zeros before any visit, over today', async () => {
    const empty = await stats();
    expect(Object.keys(empty.variants)).toEqual([...TAGLINE_VARIANTS]);
    for (const variant of TAGLINE_VARIANTS) expect(empty.variants[variant]).toEqual({ views: 0, uniqueViews: 0, clicks: 0, uniqueClicks: 0, conversionRate: '0.00' });
    expect(empty.dateRange).toEqual({ start: '2026-11-23', end: '2026-11-23' });
  });
});

describe('recording', () => {
  it('assigns each visitor one variant for good: the same id always gets the same one, and all four are used', () => {
    const id = randomBytes(16).toString('hex');
    expect(new Set(Array.from({ length: 5 }, () => variantOf(id))).size).toBe(1);
    const seen = new Set(Array.from({ length: 200 }, () => variantOf(randomBytes(16).toString('hex'))));
    expect([...seen].sort()).toEqual([...TAGLINE_VARIANTS].sort());
  });

  it('counts every view and click in the totals but each visitor once in the uniques', async () => {
    const before = await stats();
    const ann = visitorOf('playful');
    const bob = visitorOf('playful');
    for (let i = 0; i < 3; i += 1) expect((await send('view', { visitorId: ann, variant: 'playful' })).status).toBe(200);
    expect((await send('view', { visitorId: bob, variant: 'playful' })).status).toBe(200);
    expect((await send('click', { visitorId: ann, variant: 'playful' })).body).toEqual({ success: true });
    expect((await send('click', { visitorId: ann, variant: 'playful' })).status).toBe(200);
    // sendBeacon posts text: the same JSON as text/plain is read too.
    const carl = visitorOf('luxurious');
    expect((await send('view', null, { raw: JSON.stringify({ visitorId: carl, variant: 'luxurious' }), contentType: 'text/plain;charset=UTF-8' })).status).toBe(200);

    const after = await stats();
    expect(after.variants.playful.views - before.variants.playful.views).toBe(4);
    expect(after.variants.playful.uniqueViews - before.variants.playful.uniqueViews).toBe(2);
    expect(after.variants.playful.clicks - before.variants.playful.clicks).toBe(2);
    expect(after.variants.playful.uniqueClicks - before.variants.playful.uniqueClicks).toBe(1);
    expect(after.variants.playful.conversionRate).toBe('50.00');
    expect(after.variants.luxurious).toMatchObject({ views: 1, uniqueViews: 1, clicks: 0, uniqueClicks: 0, conversionRate: '0.00' });
    expect(after.variants.original.views).toBe(0);
  });

  it('refuses a bad variant, a bad visitor id or a variant the visitor is not assigned, with the field at fault', async () => {
    const id = visitorOf('original');
    const cases: [unknown, string, string][] = [
      [{ visitorId: id, variant: 'bold' }, 'variant', AB_TEST_ERRORS.variant],
      [{ visitorId: id }, 'variant', AB_TEST_ERRORS.variant],
      [{ visitorId: id, variant: 'playful' }, 'variant', AB_TEST_ERRORS.notAssigned],
      [{ visitorId: 'jane@example.com', variant: 'original' }, 'visitorId', AB_TEST_ERRORS.visitorId],
      [{ visitorId: id.toUpperCase(), variant: 'original' }, 'visitorId', AB_TEST_ERRORS.visitorId],
      [{ visitorId: `${id}0`, variant: 'original' }, 'visitorId', AB_TEST_ERRORS.visitorId],
      [{ visitorId: 42, variant: 'original' }, 'visitorId', AB_TEST_ERRORS.visitorId],
    ];
    for (const [body, field, message] of cases) {
      for (const event of ['view', 'click'] as const) {
        const answer = await send(event, body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body.fields, JSON.stringify(body)).toContainEqual({ field, message });
      }
    }
    for (const raw of ['not json', '[]', 'null']) expect((await send('view', null, { raw })).status, raw).toBe(400);
    expect((await send('view', null, { raw: JSON.stringify({ visitorId: id, variant: 'original', pad: 'x'.repeat(2000) }) })).status).toBe(413);
    expect((await stats()).variants.original).toMatchObject({ views: 0, clicks: 0 });
  });

  it('limits one address to 60 a minute', async () => {
    // A fresh window: the calls above came from the same address.
    t.clock.advance(61_000);
    const id = visitorOf('sophisticated');
    for (let i = 0; i < 60; i += 1) expect((await send('view', { visitorId: id, variant: 'sophisticated' })).status).toBe(200);
    const limited = await send('view', { visitorId: id, variant: 'sophisticated' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    t.clock.advance(61_000);
    expect((await send('view', { visitorId: id, variant: 'sophisticated' })).status).toBe(200);
  });
});

describe('the date range', () => {
  it('counts only the days asked for, both included; by default from the first day with data to today', async () => {
    const before = await stats();
    const dana = visitorOf('original');
    expect((await send('view', { visitorId: dana, variant: 'original' })).status).toBe(200);
    t.clock.advance(DAY_MS);
    const today = new Date(START.getTime() + DAY_MS).toISOString().slice(0, 10);
    const eve = visitorOf('original');
    expect((await send('view', { visitorId: eve, variant: 'original' })).status).toBe(200);
    expect((await send('view', { visitorId: dana, variant: 'original' })).status).toBe(200);

    const all = await stats();
    expect(all.dateRange).toEqual({ start: '2026-11-23', end: today });
    expect(all.variants.original.views - before.variants.original.views).toBe(3);
    expect(all.variants.original.uniqueViews - before.variants.original.uniqueViews).toBe(2);

    const onlyToday = await stats(`?startDate=${today}&endDate=${today}`);
    expect(onlyToday.dateRange).toEqual({ start: today, end: today });
    // Two views today; Dana was first seen yesterday, so only Eve is new today.
    expect(onlyToday.variants.original).toMatchObject({ views: 2, uniqueViews: 1 });

    const firstDay = await stats('?startDate=2026-11-23&endDate=2026-11-23');
    expect(firstDay.variants.original.views - before.variants.original.views).toBe(1);

    for (const [query, field] of [
      ['?startDate=2026-13-01', 'startDate'],
      ['?endDate=yesterday', 'endDate'],
      ['?startDate=2026-11-25&endDate=2026-11-24', 'startDate'],
    ] as const) {
      const answer = await t.call('GET', `${abTestPaths.stats}${query}`, { token: admin.token });
      expect(answer.status, query).toBe(400);
      expect(answer.body.fields[0].field).toBe(field);
    }
  });
});
