import { Link } from '@tanstack/react-router';
import { DATE_TYPE_LABELS, type DateType } from '#shared/domain/profile.ts';
import { slotButtonFor, type SlotBookingState } from '#shared/domain/slot-booking.ts';
import { slotDay, slotTimes, type SlotClock } from '#shared/domain/slot-when.ts';
import { Button } from '#app/platform/ui/button.tsx';

/** A free time's first lines as every list shows them: its kind and day, its times with the zone, its venue. */
export function SlotLines({ slot }: { slot: SlotClock & { dateType: DateType; venue: string } }) {
  return (
    <>
      <strong>
        {DATE_TYPE_LABELS[slot.dateType]} · {slotDay(slot.date)}
      </strong>
      <span>{slotTimes(slot)}</span>
      <span>{slot.venue}</span>
    </>
  );
}

/**
 * A free time's button, from how it stands for the viewer (domain/slot-booking): Book, a disabled
 * 'Request Sent', or Message to its host. `what` completes Book's and Message's names for screen readers.
 */
export function SlotButton({ state, hostId, slotId, what }: { state: SlotBookingState | undefined; hostId: string; slotId: string; what: string }) {
  const button = slotButtonFor(state);
  switch (button.kind) {
    case 'message':
      return (
        <Link to="/messages/$userId" params={{ userId: hostId }} className="btn btn-primary btn-sm">
          Message<span className="visually-hidden"> about {what}</span>
        </Link>
      );
    case 'request_sent':
      return (
        <Button size="sm" disabled>
          {button.label}
        </Button>
      );
    case 'book':
      return (
        <Link to="/book/$userId/$slotId" params={{ userId: hostId, slotId }} className="btn btn-primary btn-sm">
          Book<span className="visually-hidden"> {what}</span>
        </Link>
      );
  }
}
