/**
 * Payment rules both sides apply (account-and-admin §5, §9): card checks, the form's formatting,
 * and money in integer cents with Ontario's 13 % HST.
 */

/** HST in percent (account-and-admin §9: total is price times 1.13). */
export const HST_PERCENT = 13;
export const CURRENCY = 'CAD';

/** Tax on a subtotal in cents, in whole cents, rounded half up. */
export function hstOf(subtotalCents: number): number {
  return Math.floor((subtotalCents * HST_PERCENT + 50) / 100);
}

export type Charge = { subtotalCents: number; taxCents: number; totalCents: number };

export function chargeFor(monthlyPriceDollars: number): Charge {
  const subtotalCents = Math.round(monthlyPriceDollars * 100);
  const taxCents = hstOf(subtotalCents);
  return { subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}

/** $1,130.00 */
export function formatCents(cents: number): string {
  const dollars = Math.floor(cents / 100).toLocaleString('en-CA');
  return `$${dollars}.${String(cents % 100).padStart(2, '0')}`;
}

/** The 13 provinces and territories (the billing address's choice). */
export const PROVINCES = [
  { code: 'AB', name: 'Alberta' },
  { code: 'BC', name: 'British Columbia' },
  { code: 'MB', name: 'Manitoba' },
  { code: 'NB', name: 'New Brunswick' },
  { code: 'NL', name: 'Newfoundland and Labrador' },
  { code: 'NS', name: 'Nova Scotia' },
  { code: 'NT', name: 'Northwest Territories' },
  { code: 'NU', name: 'Nunavut' },
  { code: 'ON', name: 'Ontario' },
  { code: 'PE', name: 'Prince Edward Island' },
  { code: 'QC', name: 'Quebec' },
  { code: 'SK', name: 'Saskatchewan' },
  { code: 'YT', name: 'Yukon' },
] as const;
export const PROVINCE_CODES = PROVINCES.map((p) => p.code) as [(typeof PROVINCES)[number]['code'], ...(typeof PROVINCES)[number]['code'][]];
export type ProvinceCode = (typeof PROVINCES)[number]['code'];
export const DEFAULT_PROVINCE: ProvinceCode = 'ON';
export const DEFAULT_COUNTRY = 'Canada';

/** The form's limits (account-and-admin §5): grouped card number 19, MM/YY 5, CVV 4. */
export const CARD_NUMBER_MAX = 19;
export const EXPIRY_MAX = 5;
export const CVV_MAX = 4;

export const digitsOf = (value: string) => value.replace(/\D/g, '');

/** Card number as typed: digits only, grouped in fours, at most 19 characters ("4242 4242 4242 4242"). */
export function groupCardNumber(value: string): string {
  return (digitsOf(value).slice(0, 16).match(/.{1,4}/g) ?? []).join(' ');
}

/** Expiry as typed: digits only, a slash after the month ("12/29"). */
export function formatExpiry(value: string): string {
  const digits = digitsOf(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** CVV as typed: digits only, at most 4. */
export const formatCvv = (value: string) => digitsOf(value).slice(0, CVV_MAX);

/** Postal code as typed: upper case. */
export const formatPostalCode = (value: string) => value.toUpperCase();

/** The Luhn checksum every card number carries. */
export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'card';

export function brandOf(number: string): CardBrand {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'card';
}

export const EXPIRY_PATTERN = /^(0[1-9]|1[0-2])\/(\d{2})$/;

/** A card is good through the last day of its expiry month (UTC). */
export function isExpired(expiry: string, now: Date): boolean {
  const match = EXPIRY_PATTERN.exec(expiry);
  if (!match) return true;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  return now.getTime() >= Date.UTC(year, month, 1);
}

/** The same day `months` calendar months after `anchor` (UTC), clamped to the month's last day. */
export function addMonths(anchor: Date, months: number): Date {
  const target = new Date(anchor.getTime());
  const day = anchor.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}
