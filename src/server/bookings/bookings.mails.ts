import { sql, type SQL } from 'drizzle-orm';
import { bookingsPage } from '#shared/api/bookings.paths.ts';
import { notificationsPage } from '#shared/api/notifications.paths.ts';
import { CANCEL_CUTOFF_HOURS, HOUR_MS, type BookingStatus } from '#shared/domain/booking.ts';
import { slotStart, slotWhen, type SlotClock } from '#shared/domain/slot-when.ts';
import { mayMail, settingsNote, takesPart, type EmailSetting, type Recipient } from '../notifications/notifications.read.ts';
import { enqueueEach, enqueueOne } from '../platform/jobs/jobs.ts';
import { frame, type MailMessage } from '../platform/mail/mailer.ts';
import type { ProposedVenue } from './bookings.tables.ts';

/** The job that sends one booking mail to one party (decision 59). */
export const BOOKING_MAIL_JOB = 'bookings.mail';
export type BookingMailKind = Extract<EmailSetting, 'newBooking' | 'bookingConfirmed' | 'bookingCancelled' | 'bookingReminder'>;
export type Party = 'host' | 'guest';
/** Ids only: the mail is written from the rows as they are when the job runs. */
export type BookingMailJob = { bookingId: string; kind: BookingMailKind; to: Party };

/** A confirmed date's reminder goes this long before it… */
export const REMINDER_LEAD_HOURS = 24;
/** …or at once when the date is nearer, unless it is this close (the confirmation has just told them). */
export const REMINDER_MIN_HOURS = 2;

/** When a date confirmed `now` is reminded of, or null for never. */
export function reminderAt(startsAt: Date, now: Date): Date | null {
  const lead = new Date(startsAt.getTime() - REMINDER_LEAD_HOURS * HOUR_MS);
  if (lead > now) return lead;
  return startsAt.getTime() - now.getTime() > REMINDER_MIN_HOURS * HOUR_MS ? now : null;
}

/**
 * The mail jobs of a booking_update event told to `toUserId`, as SQL to ride in the statement
 * that stores its inbox item: a confirmation mails the guest and queues each party's reminder
 * (`reminderAt`), a cancellation mails the party told.
 */
export function bookingEventMailJobs(event: 'confirmed' | 'cancelled', booking: { id: string; hostId: string; startsAt: Date }, toUserId: string, now: Date): SQL[] {
  const to: Party = toUserId === booking.hostId ? 'host' : 'guest';
  const job = (kind: BookingMailKind, party: Party, runAt: Date) =>
    enqueueOne(BOOKING_MAIL_JOB, { bookingId: booking.id, kind, to: party } satisfies BookingMailJob, { runAt, now });
  if (event === 'cancelled') return [job('bookingCancelled', to, now)];
  const remindAt = reminderAt(booking.startsAt, now);
  return [job('bookingConfirmed', to, now), ...(remindAt ? (['host', 'guest'] as const).map((party) => job('bookingReminder', party, remindAt)) : [])];
}

/** The host's newBooking job for each booking `bookingIds` selects (its column `id`), inside the request's statement. */
export const newBookingMailJobs = (bookingIds: SQL, now: SQL): SQL =>
  enqueueEach(
    BOOKING_MAIL_JOB,
    sql`select jsonb_build_object('bookingId', booking.id, 'kind', ${'newBooking' satisfies BookingMailKind}::text, 'to', ${'host' satisfies Party}::text) as payload
      from (${bookingIds}) as booking`,
    { runAt: now },
  );

/** What a booking mail is written from, read when it is sent (bookings.repo `mailFactsOf`). */
export type BookingMailFacts = {
  booking: {
    hostId: string;
    guestId: string;
    status: BookingStatus;
    startsAt: Date;
    requestMessage: string;
    responseMessage: string | null;
    proposedVenue: ProposedVenue;
    cancelReason: string | null;
  };
  slot: SlotClock;
  host: Recipient;
  guest: Recipient;
};

/** The title of every date that ends without either party's choice: its inbox item and its mail. */
export const DATE_CANCELLED_TITLE = 'Your date was cancelled';
/** The reason stored on a date a block ended (decision 74): its mail and its view name nobody. */
export const DATE_ENDED_REASON = 'Date cancelled';
/** All the other party of a date ended by a block is told, in their inbox and in the mail. */
export const dateEndedMessage = (slot: Omit<SlotClock, 'endTime'>) => `Your date on ${slotStart(slot)} is cancelled.`;

const quoted = (label: string, text: string | null) => (text?.trim() ? `\n\n${label}: "${text.trim()}"` : '');

/**
 * The mail a job sends now, or null when it no longer applies: the member does not want it (or can
 * no longer be mailed), the other party is banned or gone, or what it tells is no longer true (a
 * request already answered, a date no longer confirmed or already begun).
 */
export function bookingMail(job: BookingMailJob, facts: BookingMailFacts, now: Date, publicUrl: string): MailMessage | null {
  const { booking, slot } = facts;
  const to = facts[job.to];
  const other = facts[job.to === 'host' ? 'guest' : 'host'];
  if (!mayMail(to, job.kind)) return null;
  const when = slotWhen(slot);
  const venue = booking.proposedVenue.name ? `\n\nVenue: ${[booking.proposedVenue.name, booking.proposedVenue.address].filter(Boolean).join(', ')}` : '';
  const bookings = `${publicUrl}${bookingsPage.booking(job.bookingId)}`;
  const mail = (subject: string, body: string): MailMessage => ({ to: to.email, subject, text: frame(to.name, `${body}\n\n${settingsNote(publicUrl)}`) });

  switch (job.kind) {
    case 'newBooking':
      if (booking.status !== 'pending' || !takesPart(other)) return null;
      return mail(
        `New booking request from ${other.name}`,
        `${other.name} would like to meet you on ${when}.${venue}${quoted('Their message', booking.requestMessage)}\n\nAccept or decline the request here:\n\n${publicUrl}${notificationsPage.path}\n\nA request nobody answers expires when its time comes.`,
      );
    case 'bookingConfirmed':
      if (booking.status !== 'confirmed' || !takesPart(other)) return null;
      return mail(
        `Your date with ${other.name} is confirmed!`,
        `${other.name} accepted your booking request: you are meeting on ${when}.${venue}${quoted('Their message', booking.responseMessage)}\n\nYour date, and a chat with ${other.name}, are here:\n\n${bookings}\n\nAdd to calendar: open the attached .ics file, or subscribe to your private calendar feed from your profile.`,
      );
    case 'bookingCancelled': {
      if (booking.status !== 'cancelled') return null;
      // The mail carries the cancelled calendar file (bookings.jobs), which takes the date off a calendar it was added to.
      const yours = `\n\nYour bookings:\n\n${bookings}\n\nIf you added this date to your calendar, open the attached .ics file to remove it.`;
      // Ended by a block: only that it is cancelled, in the inbox item's words (no name, no reason).
      if (booking.cancelReason === DATE_ENDED_REASON) return mail(DATE_CANCELLED_TITLE, `${dateEndedMessage(slot)}${yours}`);
      // An admin's removal of the other member cancels too (decision 21): no name, nothing of theirs.
      if (other.accountStatus === 'deleted') {
        return mail(DATE_CANCELLED_TITLE, `The member you were to meet on ${when} is no longer on Rendezvous, so this date is cancelled.${yours}`);
      }
      return mail(`Your date with ${other.name} was cancelled`, `${other.name} cancelled your date on ${when}.${quoted('Their reason', booking.cancelReason)}${yours}`);
    }
    case 'bookingReminder':
      if (booking.status !== 'confirmed' || booking.startsAt <= now || !takesPart(other)) return null;
      return mail(
        `Reminder: your date with ${other.name} on ${slotStart(slot)}`,
        `A reminder of your date with ${other.name} on ${when}.${venue}\n\nThe details, and a chat with ${other.name}, are here:\n\n${bookings}\n\nIf you can no longer come, cancel there while the date is more than ${CANCEL_CUTOFF_HOURS} hours away.`,
      );
  }
}
