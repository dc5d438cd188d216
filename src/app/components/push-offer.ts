import { create } from 'zustand';
import { useSession } from '#app/platform/session.store.ts';

/**
 * The moment to offer push: right after the member publishes a free time or sends a booking
 * request (someone will answer; a notification is how they hear of it), never on first load.
 * "Not now" or turning them on is remembered on the device for that member, so it is offered once.
 */
export type PushOfferReason = 'slot' | 'request';

export const pushOfferKey = (memberId: string) => `rendezvous-push-offer:${memberId}`;

type PushOfferState = { reason: PushOfferReason | null };

export const usePushOffer = create<PushOfferState>(() => ({ reason: null }));

const memberId = () => useSession.getState().user?._id ?? null;

/** After a slot is published or a request sent: offer push, unless already answered on this device. */
export function offerPush(reason: PushOfferReason) {
  const id = memberId();
  if (!id || localStorage.getItem(pushOfferKey(id))) return;
  usePushOffer.setState({ reason });
}

/** The member answered (turned them on, or "Not now"): never offered again on this device. */
export function closePushOffer(answer: 'dismissed' | 'answered') {
  const id = memberId();
  if (id) localStorage.setItem(pushOfferKey(id), answer);
  usePushOffer.setState({ reason: null });
}
