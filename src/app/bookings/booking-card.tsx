import { Link } from '@tanstack/react-router';
import { useId, useState, type MouseEvent } from 'react';
import type { Booking } from '#shared/api/bookings.ts';
import { bookingDisplay, type BookingAction } from '#shared/domain/booking-display.ts';
import { displayName } from '#shared/domain/profile.ts';
import { slotWhen } from '#shared/domain/slot-when.ts';
import { CALENDAR_FILE_FAILED, bookingCalendarUrl, saveBookingCalendar } from '#app/calendar/calendar.api.ts';
import { messageOf } from '#app/platform/forms.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { Avatar } from '#app/platform/ui/member.tsx';
import { toast } from '#app/platform/ui/toast.store.ts';

/** The button texts; the dialogs carry the same names as their titles. */
export const ACTION_LABELS: Record<BookingAction, string> = {
  accept: 'Accept',
  decline: 'Decline',
  complete: 'Complete & Review',
  noShow: 'Report No-Show',
  cancel: 'Cancel Booking',
};

/**
 * The calendar file's link, by status: a confirmed date's adds it; a cancelled one's (a date that was
 * confirmed: a request that ended unanswered is auto_cancelled) gives the CANCELLED version, which
 * takes the date out of a calendar that imported it. Other bookings have no file.
 */
const CALENDAR_LINK_LABELS: Partial<Record<Booking['status'], string>> = { confirmed: 'Add to calendar', cancelled: 'Remove from calendar' };

/** The element id of a booking's card, which the page scrolls to and focuses when it was asked for. */
export const bookingCardId = (bookingId: string) => `booking-${bookingId}`;

type Props = {
  booking: Booking;
  now: Date;
  onAction: (action: BookingAction, booking: Booking) => void;
  /** The booking the page was opened on (a calendar event's link back): marked, and focusable for the page to focus. */
  current?: boolean;
};

/** One booking on /bookings: who, when, where, the message, its status and what I can do now. */
export function BookingCard({ booking, now, onAction, current = false }: Props) {
  const headingId = useId();
  const other = booking.otherParty;
  const name = displayName(other);
  const display = bookingDisplay(booking, name, now);
  const venue = booking.confirmedDetails?.venue.name ?? booking.proposedVenue.name;
  const calendarLink = CALENDAR_LINK_LABELS[booking.status];
  return (
    <article
      id={bookingCardId(booking._id)}
      className="card booking-card"
      aria-labelledby={headingId}
      aria-current={current || undefined}
      tabIndex={current ? -1 : undefined}
    >
      <header className="booking-card-head">
        <Avatar name={name} photoUrl={other.profile.photos[0]?.url} />
        <div className="booking-card-who">
          <h2 id={headingId} className="booking-card-name">
            <Link to="/user/$userId" params={{ userId: other._id }}>
              {name}
            </Link>
          </h2>
          <span className="muted">{booking.userRole === 'host' ? 'You are hosting' : 'You are attending'}</span>
        </div>
        <span className={`booking-badge booking-badge-${display.badge.tone}`}>
          <span className="visually-hidden">Status: </span>
          {display.badge.label}
        </span>
      </header>

      <dl className="booking-facts">
        <div>
          <dt>When</dt>
          <dd>{slotWhen(booking.availability)}</dd>
        </div>
        <div>
          <dt>Where</dt>
          <dd>
            {venue}
            {booking.proposedVenue.address && <span className="muted"> · {booking.proposedVenue.address}</span>}
          </dd>
        </div>
        {booking.requestMessage && (
          <div>
            <dt>{booking.userRole === 'host' ? 'Their message' : 'Your message'}</dt>
            <dd className="booking-message">{booking.requestMessage}</dd>
          </div>
        )}
        {booking.responseMessage && (
          <div>
            <dt>{booking.userRole === 'host' ? 'Your reply' : 'Their reply'}</dt>
            <dd className="booking-message">{booking.responseMessage}</dd>
          </div>
        )}
      </dl>

      {display.notes.map((note) => (
        <p key={note} className="booking-note">
          {note}
        </p>
      ))}

      {(display.actions.length > 0 || display.canMessage || calendarLink) && (
        <div className="row booking-actions">
          {display.canMessage && (
            <Link to="/messages/$userId" params={{ userId: other._id }} className="btn btn-sm">
              Message
            </Link>
          )}
          {calendarLink && <CalendarFileLink bookingId={booking._id} label={calendarLink} />}
          {display.actions.map((action) => (
            <Button
              key={action}
              size="sm"
              variant={action === 'accept' || action === 'complete' ? 'primary' : action === 'cancel' || action === 'noShow' ? 'danger' : 'secondary'}
              onClick={() => onAction(action, booking)}
            >
              {ACTION_LABELS[action]}
            </Button>
          ))}
        </div>
      )}
    </article>
  );
}

/**
 * A link to the date's .ics. The file needs the session's bearer token, which a plain link does not
 * send: the press fetches it and saves it through a Blob URL (the link stays a link for keyboards and readers).
 */
function CalendarFileLink({ bookingId, label }: { bookingId: string; label: string }) {
  const [busy, setBusy] = useState(false);
  async function save(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await saveBookingCalendar(bookingId);
    } catch (error) {
      toast.error(messageOf(error, CALENDAR_FILE_FAILED));
    } finally {
      setBusy(false);
    }
  }
  return (
    <a href={bookingCalendarUrl(bookingId)} download className="btn btn-sm" aria-busy={busy || undefined} onClick={(event) => void save(event)}>
      {label}
    </a>
  );
}
