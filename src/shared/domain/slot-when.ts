/**
 * How a date's time reads everywhere: screens, mails, push texts and calendar files. Always the
 * host's wall clock with the zone label the server computed ("Fri, Nov 27 · 10:00–11:30 MST"),
 * never shifted or relabelled by the reader's device (docs/time-zones.md).
 */

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export type SlotClock = { date: string; startTime: string; endTime: string; zoneLabel: string };

/** "Fri, Nov 27" (or "Friday, November 27") for "2026-11-27": calendar arithmetic, no zone involved. */
export function slotDay(date: string, long = false): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return date;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
  const monthName = MONTHS[month - 1]!;
  return long ? `${weekday}, ${monthName} ${day}` : `${weekday.slice(0, 3)}, ${monthName.slice(0, 3)} ${day}`;
}

/** "10:00–11:30 MST". A label not yet known (a time the server has not placed) is left out. */
export function slotTimes(slot: Omit<SlotClock, 'date'>): string {
  return `${slot.startTime}–${slot.endTime}${slot.zoneLabel ? ` ${slot.zoneLabel}` : ''}`;
}

/** "Fri, Nov 27 · 10:00–11:30 MST". */
export function slotWhen(slot: SlotClock): string {
  return `${slotDay(slot.date)} · ${slotTimes(slot)}`;
}

/** "Fri, Nov 27 at 10:00 MST": a date's start, in a sentence. */
export function slotStart(slot: Omit<SlotClock, 'endTime'>): string {
  return `${slotDay(slot.date)} at ${slot.startTime}${slot.zoneLabel ? ` ${slot.zoneLabel}` : ''}`;
}
