import { MONTHS, WEEKDAYS } from '#shared/domain/slot-when.ts';

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
  return utc
    ? { year: date.getUTCFullYear(), month: date.getUTCMonth(), day: date.getUTCDate(), weekday: date.getUTCDay() }
    : { year: date.getFullYear(), month: date.getMonth(), day: date.getDate(), weekday: date.getDay() };
}

const shortMonth = (month: number) => MONTHS[month]!.slice(0, 3);

/**
 * The app's fixed English date formats written without Intl, as `dateFormat` would write them: a
 * page whose dates are all these (or `slotDay`'s) needs no locale data (its route says so: `needsLocaleData`).
 */
export const englishDate = {
  /** "Nov 27, 2026" */
  short(date: Date, utc = false): string {
    const { year, month, day } = fieldsOf(date, utc);
    return `${shortMonth(month)} ${day}, ${year}`;
  },
  /** "Nov 27" */
  monthDay(date: Date): string {
    const { month, day } = fieldsOf(date, false);
    return `${shortMonth(month)} ${day}`;
  },
  /** "November 2026" */
  month(date: Date, utc = false): string {
    const { year, month } = fieldsOf(date, utc);
    return `${MONTHS[month]} ${year}`;
  },
  /** "Fri" */
  weekday(date: Date): string {
    return WEEKDAYS[date.getDay()]!.slice(0, 3);
  },
  /** "Fri, Nov 27, 2026" */
  weekdayDate(date: Date, utc = false): string {
    const { weekday } = fieldsOf(date, utc);
    return `${WEEKDAYS[weekday]!.slice(0, 3)}, ${englishDate.short(date, utc)}`;
  },
  /** "Friday, November 27" (with ", 2026" when `withYear`) */
  longDay(date: Date, withYear = false): string {
    const { year, month, day, weekday } = fieldsOf(date, false);
    return `${WEEKDAYS[weekday]}, ${MONTHS[month]} ${day}${withYear ? `, ${year}` : ''}`;
  },
  /** "8:05 PM" */
  time(date: Date): string {
    const hours = date.getHours();
    return `${hours % 12 || 12}:${String(date.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
  },
  /** "Nov 27, 2026, 8:05 PM" (Intl's medium date and short time) */
  dateTime(date: Date): string {
    return `${englishDate.short(date)}, ${englishDate.time(date)}`;
  },
};

let englishDevice: boolean | undefined;

/**
 * Whether the device's locale is en-US, whose formats `englishDate` writes. Plural rules tell the
 * default locale without the date data (well under a millisecond).
 */
export function deviceWritesEnglish(): boolean {
  return (englishDevice ??= new Intl.PluralRules().resolvedOptions().locale === 'en-US');
}

/**
 * A date in the device's own locale: Intl's, except on an en-US device, where `english` writes the
 * same text without loading the locale's data (a page whose dates are all these says so:
 * `needsLocaleData: 'unless-en-US'`).
 */
export function deviceDate(options: Intl.DateTimeFormatOptions, english: (date: Date) => string): { format(date: Date): string } {
  let made: Intl.DateTimeFormat | undefined;
  return { format: (date) => (deviceWritesEnglish() ? english(date) : (made ??= new Intl.DateTimeFormat(undefined, options)).format(date)) };
}
