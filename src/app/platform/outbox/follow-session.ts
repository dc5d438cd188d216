import { accessOf, useSession } from '../session.store.ts';

type SessionSnapshot = ReturnType<typeof useSession.getState>;

/** The member whose outbox runs now: a verified member's, once the session is settled. */
const memberOf = (state: SessionSnapshot) => (state.status === 'ready' && accessOf(state) === 'verified' ? (state.user?._id ?? null) : null);

/**
 * Keeps the outbox with the signed-in member: their queue is read and sent at start and after a
 * sign-in; at sign-out it stops (the queue stays on the device, keyed to them). The outbox's code is
 * downloaded only for verified members: a visitor's first page never loads it.
 */
export function followSessionForOutbox(): () => void {
  let wanted: string | null = null;
  const sync = (state: SessionSnapshot) => {
    const memberId = memberOf(state);
    if (memberId === wanted) return;
    wanted = memberId;
    void import('./outbox.ts').then((outbox) => {
      if (wanted === memberId) void outbox.startOutbox(memberId);
    });
  };
  sync(useSession.getState());
  return useSession.subscribe(sync);
}
