import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { users } from '../auth/auth.read.ts';
import { availabilitySlots } from '../availability/availability.read.ts';
import { createNotifications, setBookingRequestStatus } from '../notifications/notifications.service.ts';
import type { MailDeps } from '../notifications/notifications.read.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import type { Jobs } from '../platform/jobs/jobs.ts';
import { announceEach } from '../platform/realtime/announce.ts';
import { BOOKING_MAIL_JOB, bookingMail, type BookingMailJob, type BookingMailKind } from './bookings.mails.ts';
import { mailFactsOf } from './bookings.repo.ts';
import { bookings } from './bookings.tables.ts';
import { slotStart, slotTimes } from '#shared/domain/slot-when.ts';
import { MINUTE_MS } from '#shared/domain/durations.ts';

export const EXPIRE_PENDING_BOOKINGS = 'expire-pending-bookings';
/** Requests expired per transaction: a backlog is worked through in short steps. */
export const EXPIRY_BATCH = 200;

/** The .ics of a member's date, which the confirmation and cancellation mails carry (the calendar feature writes it). */
export type CalendarFileOf = (memberId: string, bookingId: string) => Promise<{ fileName: string; text: string }>;

/**
 * The mails that carry the date's .ics as it is when sent: the confirmation, and the cancellation of
 * a confirmed date (the same UID, a higher SEQUENCE, STATUS:CANCELLED), so a calendar that imported
 * the first file takes the date out.
 */
const CARRIES_CALENDAR_FILE: ReadonlySet<BookingMailKind> = new Set(['bookingConfirmed', 'bookingCancelled']);

export function registerBookingJobs(jobs: Jobs, mail: MailDeps & { calendarFileOf: CalendarFileOf }) {
  jobs.every(EXPIRE_PENDING_BOOKINGS, MINUTE_MS, async (_payload, { db, now }) => {
    await expirePendingBookings(db, now);
  });
  registerBookingMails(jobs, mail);
}

/**
 * Sends one booking mail: reads the booking, its slot and both parties now, and sends what
 * `bookingMail` writes, if anything. A mail the server could not hand over throws, and the job
 * queue tries again later.
 */
function registerBookingMails(jobs: Jobs, deps: MailDeps & { calendarFileOf: CalendarFileOf }) {
  jobs.register(BOOKING_MAIL_JOB, async (payload, { db, now }) => {
    const job = payload as BookingMailJob;
    const facts = await mailFactsOf(db, job.bookingId);
    const mail = facts && bookingMail(job, facts, now, deps.publicUrl);
    if (!mail) return;
    if (CARRIES_CALENDAR_FILE.has(job.kind)) {
      const file = await deps.calendarFileOf(job.to === 'host' ? facts.booking.hostId : facts.booking.guestId, job.bookingId);
      mail.attachments = [{ filename: file.fileName, content: file.text, contentType: 'text/calendar; charset=utf-8' }];
    }
    await deps.mailer.send(mail);
  });
}

/**
 * One batch of requests still pending when their date began, marked auto_cancelled in one
 * statement. Rows a host is answering at this moment are skipped (their answer wins); the next
 * run sees them again if the answer did not come.
 */
async function expireBatch(tx: Tx, now: Date, limit: number) {
  const due = tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.status, 'pending'), lte(bookings.startsAt, now)))
    .orderBy(asc(bookings.startsAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(bookings)
    .set({ status: 'auto_cancelled', updatedAt: now })
    .from(availabilitySlots)
    // The slot's host is the booking's host (a joined table cannot name the updated one).
    .innerJoin(users, eq(users.id, availabilitySlots.hostId))
    .where(and(inArray(bookings.id, due), eq(availabilitySlots.id, bookings.slotId)))
    .returning({
      id: bookings.id,
      guestId: bookings.guestId,
      hostId: bookings.hostId,
      hostName: users.name,
      date: availabilitySlots.date,
      startTime: availabilitySlots.startTime,
      endTime: availabilitySlots.endTime,
      zoneLabel: availabilitySlots.zoneLabel,
      venue: sql<string>`${bookings.proposedVenue}->>'name'`,
    });
}

/**
 * 'expire-pending-bookings': a request nobody answered before its time is auto_cancelled; the
 * guest hears so and the host's request item shows it. Returns how many expired.
 */
export async function expirePendingBookings(db: Db, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const expired = await db.transaction(async (tx) => {
      const rows = await expireBatch(tx, now, EXPIRY_BATCH);
      await createNotifications(
        tx,
        rows.map((row) => ({
          userId: row.guestId,
          senderId: row.hostId,
          type: 'booking_update' as const,
          title: 'Booking request expired',
          message: `Your request expired: ${row.hostName} did not answer before ${slotStart(row)}.`,
          data: { profileId: row.hostId, bookingId: row.id, date: row.date, proposedTime: slotTimes(row), venue: row.venue },
          createdAt: now,
        })),
      );
      await setBookingRequestStatus(tx, rows.map((row) => ({ id: row.id, hostId: row.hostId })), 'auto_cancelled');
      await announceEach(
        tx,
        rows.map((row) => ({ to: [row.hostId, row.guestId], event: { type: 'bookingChanged' as const, bookingId: row.id, status: 'auto_cancelled' } })),
      );
      return rows.length;
    });
    total += expired;
    if (expired < EXPIRY_BATCH) return total;
  }
}
