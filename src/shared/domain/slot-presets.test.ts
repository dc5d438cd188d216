import { describe, expect, it } from 'vitest';
import { DATE_TYPES } from './profile.ts';
import { PAST_TIME, SLOT_PRESETS, presetTimes } from './slot-presets.ts';

const find = (type: keyof typeof SLOT_PRESETS, id: string) => SLOT_PRESETS[type].find((p) => p.id === id)!;

describe('slot presets', () => {
  it("carry the spec's times and cutoffs", () => {
    expect(find('coffee', 'morning')).toMatchObject({ startTime: '09:00', endTime: '12:00', cutoffHour: 12 });
    expect(find('dinner', 'dinner')).toMatchObject({ startTime: '19:00', endTime: '22:00', cutoffHour: 22 });
    expect(find('drinks', 'night')).toMatchObject({ startTime: '21:00', endTime: '24:00', cutoffHour: 24 });
    expect(find('lunch', 'lunch')).toMatchObject({ startTime: '11:30', endTime: '14:00', cutoffHour: 14 });
    for (const type of DATE_TYPES) expect(SLOT_PRESETS[type].length).toBeGreaterThan(0);
    expect(PAST_TIME).toBe('Past time');
  });

  it('fill the written times on any later day', () => {
    expect(presetTimes(find('coffee', 'morning'), '2026-11-24', { date: '2026-11-23', time: '23:59' })).toEqual({ startTime: '09:00', endTime: '12:00' });
  });

  it("are 'Past time' today once the current hour reaches the cutoff", () => {
    const morning = find('coffee', 'morning');
    const today = '2026-11-23';
    expect(presetTimes(morning, today, { date: today, time: '08:10' })).toEqual({ startTime: '09:00', endTime: '12:00' });
    expect(presetTimes(morning, today, { date: today, time: '12:00' })).toBeNull();
    // 21:50: nothing of the dinner preset is left after the next quarter hour.
    expect(presetTimes(find('dinner', 'dinner'), today, { date: today, time: '21:50' })).toBeNull();
    expect(presetTimes(find('dinner', 'dinner'), today, { date: today, time: '21:20' })).toEqual({ startTime: '21:30', endTime: '22:00' });
    expect(presetTimes(find('dinner', 'dinner'), today, { date: today, time: '22:00' })).toBeNull();
    // Night runs to midnight: never past before the day ends.
    expect(presetTimes(find('drinks', 'night'), today, { date: today, time: '23:10' })).toEqual({ startTime: '23:15', endTime: '24:00' });
  });

  it('start at the next quarter hour when already under way today', () => {
    expect(presetTimes(find('coffee', 'morning'), '2026-11-23', { date: '2026-11-23', time: '10:07' })).toEqual({ startTime: '10:15', endTime: '12:00' });
    expect(presetTimes(find('coffee', 'morning'), '2026-11-23', { date: '2026-11-23', time: '10:15' })).toEqual({ startTime: '10:30', endTime: '12:00' });
  });
});
