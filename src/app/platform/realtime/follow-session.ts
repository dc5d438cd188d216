import { accessOf, useSession } from '../session.store.ts';

type SessionSnapshot = ReturnType<typeof useSession.getState>;

/** The token a live connection should use now: a verified member's, once the session is settled. */
const liveTokenOf = (state: SessionSnapshot) => (state.status === 'ready' && accessOf(state) === 'verified' ? state.token : null);

/**
 * Keeps the live connection in step with the session: opened at sign-in (of a verified member),
 * closed at sign-out, reopened when the token changes. The connection's code is downloaded only
 * for signed-in members: a visitor's first page never loads it.
 */
export function followSessionForRealtime(): () => void {
  let wanted: string | null = null;
  const sync = (state: SessionSnapshot) => {
    const token = liveTokenOf(state);
    if (token === wanted) return;
    wanted = token;
    void import('./realtime.ts').then((realtime) => {
      if (wanted !== token) return;
      if (token) realtime.startRealtime(token);
      else realtime.stopRealtime();
    });
  };
  sync(useSession.getState());
  return useSession.subscribe(sync);
}
