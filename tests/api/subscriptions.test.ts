import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CANCELLED,
  CARD_DECLINED,
  CARD_EXPIRED,
  COMPLETE_ADDRESS,
  FILL_PAYMENT,
  HONDA_IS_FREE,
  INVALID_CARD_NUMBER,
  INVALID_CVV,
  INVALID_EXPIRY,
  NOTHING_TO_CANCEL,
  UNKNOWN_TIER,
  WOMEN_FREE,
  alreadyOn,
} from '#shared/api/subscriptions.ts';
import { TEST_CARDS } from '#server/subscriptions/payment-provider.ts';
import { START, startTestApp, type TestApp } from '#tests/support/test-app.ts';

/** Everything the server logs, at every level, to search for card data. */
const logLines: string[] = [];
const logger = pino(
  { level: 'trace' },
  new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  }),
);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ logger, adminEmails: [ADMIN_EMAIL] });
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const ADMIN_EMAIL = 'membership-admin@example.com';

async function rowsOf(sql: string) {
  const result = await t.database.db.execute(sql);
  return (result as unknown as { rows: Record<string, any>[] }).rows;
}

const paymentData = (overrides: Record<string, unknown> = {}) => ({
  cardNumber: '4242 4242 4242 4242',
  expiryDate: '12/29',
  cvv: '123',
  cardholderName: 'Sam Carter',
  billingEmail: 'sam.billing@example.com',
  billingAddress: { street: '1 King St W', city: 'Toronto', province: 'ON', postalCode: 'm5h 1a1', country: 'Canada' },
  bypass: true,
  ...overrides,
});

const create = (token: string, body: unknown) => t.call('POST', '/subscriptions/create', { token, body });
const status = (token: string) => t.call('GET', '/subscriptions/status', { token });
const cancel = (token: string) => t.call('POST', '/subscriptions/cancel', { token });
const carTierOf = async (token: string) => (await t.call('GET', '/auth/me', { token })).body.user.carTier;
/** A fresh session: moving the clock a month on outlives the one from registration. */
async function signIn(member: { email: string; password: string; token: string }) {
  const answer = await t.call('POST', '/auth/login', { body: { email: member.email, password: member.password } });
  expect(answer.status).toBe(200);
  member.token = answer.body.token;
}
const man = () => t.verifiedMember({ gender: 'male' });
const paymentsOf = (userId: string) => rowsOf(`select * from subscription_payments where user_id = '${userId}' order by created_at, kind`);

describe('GET /api/subscriptions/status', () => {
  it('answers the free Honda Team for a member who never paid', async () => {
    const member = await man();
    const answer = await status(member.token);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      subscription: { tier: 'honda', tierName: 'Honda Team', amount: 0, status: 'free', nextBillingDate: null, startedAt: null, card: null },
      tier: 'honda',
      tierName: 'Honda Team',
      amount: 0,
      status: 'free',
    });
  });

  it('needs a session', async () => {
    expect((await t.call('GET', '/subscriptions/status')).status).toBe(401);
  });
});

describe('POST /api/subscriptions/create', () => {
  it('charges the tier’s monthly price plus 13 % HST, records the membership with its next billing date, and the badge follows', async () => {
    const member = await man();
    const answer = await create(member.token, { tier: 'tesla', paymentData: paymentData() });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      message: 'Payment successful! Welcome to the Tesla Team.',
      tier: 'tesla',
      tierName: 'Tesla Team',
      amount: 100,
      status: 'active',
      subscription: { tier: 'tesla', status: 'active', amount: 100, card: { brand: 'visa', last4: '4242' } },
      payment: { subtotalCents: 10000, taxCents: 1300, totalCents: 11300, currency: 'CAD', card: { brand: 'visa', last4: '4242' } },
    });
    const now = t.clock.now();
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate(), now.getUTCHours(), now.getUTCMinutes(), now.getUTCSeconds()));
    expect(answer.body.subscription.nextBillingDate).toBe(next.toISOString());
    expect((await status(member.token)).body.subscription).toEqual(answer.body.subscription);
    expect(await carTierOf(member.token)).toBe('tesla');

    const [payment, ...more] = await paymentsOf(member.user._id);
    expect(more).toEqual([]);
    expect(payment).toMatchObject({ kind: 'initial', status: 'succeeded', tier: 'tesla', subtotal_cents: 10000, tax_cents: 1300, total_cents: 11300, card_last4: '4242' });
    expect(payment!.provider_reference).toMatch(/^ch_test_/);

    // Another member sees the badge on the member page.
    const viewer = await t.verifiedMember({ gender: 'female' });
    const page = await t.call('GET', `/users/${member.user._id}`, { token: viewer.token });
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.body)).toContain('"carTier":"tesla"');
  });

  it('takes the tier and the price from the server’s table: a price or amount the client sends is ignored', async () => {
    const member = await man();
    const answer = await create(member.token, { tier: 'jetta', amount: 1, price: 0.01, totalCents: 1, paymentData: paymentData({ amount: 1, price: 0 }) });
    expect(answer.status).toBe(200);
    expect(answer.body.payment).toMatchObject({ subtotalCents: 2500, taxCents: 325, totalCents: 2825 });
    const [payment] = await paymentsOf(member.user._id);
    expect(payment).toMatchObject({ subtotal_cents: 2500, tax_cents: 325, total_cents: 2825 });
  });

  it('refuses women with 403, whatever they send, and records nothing', async () => {
    const woman = await t.verifiedMember({ gender: 'female' });
    const answer = await create(woman.token, { tier: 'porsche', paymentData: paymentData() });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ error: WOMEN_FREE });
    expect(await paymentsOf(woman.user._id)).toEqual([]);
    expect(await rowsOf(`select * from subscriptions where user_id = '${woman.user._id}'`)).toEqual([]);
    expect(await carTierOf(woman.token)).toBe('honda');
  });

  it('sells to anyone not female (non-binary, couples)', async () => {
    const member = await t.verifiedMember({ gender: 'non-binary' });
    expect((await create(member.token, { tier: 'f150', paymentData: paymentData() })).status).toBe(200);
  });

  it('refuses the free Honda Team and an unknown tier on `tier`', async () => {
    const member = await man();
    const honda = await create(member.token, { tier: 'honda', paymentData: paymentData() });
    expect(honda.status).toBe(400);
    expect(honda.body).toEqual({ error: HONDA_IS_FREE, fields: [{ field: 'tier', message: HONDA_IS_FREE }] });
    for (const tier of ['bugatti', undefined, 7]) {
      const answer = await create(member.token, { tier, paymentData: paymentData() });
      expect(answer.status).toBe(400);
      expect(answer.body.fields).toContainEqual({ field: 'tier', message: UNKNOWN_TIER });
    }
    expect(await paymentsOf(member.user._id)).toEqual([]);
  });

  it('a declined card: 402 on the card number, the decline recorded, no membership', async () => {
    const member = await man();
    const answer = await create(member.token, { tier: 'mercedes', paymentData: paymentData({ cardNumber: '4000 0000 0000 0002' }) });
    expect(answer.status).toBe(402);
    expect(answer.body).toEqual({ error: CARD_DECLINED, fields: [{ field: 'paymentData.cardNumber', message: CARD_DECLINED }] });
    expect(await paymentsOf(member.user._id)).toMatchObject([{ status: 'declined', decline_code: 'card_declined', subscription_id: null, card_last4: '0002', total_cents: 16950 }]);
    expect((await status(member.token)).body.status).toBe('free');
    expect(await carTierOf(member.token)).toBe('honda');
  });

  it.each([
    ['a number failing the Luhn check', { cardNumber: '4242 4242 4242 4241' }, 'paymentData.cardNumber', INVALID_CARD_NUMBER],
    ['letters in the number', { cardNumber: '4242 4242 abcd 4242' }, 'paymentData.cardNumber', INVALID_CARD_NUMBER],
    ['a short number', { cardNumber: '4242 42' }, 'paymentData.cardNumber', INVALID_CARD_NUMBER],
    ['month 13', { expiryDate: '13/30' }, 'paymentData.expiryDate', INVALID_EXPIRY],
    ['an expiry not as MM/YY', { expiryDate: '1229' }, 'paymentData.expiryDate', INVALID_EXPIRY],
    ['a CVV of two digits', { cvv: '12' }, 'paymentData.cvv', INVALID_CVV],
    ['a CVV with a letter', { cvv: '12a' }, 'paymentData.cvv', INVALID_CVV],
    ['a CVV of five digits', { cvv: '12345' }, 'paymentData.cvv', INVALID_CVV],
    ['no card number', { cardNumber: '  ' }, 'paymentData.cardNumber', FILL_PAYMENT],
    ['no expiry', { expiryDate: undefined }, 'paymentData.expiryDate', FILL_PAYMENT],
    ['no CVV', { cvv: '' }, 'paymentData.cvv', FILL_PAYMENT],
    ['no cardholder name', { cardholderName: ' ' }, 'paymentData.cardholderName', FILL_PAYMENT],
    ['no street', { billingAddress: { street: '', city: 'Toronto', postalCode: 'M5H 1A1' } }, 'paymentData.billingAddress.street', COMPLETE_ADDRESS],
    ['no postal code', { billingAddress: { street: '1 King', city: 'Toronto' } }, 'paymentData.billingAddress.postalCode', COMPLETE_ADDRESS],
    ['a province that is not one of the 13', { billingAddress: { street: '1 King', city: 'Toronto', postalCode: 'M5H 1A1', province: 'XX' } }, 'paymentData.billingAddress.province', 'Please choose a province or territory'],
    ['a malformed billing e-mail', { billingEmail: 'not-an-address' }, 'paymentData.billingEmail', 'Please enter a valid email address'],
  ])('refuses %s with 400 on the field, charging nothing', async (_case, overrides, field, message) => {
    const member = await man();
    const answer = await create(member.token, { tier: 'jetta', paymentData: paymentData(overrides) });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toContainEqual({ field, message });
    expect(await paymentsOf(member.user._id)).toEqual([]);
  });

  it('refuses a card that expired before the server’s today (the month it names still counts)', async () => {
    const member = await man();
    const lastMonth = new Date(Date.UTC(START.getUTCFullYear(), START.getUTCMonth() - 1, 1));
    const mmYY = (d: Date) => `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCFullYear() % 100).padStart(2, '0')}`;
    const expired = await create(member.token, { tier: 'jetta', paymentData: paymentData({ expiryDate: mmYY(lastMonth) }) });
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ error: CARD_EXPIRED, fields: [{ field: 'paymentData.expiryDate', message: CARD_EXPIRED }] });
    expect((await create(member.token, { tier: 'jetta', paymentData: paymentData({ expiryDate: mmYY(t.clock.now()) }) })).status).toBe(200);
  });

  it('upper-cases the postal code and defaults the country to Canada (nothing of the card is kept)', async () => {
    const member = await man();
    const answer = await create(member.token, {
      tier: 'jetta',
      paymentData: paymentData({ billingAddress: { street: '1 King', city: 'Ottawa', province: 'ON', postalCode: 'k1a 0b1' } }),
    });
    expect(answer.status).toBe(200);
  });

  it('the same tier again is a 409; another tier replaces the membership (one active at a time)', async () => {
    const member = await man();
    expect((await create(member.token, { tier: 'jetta', paymentData: paymentData() })).status).toBe(200);
    const again = await create(member.token, { tier: 'jetta', paymentData: paymentData() });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(alreadyOn('Jetta Team'));
    const upgrade = await create(member.token, { tier: 'porsche', paymentData: paymentData() });
    expect(upgrade.status).toBe(200);
    expect(upgrade.body.tier).toBe('porsche');
    const rows = await rowsOf(`select tier, status from subscriptions where user_id = '${member.user._id}' order by started_at, status`);
    expect(rows.map((r) => `${r.tier}:${r.status}`).sort()).toEqual(['jetta:replaced', 'porsche:active']);
    expect(await carTierOf(member.token)).toBe('porsche');
    expect((await paymentsOf(member.user._id)).filter((p) => p.status === 'succeeded')).toHaveLength(2);
  });

  it('two purchases at once charge once: the second finds the first', async () => {
    const member = await man();
    const answers = await Promise.all([
      create(member.token, { tier: 'vw_van', paymentData: paymentData() }),
      create(member.token, { tier: 'vw_van', paymentData: paymentData() }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await paymentsOf(member.user._id)).toHaveLength(1);
    expect(await rowsOf(`select * from subscriptions where user_id = '${member.user._id}' and status = 'active'`)).toHaveLength(1);
  });
});

describe('POST /api/subscriptions/cancel', () => {
  it('returns the member to the Honda Team at once; nothing more is charged', async () => {
    const member = await man();
    await create(member.token, { tier: 'lamborghini', paymentData: paymentData() });
    const answer = await cancel(member.token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, message: CANCELLED, tier: 'honda', status: 'free' });
    expect((await status(member.token)).body.status).toBe('free');
    expect(await carTierOf(member.token)).toBe('honda');
    expect(await rowsOf(`select status, ended_at from subscriptions where user_id = '${member.user._id}'`)).toMatchObject([{ status: 'cancelled' }]);

    const second = await cancel(member.token);
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ error: NOTHING_TO_CANCEL });

    // Its renewal, once due, finds nothing to renew.
    t.clock.advance(32 * DAY);
    await t.app.jobs.runDue();
    await signIn(member);
    expect(await paymentsOf(member.user._id)).toHaveLength(1);
    expect(await carTierOf(member.token)).toBe('honda');
  });
});

describe('monthly renewal (the jobs queue, the clock moved)', () => {
  it('charges again at the next billing date and moves it a month on', async () => {
    const member = await man();
    const started = await create(member.token, { tier: 'rolls_royce', paymentData: paymentData() });
    const firstDue = Date.parse(started.body.subscription.nextBillingDate);

    t.clock.advance(firstDue - t.clock.now().getTime() - 1000);
    await t.app.jobs.runDue();
    expect(await paymentsOf(member.user._id)).toHaveLength(1);

    t.clock.advance(1000);
    await t.app.jobs.runDue();
    await signIn(member);
    const payments = await paymentsOf(member.user._id);
    expect(payments.map((p) => `${p.kind}:${p.status}:${p.total_cents}`)).toEqual(['initial:succeeded:113000', 'renewal:succeeded:113000']);
    const after = (await status(member.token)).body.subscription;
    expect(after.status).toBe('active');
    expect(Date.parse(after.nextBillingDate)).toBeGreaterThan(firstDue + 27 * DAY);
    expect(await carTierOf(member.token)).toBe('rolls_royce');

    // Running the queue again charges nothing more until the next date.
    await t.app.jobs.runDue();
    expect(await paymentsOf(member.user._id)).toHaveLength(2);
    await cancel(member.token);
  });

  it('a declined renewal drops the member to the Honda Team and tells them in the inbox and by mail', async () => {
    const member = await man();
    const started = await create(member.token, { tier: 'tesla', paymentData: paymentData({ cardNumber: TEST_CARDS.declinesRenewals }) });
    expect(started.status).toBe(200);
    t.clock.advance(Date.parse(started.body.subscription.nextBillingDate) - t.clock.now().getTime());
    await t.app.jobs.runDue();
    await signIn(member);

    expect((await status(member.token)).body.status).toBe('free');
    expect(await carTierOf(member.token)).toBe('honda');
    expect((await paymentsOf(member.user._id)).map((p) => `${p.kind}:${p.status}`)).toEqual(['initial:succeeded', 'renewal:declined']);
    expect(await rowsOf(`select status from subscriptions where user_id = '${member.user._id}'`)).toEqual([{ status: 'lapsed' }]);

    const inbox = await t.call('GET', '/users/notifications', { token: member.token });
    const item = inbox.body.notifications.find((n: { type: string }) => n.type === 'membership');
    expect(item).toMatchObject({ title: 'Team membership ended', isRead: false });
    expect(item.message).toContain('We could not renew your Tesla Team membership');
    expect(item.message).toContain('You are now on the Honda Team');

    const mail = await t.sink.waitFor((m) => m.to.includes(member.email.toLowerCase()) && m.subject === 'Your Tesla Team membership has ended');
    expect(mail.text).toContain('You are now on the Honda Team');
    expect(mail.text).toContain('/car-tier');
  });
});

describe('a cancellation while the renewal runs', () => {
  it('ends cancelled on the Honda Team either way, with no deadlock or failed job', async () => {
    const member = await man();
    const started = await create(member.token, { tier: 'porsche', paymentData: paymentData() });
    const due = Date.parse(started.body.subscription.nextBillingDate);
    t.clock.advance(due - t.clock.now().getTime() - 60_000);
    await signIn(member);
    t.clock.advance(60_000);
    const [cancelled] = await Promise.all([cancel(member.token), t.app.jobs.runDue()]);
    expect(cancelled.status).toBe(200);
    expect(await rowsOf(`select s.status, u.car_tier from subscriptions s join users u on u.id = s.user_id where s.user_id = '${member.user._id}'`)).toEqual([
      { status: 'cancelled', car_tier: 'honda' },
    ]);
    const [{ id }] = (await rowsOf(`select id from subscriptions where user_id = '${member.user._id}'`)) as [{ id: string }];
    const renewJobs = await rowsOf(`select last_error, failed_at from jobs where kind = 'subscriptions.renew' and payload->>'subscriptionId' = '${id}'`);
    expect(renewJobs.length).toBeGreaterThan(0);
    expect(renewJobs.every((job) => job.last_error === null && job.failed_at === null)).toBe(true);
  });
});

describe('memberships of removed and banned members', () => {
  it('an admin’s removal ends the membership in its transaction; its renewal charges nothing', async () => {
    const admin = await t.verifiedMember({ email: ADMIN_EMAIL });
    const member = await man();
    await create(member.token, { tier: 'mercedes', paymentData: paymentData() });
    expect((await t.call('DELETE', `/admin/users/${member.user._id}`, { token: admin.token })).status).toBe(200);
    expect(await rowsOf(`select status from subscriptions where user_id = '${member.user._id}'`)).toEqual([{ status: 'ended' }]);
    t.clock.advance(32 * DAY);
    await t.app.jobs.runDue();
    expect(await paymentsOf(member.user._id)).toHaveLength(1);
  });

  it('a banned member is not charged again: the renewal ends the membership', async () => {
    const member = await man();
    await create(member.token, { tier: 'f150', paymentData: paymentData() });
    await t.database.db.execute(`update users set is_banned = true where id = '${member.user._id}'`);
    t.clock.advance(32 * DAY);
    await t.app.jobs.runDue();
    expect(await paymentsOf(member.user._id)).toHaveLength(1);
    expect(await rowsOf(`select s.status, u.car_tier from subscriptions s join users u on u.id = s.user_id where s.user_id = '${member.user._id}'`)).toEqual([
      { status: 'ended', car_tier: 'honda' },
    ]);
  });
});

describe('card data', () => {
  it('no card number or CVV reaches the database or the log, declined or paid', async () => {
    const member = await man();
    const number = '5555555555554444';
    const cvv = '9173';
    await create(member.token, { tier: 'jetta', paymentData: paymentData({ cardNumber: '4000 0000 0000 0002', cvv }) });
    const paid = await create(member.token, { tier: 'jetta', paymentData: paymentData({ cardNumber: '5555 5555 5555 4444', cvv }) });
    expect(paid.status).toBe(200);
    expect(paid.body.payment.card).toEqual({ brand: 'mastercard', last4: '4444' });
    // An invalid one too (its value must not come back in an error or a log line).
    await create(member.token, { tier: 'jetta', paymentData: paymentData({ cardNumber: '5555 5555 5555 4445', cvv }) });

    const tables = await rowsOf(`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`);
    const dump: string[] = [];
    for (const { table_name } of tables) {
      for (const row of await rowsOf(`select t::text as row from "${table_name}" t`)) dump.push(row.row);
    }
    const everything = dump.join('\n');
    expect(everything).toContain('4444'); // the last four are kept
    for (const secret of [number, '5555 5555 5555 4444', '5555555555554445', '4000000000000002']) {
      expect(everything).not.toContain(secret);
    }
    // Four digits turn up by chance as a group of a uuid or the fraction of a time (one run in a few
    // hundred): without those, the CVV must not stand as a value of its own.
    const uuids = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
    const times = /\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}(?::\d{2})?)?/g;
    const standsAlone = (text: string) => text.replace(uuids, ' ').replace(times, ' ').split(/[^0-9A-Za-z]+/).includes(cvv);
    expect(standsAlone(`id 2f1c9173-0000-4000-8000-000000000000 at 2026-11-26 16:09:17.9173+00`)).toBe(false);
    expect(standsAlone(`"cvv":"${cvv}"`)).toBe(true);
    expect(standsAlone(everything)).toBe(false);
    expect(logLines.length).toBeGreaterThan(0);
    const log = logLines.join('\n');
    for (const secret of [number, '5555 5555 5555', '4000 0000 0000 0002', '4000000000000002', '5555555555554445']) {
      expect(log).not.toContain(secret);
    }
    expect(standsAlone(log)).toBe(false);
  });
});

describe('referral points (issue 12)', () => {
  it('the inviter earns their points once, when the invited friend’s first paid membership starts', async () => {
    const inviter = await t.verifiedMember({ gender: 'female' });
    const friend = await t.verifiedMember({ gender: 'male', referralCode: inviter.user.referralCode });
    const referralEntries = () => rowsOf(`select points, description from score_events where user_id = '${inviter.user._id}' and once_key like 'referral:%'`);
    expect(await referralEntries()).toEqual([]);

    // A declined card starts nothing, so earns nothing.
    await create(friend.token, { tier: 'jetta', paymentData: paymentData({ cardNumber: '4000 0000 0000 0002' }) });
    expect(await referralEntries()).toEqual([]);

    expect((await create(friend.token, { tier: 'jetta', paymentData: paymentData() })).status).toBe(200);
    expect(await referralEntries()).toEqual([{ points: 15, description: `Referral bonus: ${friend.user.profile.name} subscribed` }]);
    const me = await t.call('GET', '/auth/me', { token: inviter.token });
    expect(me.body.user.reliabilityScore.current).toBe(650 + 25 + 15);

    // Changing team, cancelling and joining again earn nothing more.
    await create(friend.token, { tier: 'tesla', paymentData: paymentData() });
    await cancel(friend.token);
    await create(friend.token, { tier: 'jetta', paymentData: paymentData() });
    expect(await referralEntries()).toHaveLength(1);
  });
});
