import { minutesOf, timeOf } from './booking.ts';
import type { DateType } from './profile.ts';

/** A time-of-day choice that fills a new slot's start and end (core-journey §5). */
export type SlotPreset = {
  id: string;
  label: string;
  startTime: string;
  endTime: string;
  /** On today's date the preset is 'Past time' once the host's current hour reaches this. */
  cutoffHour: number;
};

const preset = (id: string, label: string, startTime: string, endTime: string): SlotPreset => ({
  id,
  label,
  startTime,
  endTime,
  cutoffHour: Math.ceil(minutesOf(endTime) / 60),
});

export const SLOT_PRESETS: Record<DateType, readonly SlotPreset[]> = {
  coffee: [preset('morning', 'Morning', '09:00', '12:00'), preset('afternoon', 'Afternoon', '13:00', '17:00')],
  lunch: [preset('lunch', 'Lunch', '11:30', '14:00')],
  dinner: [preset('dinner', 'Dinner', '19:00', '22:00')],
  drinks: [preset('evening', 'Evening', '18:00', '21:00'), preset('night', 'Night', '21:00', '24:00')],
  activity: [
    preset('morning', 'Morning', '09:00', '12:00'),
    preset('afternoon', 'Afternoon', '13:00', '17:00'),
    preset('evening', 'Evening', '18:00', '21:00'),
  ],
};

export const PAST_TIME = 'Past time';

/** Starts fall on these marks when a preset begins later than written (it is already under way today). */
const START_STEP_MINUTES = 15;

/**
 * The times a preset fills for a date, seen at the host's current wall clock; null when it is
 * 'Past time' (today, and the current hour reached its cutoff, or nothing of it is left). A preset
 * already under way today starts at the next quarter hour instead of a time already gone.
 */
export function presetTimes(
  preset: SlotPreset,
  date: string,
  now: { date: string; time: string },
): { startTime: string; endTime: string } | null {
  if (date !== now.date) return { startTime: preset.startTime, endTime: preset.endTime };
  const nowMinutes = minutesOf(now.time);
  if (Math.floor(nowMinutes / 60) >= preset.cutoffHour) return null;
  const nextMark = (Math.floor(nowMinutes / START_STEP_MINUTES) + 1) * START_STEP_MINUTES;
  const start = Math.max(minutesOf(preset.startTime), nextMark);
  if (start >= minutesOf(preset.endTime)) return null;
  return { startTime: timeOf(start), endTime: preset.endTime };
}
