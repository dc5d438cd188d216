import { describe, expect, it } from 'vitest';
import type { OwnSlot } from '#shared/api/availability.ts';
import { monthsFrom } from './availability.api.ts';
import { dayState, monthTitle } from './month-calendar.tsx';

const slot = (isBooked: boolean) => ({ isBooked }) as OwnSlot;

describe('the host calendar', () => {
  it('colours a day green with an unbooked slot, red when all are booked, grey when past', () => {
    const today = '2026-11-23';
    expect(dayState('2026-11-22', today, [slot(false)])).toBe('past');
    expect(dayState('2026-11-23', today, [slot(true), slot(false)])).toBe('open');
    expect(dayState('2026-11-24', today, [slot(true), slot(true)])).toBe('booked');
    expect(dayState('2026-11-25', today, undefined)).toBe('none');
    expect(dayState('2026-11-25', today, [])).toBe('none');
  });

  it('loads the current month and the next 12, across the year end', () => {
    const months = monthsFrom('2026-11-23');
    expect(months).toHaveLength(13);
    expect(months[0]).toEqual({ year: 2026, month: 11 });
    expect(months[2]).toEqual({ year: 2027, month: 1 });
    expect(months[12]).toEqual({ year: 2027, month: 11 });
    expect(monthTitle(months[1]!)).toBe('December 2026');
  });
});
