import { randomBytes } from 'node:crypto';
import { BOOKING_ERRORS, bookingsPage } from '#shared/api/bookings.paths.ts';
import { CALENDAR_TEXTS, calendarPaths } from '#shared/api/calendar.ts';
import { DATE_TYPE_LABELS } from '#shared/domain/profile.ts';
import { instantToZoned } from '#shared/domain/time-zones.ts';
import { HttpError } from '#shared/http-error.ts';
import { calendarDateOf, calendarDatesOf, type CalendarDate } from '../bookings/bookings.read.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/client.ts';
import { isUuid } from '../platform/ids.ts';
import * as repo from './calendar.repo.ts';
import { writeCalendar, type IcsEvent, type IcsTimeZone } from './ics.ts';
import { timeZoneFor, zonedDateTime } from './ics-zones.ts';
import { DAY_MS } from '#shared/domain/durations.ts';

export { eraseMember } from './calendar.repo.ts';

const PRODUCT_ID = '-//Rendezvous//Dates//EN';
/** A date cancelled this recently stays in the feed, marked CANCELLED, so a subscribed calendar drops it. */
export const FEED_KEEPS_CANCELLED_DAYS = 30;
/** The most dates one feed lists (the soonest first). */
export const FEED_MAX_DATES = 500;
/** How often calendar apps are asked to fetch the feed again, in minutes; the answer may be cached as long. */
export const FEED_REFRESH_MINUTES = 60;
/** A feed secret: 32 random bytes, base64url, in the file name `<secret>.ics`. */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

/** A date that has a calendar file: confirmed, or cancelled (which the file says). */
const hasFile = (status: string): status is 'confirmed' | 'cancelled' => status === 'confirmed' || status === 'cancelled';
const newSecret = () => randomBytes(32).toString('base64url');
/** Only the first name of the other party travels into a booking's file; the feed carries none of theirs. */
const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? '';

export type CalendarFile = { fileName: string; text: string };

export function createCalendarService(deps: { db: Db; clock: Clock; publicUrl: string }) {
  const { db, clock, publicUrl } = deps;
  const uidDomain = new URL(publicUrl).hostname;

  /**
   * The event of one date. `withName`: the booking's own file names the other party by first name;
   * the feed, an address that may be passed around, carries nothing of theirs (issue 31).
   */
  function eventOf(date: CalendarDate, now: Date, withName: boolean): IcsEvent {
    const cancelled = date.status === 'cancelled';
    const kind = DATE_TYPE_LABELS[date.slot.dateType];
    // A removed member's name is theirs no more (decision 21): the date keeps only its kind.
    const other = withName && date.other.accountStatus !== 'deleted' ? firstNameOf(date.other.name) : '';
    const link = `${publicUrl}${bookingsPage.booking(date.id)}`;
    const place = date.venue.name ? [date.venue.name, date.venue.address] : [date.slot.venue, date.slot.address];
    return {
      uid: `${date.id}@${uidDomain}`,
      stamp: now,
      start: zonedDateTime(date.startsAt, date.slot.timeZone),
      end: zonedDateTime(date.endsAt, date.slot.timeZone),
      summary: other ? `${kind} with ${other}` : `${kind} date`,
      location: place.filter(Boolean).join(', '),
      description: cancelled ? `This date was cancelled. See it on Rendezvous: ${link}` : `Your date on Rendezvous. The details, and a chat, are here: ${link}`,
      url: link,
      sequence: cancelled ? 1 : 0,
      status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    };
  }

  /** One VTIMEZONE per zone the dates are in, covering them all. */
  function zonesOf(dates: CalendarDate[]): IcsTimeZone[] {
    const spans = new Map<string, { from: Date; to: Date }>();
    for (const date of dates) {
      const span = spans.get(date.slot.timeZone);
      spans.set(date.slot.timeZone, {
        from: span && span.from < date.startsAt ? span.from : date.startsAt,
        to: span && span.to > date.endsAt ? span.to : date.endsAt,
      });
    }
    return [...spans].map(([zone, { from, to }]) => timeZoneFor(zone, from, to));
  }

  const feedUrlOf = (secret: string) => `${publicUrl}${calendarPaths.feedFile(secret)}`;

  return {
    /** The .ics of one of the member's bookings; 404 when it is not theirs, 409 when it is not (or no longer) a date. */
    async bookingFile(memberId: string, bookingId: string): Promise<CalendarFile> {
      const date = isUuid(bookingId) ? await calendarDateOf(db, memberId, bookingId) : undefined;
      if (!date) throw new HttpError(404, BOOKING_ERRORS.notFound);
      if (!hasFile(date.status)) throw new HttpError(409, CALENDAR_TEXTS.noFile);
      const now = clock.now();
      return {
        fileName: `rendezvous-${instantToZoned(date.startsAt, date.slot.timeZone).date}.ics`,
        text: writeCalendar({ productId: PRODUCT_ID, timeZones: zonesOf([date]), events: [eventOf(date, now, true)] }),
      };
    },

    /** The member's feed address, its secret made on the first ask. */
    async feedUrl(memberId: string): Promise<string> {
      return feedUrlOf(await repo.feedSecretOf(db, memberId, newSecret(), clock.now()));
    },

    /** A new feed address; the old one answers 404 from now on. */
    async resetFeed(memberId: string): Promise<string> {
      const secret = newSecret();
      await repo.replaceFeedSecret(db, memberId, secret, clock.now());
      return feedUrlOf(secret);
    },

    /** The feed a file name `<secret>.ics` opens: the owner's upcoming dates; 404 for any other name. */
    async feed(fileName: string): Promise<string> {
      const secret = FEED_FILE.exec(fileName)?.[1];
      const owner = secret ? await repo.feedOwner(db, secret) : undefined;
      if (!owner) throw new HttpError(404, CALENDAR_TEXTS.feedNotFound);
      const now = clock.now();
      const dates = await calendarDatesOf(db, owner, now, new Date(now.getTime() - FEED_KEEPS_CANCELLED_DAYS * DAY_MS), FEED_MAX_DATES);
      return writeCalendar({
        productId: PRODUCT_ID,
        feed: { name: 'Rendezvous dates', refreshMinutes: FEED_REFRESH_MINUTES },
        timeZones: zonesOf(dates),
        events: dates.map((date) => eventOf(date, now, false)),
      });
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
