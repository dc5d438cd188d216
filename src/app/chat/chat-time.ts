import { deviceDate, englishDate } from '#app/platform/date-format.ts';
import { DAY_MS } from '#shared/domain/durations.ts';

/** How the chat screens show times: in the member's own locale and time zone. */


const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());

const clock = deviceDate({ hour: 'numeric', minute: '2-digit' }, englishDate.time);
const longDay = deviceDate({ weekday: 'long', month: 'long', day: 'numeric' }, (date) => englishDate.longDay(date));
const longDayOfYear = deviceDate({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }, (date) => englishDate.longDay(date, true));
const weekday = deviceDate({ weekday: 'short' }, englishDate.weekday);
const monthDay = deviceDate({ month: 'short', day: 'numeric' }, englishDate.monthDay);
const monthDayOfYear = deviceDate({ month: 'short', day: 'numeric', year: 'numeric' }, (date) => englishDate.short(date));

/** The clock time of a message: "2:05 PM". */
export const timeOf = (iso: string) => clock.format(new Date(iso));

/** The calendar day of a message, for grouping. */
export const dayKeyOf = (iso: string) => startOfDay(new Date(iso)).getTime();

/** A day separator: "Today", "Yesterday", or "Monday, November 23" (with the year when not this year's). */
export function dayLabelOf(iso: string, now = new Date()): string {
  const days = Math.round((startOfDay(now).getTime() - dayKeyOf(iso)) / DAY_MS);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  const date = new Date(iso);
  return (date.getFullYear() === now.getFullYear() ? longDay : longDayOfYear).format(date);
}

/** A conversation row's time: the clock today, the weekday within a week, else the date. */
export function whenOf(iso: string, now = new Date()): string {
  const days = Math.round((startOfDay(now).getTime() - dayKeyOf(iso)) / DAY_MS);
  if (days === 0) return timeOf(iso);
  if (days === 1) return 'Yesterday';
  const date = new Date(iso);
  if (days < 7) return weekday.format(date);
  return (date.getFullYear() === now.getFullYear() ? monthDay : monthDayOfYear).format(date);
}
