import { MONTHS } from '#shared/domain/slot-when.ts';

/**
 * An English date formatter made on first use. The first Intl formatter of a page loads the
 * locale's data (12–30 ms on a desktop CPU, four times that on a slow phone); made at a module's
 * top level, that lengthened the task that loads the page's code (`loadDateData` does it earlier).
 */
export function dateFormat(options: Intl.DateTimeFormatOptions): { format(date: Date): string } {
  let made: Intl.DateTimeFormat | undefined;
  return { format: (date) => (made ??= new Intl.DateTimeFormat('en-US', options)).format(date) };
}

/**
 * Loads the locale's data for dates while the browser is idle (a member's page waits for its code
 * and data then), so the render that first shows a date is not one long task with that load.
 */
export function loadDateData(): void {
  const load = () => void new Intl.DateTimeFormat('en-US').format(0);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: 1000 });
  else setTimeout(load, 0);
}

/** A day's fields in the device's zone, or in UTC for a calendar day kept as a UTC instant. */
function fieldsOf(date: Date, utc: boolean) {
  return utc ? { year: date.getUTCFullYear(), month: date.getUTCMonth(), day: date.getUTCDate() } : { year: date.getFullYear(), month: date.getMonth(), day: date.getDate() };
}

/**
 * The app's fixed English date formats written without Intl, as `dateFormat` would write them: a
 * page whose dates are all these (or `slotDay`'s) needs no locale data (its route says so: `needsLocaleData`).
 */
export const englishDate = {
  /** "Nov 27, 2026" */
  short(date: Date, utc = false): string {
    const { year, month, day } = fieldsOf(date, utc);
    return `${MONTHS[month]!.slice(0, 3)} ${day}, ${year}`;
  },
  /** "November 2026" */
  month(date: Date, utc = false): string {
    const { year, month } = fieldsOf(date, utc);
    return `${MONTHS[month]} ${year}`;
  },
};
