import { describe, expect, it } from 'vitest';
import { slotDay } from '#shared/domain/slot-when.ts';
import { deviceDate, deviceWritesEnglish, englishDate } from './date-format.ts';

const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', options);

describe('englishDate', () => {
  it("writes each day of two years as Intl's en-US formats do, in UTC and in the device's zone", () => {
    for (let day = 0; day < 2 * 366; day++) {
      const date = new Date(Date.UTC(2026, 0, 1 + day, 7, 30));
      for (const utc of [true, false]) {
        const zone = utc ? { timeZone: 'UTC' } : {};
        expect(englishDate.short(date, utc)).toBe(intl({ month: 'short', day: 'numeric', year: 'numeric', ...zone }).format(date));
        expect(englishDate.month(date, utc)).toBe(intl({ month: 'long', year: 'numeric', ...zone }).format(date));
      }
      // The calendar's day labels: `slotDay` of the UTC day.
      expect(slotDay(date.toISOString().slice(0, 10), true)).toBe(intl({ weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(date));
    }
  });
});

describe("englishDate's clock and the chat's and inbox's days", () => {
  it("writes every minute of a day and each day of two years as Intl's en-US formats do", () => {
    for (let minute = 0; minute < 24 * 60; minute++) {
      const date = new Date(2026, 10, 28, 0, minute);
      expect(englishDate.time(date)).toBe(intl({ hour: 'numeric', minute: '2-digit' }).format(date));
    }
    for (let day = 0; day < 2 * 366; day++) {
      const date = new Date(2026, 0, 1 + day, day % 24, (day * 7) % 60);
      expect(englishDate.monthDay(date)).toBe(intl({ month: 'short', day: 'numeric' }).format(date));
      expect(englishDate.weekday(date)).toBe(intl({ weekday: 'short' }).format(date));
      expect(englishDate.longDay(date)).toBe(intl({ weekday: 'long', month: 'long', day: 'numeric' }).format(date));
      expect(englishDate.longDay(date, true)).toBe(intl({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(date));
      expect(englishDate.dateTime(date)).toBe(intl({ dateStyle: 'medium', timeStyle: 'short' }).format(date));
      const utcDay = new Date(Date.UTC(2026, 0, 1 + day));
      expect(englishDate.weekdayDate(utcDay, true)).toBe(intl({ timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }).format(utcDay));
      // The score's history dates were Intl's en-CA.
      expect(englishDate.short(date)).toBe(new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: 'short', day: 'numeric' }).format(date));
    }
  });
});

describe('deviceDate', () => {
  it("is the device's locale's format, written without Intl on an en-US device", () => {
    const english = new Intl.PluralRules().resolvedOptions().locale === 'en-US';
    const date = new Date(2026, 10, 28, 20, 5);
    const format = deviceDate({ hour: 'numeric', minute: '2-digit' }, () => 'by hand');
    expect(deviceWritesEnglish()).toBe(english);
    expect(format.format(date)).toBe(english ? 'by hand' : date.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' }));
  });
});
