import { describe, expect, it } from 'vitest';
import { CAR_TIERS } from './car-tiers.ts';
import { addMonths, brandOf, chargeFor, formatCents, formatCvv, formatExpiry, formatPostalCode, groupCardNumber, hstOf, isExpired, luhnValid, PROVINCES } from './payment.ts';

describe('money', () => {
  it('adds 13 % HST in whole cents, rounded half up', () => {
    expect(hstOf(2500)).toBe(325);
    expect(hstOf(1)).toBe(0); // 0.13
    expect(hstOf(4)).toBe(1); // 0.52
    expect(hstOf(50)).toBe(7); // 6.5 → 7
    expect(hstOf(150)).toBe(20); // 19.5 → 20
    expect(hstOf(149)).toBe(19); // 19.37
  });

  it('charges every tier its price times 1.13 (account-and-admin §9)', () => {
    const totals = Object.fromEntries(CAR_TIERS.map((tier) => [tier.id, chargeFor(tier.monthlyPrice).totalCents]));
    expect(totals).toEqual({
      honda: 0,
      jetta: 2825,
      f150: 5650,
      vw_van: 8475,
      tesla: 11300,
      mercedes: 16950,
      porsche: 28250,
      lamborghini: 56500,
      rolls_royce: 113000,
    });
  });

  it('the tier table holds the spec’s monthly prices', () => {
    expect(CAR_TIERS.map((tier) => `${tier.id}:${tier.monthlyPrice}`)).toEqual([
      'honda:0',
      'jetta:25',
      'f150:50',
      'vw_van:75',
      'tesla:100',
      'mercedes:150',
      'porsche:250',
      'lamborghini:500',
      'rolls_royce:1000',
    ]);
  });

  it('formats cents as dollars', () => {
    expect(formatCents(113000)).toBe('$1,130.00');
    expect(formatCents(2825)).toBe('$28.25');
    expect(formatCents(5)).toBe('$0.05');
  });
});

describe('card checks', () => {
  it('Luhn', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('5555555555554444')).toBe(true);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42424242')).toBe(false);
    expect(luhnValid('4242 4242 4242 4242')).toBe(false);
  });

  it('brands', () => {
    expect(brandOf('4242424242424242')).toBe('visa');
    expect(brandOf('5555555555554444')).toBe('mastercard');
    expect(brandOf('2223003122003222')).toBe('mastercard');
    expect(brandOf('378282246310005')).toBe('amex');
    expect(brandOf('6011111111111117')).toBe('discover');
  });

  it('a card is good through the last moment of its expiry month', () => {
    expect(isExpired('11/26', new Date('2026-11-30T23:59:59Z'))).toBe(false);
    expect(isExpired('11/26', new Date('2026-12-01T00:00:00Z'))).toBe(true);
    expect(isExpired('10/26', new Date('2026-11-01T00:00:00Z'))).toBe(true);
    expect(isExpired('13/30', new Date('2026-11-01T00:00:00Z'))).toBe(true);
  });
});

describe('form formatting (account-and-admin §5)', () => {
  it('groups the card number in fours, at most 19 characters', () => {
    expect(groupCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(groupCardNumber('4242-4242 42a')).toBe('4242 4242 42');
    expect(groupCardNumber('42424242424242424242')).toHaveLength(19);
  });

  it('MM/YY, CVV digits (4 at most), postal code upper-cased', () => {
    expect(formatExpiry('1229')).toBe('12/29');
    expect(formatExpiry('12/2')).toBe('12/2');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('122934')).toBe('12/29');
    expect(formatCvv('1a2b3c4d5')).toBe('1234');
    expect(formatPostalCode('m5h 1a1')).toBe('M5H 1A1');
  });

  it('offers the 13 provinces and territories', () => {
    expect(PROVINCES).toHaveLength(13);
  });
});

describe('billing months', () => {
  it('the same day a month on, clamped to the month’s end', () => {
    expect(addMonths(new Date('2026-11-23T12:00:00Z'), 1).toISOString()).toBe('2026-12-23T12:00:00.000Z');
    expect(addMonths(new Date('2026-01-31T08:00:00Z'), 1).toISOString()).toBe('2026-02-28T08:00:00.000Z');
    expect(addMonths(new Date('2026-01-31T08:00:00Z'), 2).toISOString()).toBe('2026-03-31T08:00:00.000Z');
    expect(addMonths(new Date('2026-12-15T00:00:00Z'), 1).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });
});
