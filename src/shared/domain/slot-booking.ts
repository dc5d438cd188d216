/**
 * How one of a host's free times stands for the viewer, on the Available Dates tab and the host's
 * page (issue 31's product decision): per slot, not per member.
 */

/** The viewer's own live requests to one host (the viewer as guest): the slot each asks for, and its state. */
export type RequestToHost = { slotId: string; status: 'pending' | 'confirmed' };

/**
 * - `requested`: the viewer's request for this slot waits for the host;
 * - `confirmed`: the host accepted the viewer's request for this slot;
 * - `pending_with_host`: the viewer waits on a request for another of this host's slots (the
 *   server refuses a second pending request to the same host);
 * - null: the viewer may book it (a confirmed date on another slot does not stop that).
 */
export const SLOT_BOOKING_STATES = ['requested', 'confirmed', 'pending_with_host'] as const;
export type SlotBookingState = (typeof SLOT_BOOKING_STATES)[number] | null;

export function slotBookingState(slotId: string, requests: readonly RequestToHost[]): SlotBookingState {
  const onSlot = requests.filter((request) => request.slotId === slotId);
  if (onSlot.some((request) => request.status === 'confirmed')) return 'confirmed';
  if (onSlot.some((request) => request.status === 'pending')) return 'requested';
  if (requests.some((request) => request.status === 'pending')) return 'pending_with_host';
  return null;
}

export const REQUEST_SENT = 'Request Sent';

/** The slot's button: Book, a disabled 'Request Sent', or Message (to the host). */
export type SlotButton = { kind: 'book' } | { kind: 'request_sent'; label: typeof REQUEST_SENT } | { kind: 'message' };

/** An answer kept from before the server told this (undefined) reads as bookable, as it did then. */
export function slotButtonFor(state: SlotBookingState | undefined): SlotButton {
  if (state === 'confirmed') return { kind: 'message' };
  if (state === 'requested' || state === 'pending_with_host') return { kind: 'request_sent', label: REQUEST_SENT };
  return { kind: 'book' };
}
