import { describe, expect, it } from 'vitest';
import { slotDay } from '#shared/domain/slot-when.ts';
import { englishDate } from './date-format.ts';

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
