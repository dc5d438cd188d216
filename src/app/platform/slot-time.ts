import { dateFormat } from './date-format.ts';

/** How a slot's time reads everywhere: its wall-clock date and times in the host's zone, never shifted by the viewer's. */

const SLOT_DAY = dateFormat({ weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'Sat, Dec 5' for '2026-12-05'. */
export function slotDay(date: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.exec(date.slice(0, 10))?.[0];
  return day ? SLOT_DAY.format(new Date(`${day}T12:00:00Z`)) : date;
}

/** 'Vancouver' for 'America/Vancouver'. */
export function zoneName(timeZone: string): string {
  return (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');
}

/** 'Sat, Dec 5 · 19:00–22:00 (Vancouver time)'. */
export function slotWhen(slot: { date: string; startTime: string; endTime: string; timeZone: string }): string {
  return `${slotDay(slot.date)} · ${slot.startTime}–${slot.endTime} (${zoneName(slot.timeZone)} time)`;
}
