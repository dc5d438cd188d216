import { describe, expect, it } from 'vitest';
import { fixedClock } from '../platform/clock.ts';
import { TEST_CARDS, createTestPaymentProvider } from './payment-provider.ts';

const card = (number: string, overrides: Partial<{ expiry: string; cvv: string }> = {}) => ({ number, expiry: '12/29', cvv: '123', holder: 'Sam', ...overrides });
const base = { amountCents: 2825, currency: 'CAD', description: 'Jetta Team membership' };

describe('the test-mode payment provider', () => {
  it('pays with 4242 4242 4242 4242 and answers a reusable token that names no card number', async () => {
    const provider = createTestPaymentProvider({ clock: fixedClock(new Date('2026-11-23T12:00:00Z')) });
    const paid = await provider.charge({ ...base, card: card(TEST_CARDS.success), idempotencyKey: 'a' });
    expect(paid).toMatchObject({ status: 'succeeded', brand: 'visa', last4: '4242' });
    if (paid.status !== 'succeeded') throw new Error('unreachable');
    expect(paid.paymentMethod).not.toContain(TEST_CARDS.success);
    const renewed = await provider.charge({ ...base, paymentMethod: paid.paymentMethod, idempotencyKey: 'b' });
    expect(renewed).toMatchObject({ status: 'succeeded', brand: 'visa', last4: '4242' });
  });

  it('declines 4000 0000 0000 0002; and the renewals of 4000 0000 0000 0341', async () => {
    const provider = createTestPaymentProvider({ clock: fixedClock(new Date('2026-11-23T12:00:00Z')) });
    expect(await provider.charge({ ...base, card: card(TEST_CARDS.declined), idempotencyKey: 'c' })).toMatchObject({ status: 'declined', code: 'card_declined', last4: '0002' });
    const first = await provider.charge({ ...base, card: card(TEST_CARDS.declinesRenewals), idempotencyKey: 'd' });
    expect(first.status).toBe('succeeded');
    if (first.status !== 'succeeded') throw new Error('unreachable');
    expect(await provider.charge({ ...base, paymentMethod: first.paymentMethod, idempotencyKey: 'e' })).toMatchObject({ status: 'declined', code: 'card_declined' });
  });

  it('checks the number, the expiry by its clock and the CVV; a renewal after the card expires is declined', async () => {
    const clock = fixedClock(new Date('2026-11-23T12:00:00Z'));
    const provider = createTestPaymentProvider({ clock });
    expect(await provider.charge({ ...base, card: card('4242424242424241'), idempotencyKey: 'f' })).toMatchObject({ code: 'incorrect_number' });
    expect(await provider.charge({ ...base, card: card(TEST_CARDS.success, { expiry: '10/26' }), idempotencyKey: 'g' })).toMatchObject({ code: 'expired_card' });
    expect(await provider.charge({ ...base, card: card(TEST_CARDS.success, { cvv: '12' }), idempotencyKey: 'h' })).toMatchObject({ code: 'incorrect_cvc' });
    const paid = await provider.charge({ ...base, card: card(TEST_CARDS.success, { expiry: '12/26' }), idempotencyKey: 'i' });
    if (paid.status !== 'succeeded') throw new Error('expected a payment');
    clock.advance(40 * 24 * 60 * 60 * 1000);
    expect(await provider.charge({ ...base, paymentMethod: paid.paymentMethod, idempotencyKey: 'j' })).toMatchObject({ code: 'expired_card' });
    expect(await provider.charge({ ...base, paymentMethod: 'pm_forged', idempotencyKey: 'k' })).toMatchObject({ code: 'payment_method_unknown' });
  });

  it('answers a repeated idempotency key with the first answer, charging once', async () => {
    const provider = createTestPaymentProvider({ clock: fixedClock(new Date('2026-11-23T12:00:00Z')) });
    const first = await provider.charge({ ...base, card: card(TEST_CARDS.success), idempotencyKey: 'same' });
    const again = await provider.charge({ ...base, card: card(TEST_CARDS.success), idempotencyKey: 'same' });
    expect(again).toEqual(first);
  });

  it('refuses an amount that is not a positive whole number of cents', async () => {
    const provider = createTestPaymentProvider({ clock: fixedClock(new Date('2026-11-23T12:00:00Z')) });
    await expect(provider.charge({ ...base, amountCents: 28.25, card: card(TEST_CARDS.success), idempotencyKey: 'x' })).rejects.toThrow();
    await expect(provider.charge({ ...base, amountCents: 0, card: card(TEST_CARDS.success), idempotencyKey: 'y' })).rejects.toThrow();
  });
});
