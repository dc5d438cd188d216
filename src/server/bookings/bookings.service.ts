import type { z } from 'zod';
import {
  BOOKING_ERRORS,
  type Booking,
  type BookingRequestBodySchema,
  type CancelBodySchema,
  type CompleteBodySchema,
  type MyBookingsQuerySchema,
  type NoShowBodySchema,
  type RespondBodySchema,
} from '#shared/api/bookings.ts';
import { missingForBooking, type MissingField } from '#shared/domain/booking-profile.ts';
import {
  CANCEL_CUTOFF_HOURS,
  HOUR_MS,
  POINTS,
  REVIEW_AFTER_HOURS,
  cancellationPenalty,
  isNoShow,
  type BookingStatus,
} from '#shared/domain/booking.ts';
import { DATE_TYPE_LABELS } from '#shared/domain/profile.ts';
import { SCORE_MIN_TO_BOOK } from '#shared/domain/score.ts';
import { slotStart } from '#shared/domain/slot-when.ts';
import { HttpError } from '#shared/http-error.ts';
import { isDiscoverable, type MemberRow as UserRow } from '../auth/auth.read.ts';
import { dayOf, lockSlot, releaseSeat, takeSeat, toPublicSlot } from '../availability/availability.service.ts';
import {
  createNotification,
  createNotifications,
  insertItemsFrom,
  setBookingRequestStatus,
  type AlsoInStatement,
  type NewNotification,
} from '../notifications/notifications.service.ts';
import type { Member } from '../platform/auth.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { PG, pgErrorCode } from '../platform/db/pg-errors.ts';
import { isUuid } from '../platform/ids.ts';
import { announceEach, announceWith, type Announcement } from '../platform/realtime/announce.ts';
import { presenceBetweenPayloads } from '../platform/realtime/presence.ts';
import { toPhoto } from '../profiles/photos.read.ts';
import { toMemberSummary } from '../profiles/profiles.service.ts';
import { bookingRequestPushJobs, pushExpiresAt, type BookingPushEvent } from '../push/push.service.ts';
import { recordScoreEvents, type ScoreEntry } from '../score/score.service.ts';
import { bookingEventMailJobs, DATE_CANCELLED_TITLE, DATE_ENDED_REASON, dateEndedMessage } from './bookings.mails.ts';
import { toDateStats } from './bookings.read.ts';
import * as repo from './bookings.repo.ts';
import type { Review } from './bookings.tables.ts';

/** The admin's figures and member list. */
export { bookingCountsOf, bookingTotals, datesBetween } from './bookings.repo.ts';

type RequestBody = z.output<typeof BookingRequestBodySchema>;
type RespondBody = z.output<typeof RespondBodySchema>;
type CancelBody = z.output<typeof CancelBodySchema>;
type CompleteBody = z.output<typeof CompleteBodySchema>;
type NoShowBody = z.output<typeof NoShowBodySchema>;
type MyBookingsQuery = z.output<typeof MyBookingsQuerySchema>;
type Role = 'host' | 'guest';

/** The text other pending requests get when a slot fills up. */
export const SLOT_JUST_BOOKED = 'This time has just been booked';
export const NO_SHOW_WHO = 'Say who did not come: the other member, or both';

export const BOOKING_MESSAGES = {
  requested: 'Booking request sent!',
  confirmed: 'Booking confirmed!',
  declined: 'Booking declined',
  cancelled: 'Booking cancelled',
  completed: 'Thanks for your review!',
  noShow: 'No-show reported',
} as const;

/** The 400 of an incomplete profile also names what is missing (core-journey §8: 'Missing: {missing_fields}'). */
export class ProfileIncompleteError extends HttpError {
  readonly missing: MissingField[];

  constructor(missing: MissingField[]) {
    super(
      400,
      BOOKING_ERRORS.profileIncomplete,
      missing.map((field) => ({ field, message: `${field.replace('_', ' ')} is required` })),
    );
    this.missing = missing;
  }

  override toBody() {
    return { ...super.toBody(), missing: this.missing };
  }
}

const hoursUntil = (startsAt: Date, now: Date) => (startsAt.getTime() - now.getTime()) / HOUR_MS;
const roleOf = (booking: repo.BookingView, memberId: string): Role => (booking.hostId === memberId ? 'host' : 'guest');
const ownReview = (booking: repo.BookingView, role: Role) => (role === 'host' ? booking.hostReview : booking.guestReview);
const otherIdOf = (booking: repo.BookingRow, memberId: string) => (booking.hostId === memberId ? booking.guestId : booking.hostId);
const roleOfMember = (booking: repo.BookingView, id: string | null): Role | null =>
  id === booking.hostId ? 'host' : id === booking.guestId ? 'guest' : null;
/** Who cancelled, as the two see it: nobody for a date a block ended (the other party is told only that it is cancelled). */
const cancelledByShown = (booking: repo.BookingView): Role | null =>
  booking.cancelReason === DATE_ENDED_REASON ? null : roleOfMember(booking, booking.cancelledBy);
/** Statuses a booking reaches only through confirmation. */
const WAS_CONFIRMED = (status: BookingStatus) => status === 'confirmed' || status === 'completed' || status === 'cancelled' || isNoShow(status);

const reviewOf = (review: Review | null) =>
  review && { rating: review.rating, comment: review.comment, wouldMeetAgain: review.wouldMeetAgain, createdAt: review.createdAt };

/**
 * A booking as one of its parties sees it now. Every object is built here field by field, stored
 * JSON (venue, reviews) included, so my bookings can be written without zod reading it again
 * (bookings.routes `asBuilt`).
 */
export function toBooking(parts: repo.BookingWithParts, viewerId: string, now: Date): Booking {
  const { booking, slot } = parts;
  const otherParty = toMemberSummary(parts.other, parts.otherPhotos.map(toPhoto), toDateStats(parts.otherStats));
  const role = roleOf(booking, viewerId);
  const hours = hoursUntil(booking.startsAt, now);
  const startsAt = booking.startsAt.toISOString();
  const venue = booking.proposedVenue;
  const confirmed = booking.status === 'confirmed';
  const canCancel = confirmed && hours > CANCEL_CUTOFF_HOURS && !ownReview(booking, role);
  return {
    _id: booking.id,
    status: booking.status,
    userRole: role,
    otherParty,
    availability: toPublicSlot(slot),
    proposedDateTime: startsAt,
    proposedVenue: { name: venue.name, address: venue.address, type: venue.type, priceRange: venue.priceRange },
    confirmedDetails: WAS_CONFIRMED(booking.status) ? { dateTime: startsAt, venue: { name: venue.name } } : null,
    requestMessage: booking.requestMessage,
    responseMessage: booking.responseMessage,
    paymentResponsibility: { paidBy: booking.paidBy },
    completion: { hostReview: reviewOf(booking.hostReview), guestReview: reviewOf(booking.guestReview) },
    cancellation:
      booking.status === 'cancelled'
        ? { cancelledBy: cancelledByShown(booking), reason: booking.cancelReason ?? '', penalty: booking.cancellationPenalty ?? 0 }
        : null,
    noShow: isNoShow(booking.status) ? { reportedBy: roleOfMember(booking, booking.noShowReportedBy), reason: booking.noShowReason ?? '' } : null,
    canCancel,
    cancellationPenalty: confirmed ? cancellationPenalty(hours) : 0,
    hoursUntilDate: Math.round(hours * 100) / 100,
    createdAt: booking.createdAt.toISOString(),
    updatedAt: booking.updatedAt.toISOString(),
  };
}

/** What a transition wrote: the booking's row as it now is, and the seats it took (1) or gave back (−1). */
type Written = { booking: repo.BookingRow; seats?: number };

type Changed = Pick<repo.BookingRow, 'id' | 'hostId' | 'guestId' | 'status'>;
/** Both parties hear that the booking changed, so their open screens ask again. */
const changeOf = (b: Changed): Announcement => ({ to: [b.hostId, b.guestId], event: { type: 'bookingChanged', bookingId: b.id, status: b.status } });

/** A booking_update item for one party; `bookingEvent` (confirmed, cancelled) also pushes it, as their settings allow. */
function bookingUpdate(
  userId: string,
  senderId: string,
  booking: repo.BookingRow,
  title: string,
  message: string,
  at: Date,
  bookingEvent?: BookingPushEvent,
): NewNotification {
  const data = { profileId: senderId, bookingId: booking.id, date: booking.startsAt.toISOString() };
  return { userId, senderId, type: 'booking_update', title, message, data, createdAt: at, bookingEvent };
}

/** What the other party of an upcoming date hears when an admin removes the member (no name: nothing of theirs stays). */
export const MEMBER_REMOVED_TITLE = DATE_CANCELLED_TITLE;
export const memberRemovedMessage = (slot: repo.SlotRow) =>
  `The member you were to meet on ${slotStart(slot)} is no longer on Rendezvous, so this date is cancelled.`;
export const MEMBER_REMOVED_REASON = 'Account removed';

/** What ends a member's upcoming bookings without either party at fault, and what the other party reads. */
type Ending = { reason: string; message: (slot: repo.SlotRow) => string };

type Cancellation = Required<Pick<repo.NewBooking, 'cancelledBy' | 'cancelReason' | 'cancellationPenalty' | 'updatedAt'>>;
/** A confirmed date cancelled: its status and why, both promised times and the seat freed, as writes for one statement. */
const cancellation = (tx: Tx, booking: repo.BookingRow, values: Cancellation) => [
  repo.bookingSet(tx, booking.id, { ...values, status: 'cancelled' }),
  repo.commitmentsGone(tx, booking.id),
  releaseSeat(tx, booking.slotId),
];

/**
 * Each upcoming booking of `memberId` (with `otherId` only, when given) ends: a confirmed date
 * becomes cancelled (no penalty; both promised times and the seat are freed), a pending request
 * auto_cancelled; the other party is told in their inbox, with no sender, and a host's request item
 * shows the outcome. Slots and bookings are locked as every transition locks them. How many ended.
 */
async function endUpcomingBookings(tx: Tx, memberId: string, otherId: string | null, now: Date, ending: Ending): Promise<number> {
  const upcoming = await repo.lockUpcomingBookingsOf(tx, memberId, now, otherId);
  for (const { booking, slot } of upcoming) {
    const told = otherIdOf(booking, memberId);
    const confirmed = booking.status === 'confirmed';
    await createNotification(
      tx,
      {
        userId: told,
        senderId: null,
        type: 'booking_update',
        title: DATE_CANCELLED_TITLE,
        message: ending.message(slot),
        data: { bookingId: booking.id, date: booking.startsAt.toISOString() },
        createdAt: now,
        // Pushed like any cancellation by the other party (push.bookingCancelled).
        bookingEvent: 'cancelled',
      },
      confirmed
        ? {
            // A cancelled date is mailed like any cancellation too (decision 59).
            write: [
              ...cancellation(tx, booking, { cancelledBy: memberId, cancelReason: ending.reason, cancellationPenalty: 0, updatedAt: now }),
              ...bookingEventMailJobs('cancelled', booking, told, now),
            ],
          }
        : {
            write: [repo.bookingSet(tx, booking.id, { status: 'auto_cancelled', responseMessage: ending.reason, updatedAt: now })],
            // The host's request item ends whoever ended it (a removed host's inbox is erased after this anyway).
            settles: { bookings: [{ id: booking.id, hostId: booking.hostId }], status: 'cancelled' },
          },
    );
  }
  return upcoming.length;
}

/** Inside an admin's removal of a member (decision 21): each of their bookings that has not begun ends. */
export const endBookingsOfRemovedMember = (tx: Tx, memberId: string, now: Date) =>
  endUpcomingBookings(tx, memberId, null, now, { reason: MEMBER_REMOVED_REASON, message: memberRemovedMessage });

/** Inside a block (blocks.service): what is still ahead between the two ends, neither at fault; the other party reads only that it is cancelled (decision 74). */
export const endBookingsOfBlock = (tx: Tx, blockerId: string, blockedId: string, now: Date) =>
  endUpcomingBookings(tx, blockerId, blockedId, now, { reason: DATE_ENDED_REASON, message: dateEndedMessage });

/** What a guest whose request was pending reads when the host removes the time. */
export const HOST_REMOVED_TIME = 'The host removed this time';

/**
 * A slot its host removed (availability's `remove`, in its transaction, which passes this in): its
 * pending requests are declined, each guest told, and both parties' screens announced. How many.
 */
export async function declineRequestsOnRemovedSlot(tx: Tx, slot: repo.SlotRow, now: Date): Promise<number> {
  const declined = await repo.declinePendingOnSlot(tx, slot.id, null, HOST_REMOVED_TIME, now);
  if (declined.length === 0) return 0;
  const hostName = await repo.memberNameOf(tx, slot.hostId);
  const what = `${DATE_TYPE_LABELS[slot.dateType]} on ${slotStart({ ...slot, date: dayOf(slot.date) })}`;
  for (const booking of declined) {
    await createNotification(tx, {
      userId: booking.guestId,
      senderId: slot.hostId,
      type: 'booking_update',
      title: 'Booking request declined',
      message: `${hostName ?? 'The host'} removed the time you asked for (${what}). ${HOST_REMOVED_TIME}.`,
      data: { profileId: slot.hostId, bookingId: booking.id, date: dayOf(slot.date), venue: slot.venue },
      createdAt: now,
    });
  }
  await setBookingRequestStatus(
    tx,
    declined.map((booking) => ({ id: booking.id, hostId: slot.hostId })),
    'declined',
  );
  await announceEach(
    tx,
    declined.map((booking) => ({ to: [slot.hostId, booking.guestId], event: { type: 'bookingChanged' as const, bookingId: booking.id, status: 'declined' } })),
  );
  return declined.length;
}

/** The answer to a booking request that broke a rule (bookings.repo REQUEST_RULES; the profile's own answer names what is missing). */
const REQUEST_REFUSALS: Record<Exclude<repo.RequestRule, 'profileComplete'>, [number, string]> = {
  slotExists: [404, BOOKING_ERRORS.slotGone],
  notOwnSlot: [400, BOOKING_ERRORS.ownSlot],
  hostVisible: [404, BOOKING_ERRORS.slotGone],
  notStarted: [400, BOOKING_ERRORS.pastSlot],
  notFull: [409, BOOKING_ERRORS.slotFull],
};

export type BookingsDeps = {
  db: Db;
  clock: Clock;
  /** The signed-in member's row. */
  userOf: (member: Member) => Promise<UserRow>;
  /** Whom browse would show the viewer, as SQL over the users table (a host one cannot see cannot be booked). */
  visibleTo: (viewer: Member) => Promise<repo.HostVisibility>;
};

export function createBookingsService(deps: BookingsDeps) {
  const { db, clock } = deps;

  function views(memberId: string, parts: repo.BookingWithParts[]): Booking[] {
    const now = clock.now();
    return parts.map((part) => toBooking(part, memberId, now));
  }

  /** The booking as `memberId` sees it, read after a change committed. */
  async function viewOf(memberId: string, bookingId: string): Promise<Booking> {
    const parts = await repo.bookingsOf(db, memberId, { perspective: 'all', bookingId });
    if (parts.length === 0) throw new HttpError(404, BOOKING_ERRORS.notFound);
    return views(memberId, parts)[0]!;
  }

  /**
   * Runs one transition: the slot (when it changes) and then the booking are locked, in that order
   * everywhere, so transitions on one slot queue up rather than deadlock. Only a party finds the
   * booking. `refuse` holds the checks on what only moves one way (a status never returns to pending
   * or confirmed, a review stays, time passes): they run first on an unlocked read, so a refusal
   * takes no lock and waits for none (999 late confirmations of a full slot do not queue behind
   * it), and again on the locked row. `change` tells both parties of it (`bookingChanged`, see
   * `tell`) in the transaction, and returns what it wrote: the answer is then built from the locked
   * read and that, not read again (a change that returns nothing, such as one that finishes a date
   * and so moves the parties' date stats, is read again after the commit).
   */
  async function transition(
    member: Member,
    bookingId: string,
    options: { lockSlot: boolean; refuse: (booking: repo.BookingRow, now: Date) => void },
    change: (tx: Tx, locked: repo.LockedBooking, now: Date, slot: repo.SlotRow | undefined) => Promise<Written | void>,
  ): Promise<Booking> {
    if (!isUuid(bookingId)) throw new HttpError(404, BOOKING_ERRORS.notFound);
    const now = clock.now();
    const seen = await repo.findBooking(db, bookingId);
    if (!seen || (seen.hostId !== member.id && seen.guestId !== member.id)) throw new HttpError(404, BOOKING_ERRORS.notFound);
    options.refuse(seen, now);
    const answer = await db.transaction(async (tx) => {
      const slot = options.lockSlot ? await lockSlot(tx, seen.slotId) : undefined;
      const locked = await repo.lockBooking(tx, bookingId, member.id);
      if (!locked) throw new HttpError(404, BOOKING_ERRORS.notFound);
      options.refuse(locked.row, now);
      const written = await change(tx, locked, now, slot);
      if (!written) return undefined;
      const { parts } = locked;
      const confirmedCount = Math.max(0, parts.slot.confirmedCount + (written.seats ?? 0));
      return toBooking({ ...parts, booking: written.booking, slot: { ...parts.slot, confirmedCount } }, member.id, now);
    });
    return answer ?? viewOf(member.id, bookingId);
  }

  /**
   * Tells one party of a booking's change in their inbox (see bookingUpdate) and both parties that
   * it now has `status`, with the mails `bookingEvent` queues and `also`, in one statement.
   */
  function tell(
    tx: Tx,
    { userId, senderId, booking, status, title, message, at, bookingEvent, also = {} }: {
      userId: string;
      senderId: string;
      booking: repo.BookingRow;
      status: BookingStatus;
      title: string;
      message: string;
      at: Date;
      bookingEvent?: BookingPushEvent;
      also?: Pick<AlsoInStatement, 'settles' | 'notify' | 'write'>;
    },
  ) {
    const mails = bookingEvent ? bookingEventMailJobs(bookingEvent, booking, userId, at) : [];
    return createNotification(tx, bookingUpdate(userId, senderId, booking, title, message, at, bookingEvent), {
      ...also,
      announce: [changeOf({ ...booking, status })],
      write: [...(also.write ?? []), ...mails],
    });
  }

  function requireConfirmed(booking: repo.BookingRow) {
    if (booking.status !== 'confirmed') throw new HttpError(409, BOOKING_ERRORS.notConfirmed);
  }

  /** A confirmed date, its review time come, that the member has not reviewed yet (complete, no-show). */
  const reviewable = (member: Member) => (booking: repo.BookingRow, now: Date) => {
    requireConfirmed(booking);
    if (now.getTime() < booking.startsAt.getTime() + REVIEW_AFTER_HOURS * HOUR_MS) throw new HttpError(409, BOOKING_ERRORS.tooEarlyToReview);
    if (ownReview(booking, roleOf(booking, member.id))) throw new HttpError(409, BOOKING_ERRORS.alreadyReviewed);
  };

  /** `slot` is locked: its count stays as read until the commit. */
  async function confirm(tx: Tx, booking: repo.BookingRow, slot: repo.SlotRow, host: Member, message: string, now: Date): Promise<Written> {
    if (booking.startsAt <= now) throw new HttpError(409, BOOKING_ERRORS.pastSlot);
    if (slot.confirmedCount >= slot.maxBookings) throw new HttpError(409, BOOKING_ERRORS.slotFull);
    const values = { status: 'confirmed' as const, responseMessage: message || null, respondedAt: now, updatedAt: now };
    try {
      await tell(tx, {
        userId: booking.guestId,
        senderId: host.id,
        booking,
        status: 'confirmed',
        title: 'Your date is confirmed!',
        message: message || 'Your booking request was accepted.',
        at: now,
        bookingEvent: 'confirmed',
        also: {
          // The seat, both promised times and the new status, in the statement that tells of them.
          write: [takeSeat(tx, booking.slotId), repo.commitmentsOf(tx, booking), repo.bookingSet(tx, booking.id, values)],
          settles: { bookings: [{ id: booking.id, hostId: host.id }], status: 'confirmed' },
          // Now chat partners: each hears whether the other is online (presence goes to partners only).
          notify: [presenceBetweenPayloads(booking.hostId, booking.guestId, 'userOnline')],
        },
      });
    } catch (error) {
      if (pgErrorCode(error) === PG.exclusionViolation) throw new HttpError(409, BOOKING_ERRORS.overlap);
      throw error;
    }
    const written = { booking: { ...booking, ...values }, seats: 1 };
    if (slot.confirmedCount + 1 < slot.maxBookings) return written;
    const declined = await repo.declinePendingOnSlot(tx, booking.slotId, booking.id, SLOT_JUST_BOOKED, now);
    await createNotifications(
      tx,
      declined.map((other) => bookingUpdate(other.guestId, host.id, other, 'Booking request declined', SLOT_JUST_BOOKED, now)),
      { announce: declined.map(changeOf), settles: { bookings: declined.map((other) => ({ id: other.id, hostId: host.id })), status: 'declined' } },
    );
    return written;
  }

  return {
    /** The agreed date (confirmed or completed) that lets two members chat, if they have one. */
    chatBookingBetween: (a: string, b: string) => repo.chatBookingBetween(db, a, b),

    /** Everyone the member may chat with: the other party of each agreed date. */
    chatPartnersOf: (memberId: string) => repo.chatPartnersOf(db, memberId),

    /**
     * One statement after the session (bookings.repo `requestBooking`): it reads the slot, the
     * host and the requester's photos and writes the request, its inbox item, push jobs and
     * events only when every rule below holds on what it read; the answer is chosen here from
     * that, in the rules' order.
     */
    async request(member: Member, body: RequestBody): Promise<Booking> {
      const me = await deps.userOf(member);
      if (!isDiscoverable(me) || me.score < SCORE_MIN_TO_BOOK) {
        throw new HttpError(403, BOOKING_ERRORS.notEligible);
      }
      const profile = (photoCount: number) =>
        missingForBooking({
          accountType: me.accountType,
          name: me.name,
          age: me.age,
          photoCount,
          interestCount: me.interests.length,
          bio: me.bio,
          partnerName: me.partnerName,
          partnerAge: me.partnerAge,
          relationshipType: me.relationshipType,
        });
      const now = clock.now();
      const values = {
        slotId: isUuid(body.availabilityId) ? body.availabilityId : null,
        guestId: me.id,
        guestName: me.name,
        // The statement checks the photos itself (it counts them).
        complete: profile(1).length === 0,
        requestMessage: body.requestMessage,
        proposedVenue: body.proposedVenue,
        now,
        pushExpiresAt: pushExpiresAt(now),
      };
      const outcome = await repo.requestBooking(db, await deps.visibleTo(member), values, { inboxItems: insertItemsFrom, pushJobs: bookingRequestPushJobs });
      if (outcome.broken === 'profileComplete') throw new ProfileIncompleteError(profile(outcome.photoCount));
      if (outcome.broken) throw new HttpError(...REQUEST_REFUSALS[outcome.broken]);
      const { found, booking } = outcome;
      // Every rule held, so only the unique index of one pending request per host can have refused it.
      if (!found || !booking) throw new HttpError(409, BOOKING_ERRORS.pendingWithHost);
      const { slot, host } = found;
      // The answer from what was just written and read: the new row, its slot and the host.
      return toBooking({ booking, slot, other: host, otherPhotos: found.hostPhotos, otherStats: found.hostStats }, me.id, now);
    },

    async respond(member: Member, bookingId: string, body: RespondBody): Promise<Booking> {
      const refuse = (booking: repo.BookingRow) => {
        if (booking.hostId !== member.id) throw new HttpError(403, BOOKING_ERRORS.hostOnly);
        if (booking.status !== 'pending') throw new HttpError(409, BOOKING_ERRORS.notPending);
      };
      // A decline leaves the slot as it is, so it locks the booking only.
      const confirming = body.action === 'confirm';
      return transition(member, bookingId, { lockSlot: confirming, refuse }, async (tx, { row: booking, guestTakesPart }, now, slot) => {
        if (confirming) {
          if (!slot || slot.removedAt) throw new HttpError(409, BOOKING_ERRORS.slotGone);
          // A guest banned (or removed) since asking, or blocked either way, cannot be given a date.
          if (!guestTakesPart) throw new HttpError(409, BOOKING_ERRORS.guestUnavailable);
          return confirm(tx, booking, slot, member, body.responseMessage, now);
        }
        const values = { status: 'declined' as const, responseMessage: body.responseMessage, respondedAt: now, updatedAt: now };
        await tell(tx, {
          userId: booking.guestId,
          senderId: member.id,
          booking,
          status: 'declined',
          title: 'Booking request declined',
          message: body.responseMessage,
          at: now,
          also: { write: [repo.bookingSet(tx, booking.id, values)], settles: { bookings: [{ id: booking.id, hostId: member.id }], status: 'declined' } },
        });
        return { booking: { ...booking, ...values } };
      });
    },

    async cancel(member: Member, bookingId: string, body: CancelBody): Promise<Booking> {
      const refuse = (booking: repo.BookingRow, now: Date) => {
        requireConfirmed(booking);
        if (ownReview(booking, roleOf(booking, member.id))) throw new HttpError(409, BOOKING_ERRORS.alreadyReviewed);
        if (hoursUntil(booking.startsAt, now) <= CANCEL_CUTOFF_HOURS) throw new HttpError(409, BOOKING_ERRORS.tooLateToCancel);
      };
      return transition(member, bookingId, { lockSlot: true, refuse }, async (tx, { row: booking }, now) => {
        const hours = hoursUntil(booking.startsAt, now);
        const penalty = cancellationPenalty(hours);
        const values = { cancelledBy: member.id, cancelReason: body.customReason, cancellationPenalty: penalty, updatedAt: now };
        await tell(tx, {
          userId: otherIdOf(booking, member.id),
          senderId: member.id,
          booking,
          status: 'cancelled',
          title: 'Your date was cancelled',
          message: body.customReason,
          at: now,
          bookingEvent: 'cancelled',
          also: { write: cancellation(tx, booking, values) },
        });
        if (penalty !== 0) {
          await recordScoreEvents(tx, [
            { userId: member.id, category: 'Cancellations', points: penalty, description: `Cancelled a date ${Math.floor(hours)} hours before`, at: now },
          ]);
        }
        return { booking: { ...booking, ...values, status: 'cancelled' }, seats: -1 };
      });
    },

    async complete(member: Member, bookingId: string, body: CompleteBody): Promise<Booking> {
      return transition(member, bookingId, { lockSlot: false, refuse: reviewable(member) }, async (tx, { row: booking }, now) => {
        const role = roleOf(booking, member.id);
        const review = { rating: body.rating, comment: body.comment, wouldMeetAgain: body.wouldMeetAgain, createdAt: now.toISOString() };
        const otherReviewed = role === 'host' ? booking.guestReview : booking.hostReview;
        const status = otherReviewed ? 'completed' : booking.status;
        const reviewed = repo.bookingSet(tx, booking.id, { ...(role === 'host' ? { hostReview: review } : { guestReview: review }), status, updatedAt: now });
        await announceWith(tx, [reviewed], [changeOf({ ...booking, status })]);
        const entries: ScoreEntry[] = [
          {
            userId: member.id,
            category: 'Date Completion',
            points: POINTS.completeDate,
            description: 'Completed a date',
            onceKey: `date-completed:${booking.id}`,
            at: now,
          },
        ];
        if (body.rating === 5) {
          entries.push({
            userId: otherIdOf(booking, member.id),
            category: 'Date Completion',
            points: POINTS.fiveStarReview,
            description: 'Received a five-star review',
            onceKey: `five-star-review:${booking.id}`,
            at: now,
          });
        }
        await recordScoreEvents(tx, entries);
      });
    },

    async noShow(member: Member, bookingId: string, body: NoShowBody): Promise<Booking> {
      return transition(member, bookingId, { lockSlot: false, refuse: reviewable(member) }, async (tx, { row: booking }, now) => {
        const role = roleOf(booking, member.id);
        const otherId = otherIdOf(booking, member.id);
        const both = body.noShowUserId === 'both';
        if (!both && body.noShowUserId !== otherId) throw new HttpError(400, NO_SHOW_WHO, [{ field: 'noShowUserId', message: NO_SHOW_WHO }]);
        const absent = both ? [booking.hostId, booking.guestId] : [otherId];
        const status: BookingStatus = both ? 'no_show_both' : role === 'host' ? 'no_show_guest' : 'no_show_host';
        const reported = repo.bookingSet(tx, booking.id, { status, noShowReportedBy: member.id, noShowReason: body.reason, updatedAt: now });
        await tell(tx, { userId: otherId, senderId: member.id, booking, status, title: 'A no-show was reported', message: body.reason, at: now, also: { write: [reported] } });
        await recordScoreEvents(
          tx,
          absent.map((userId) => ({
            userId,
            category: 'Missed Dates' as const,
            points: POINTS.noShow,
            description: 'Reported as a no-show',
            onceKey: `no-show:${booking.id}`,
            at: now,
          })),
        );
      });
    },

    async mine(memberId: string, query: MyBookingsQuery): Promise<Booking[]> {
      return views(memberId, await repo.bookingsOf(db, memberId, { perspective: query.perspective, status: query.status }));
    },

    async get(memberId: string, bookingId: string): Promise<Booking> {
      if (!isUuid(bookingId)) throw new HttpError(404, BOOKING_ERRORS.notFound);
      return viewOf(memberId, bookingId);
    },
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
