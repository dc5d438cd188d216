import { followSessionForOutbox } from './platform/outbox/follow-session.ts';
import { followSessionForRealtime } from './platform/realtime/follow-session.ts';
import { syncPushWithSession } from './push/push-session.ts';

/**
 * What follows a member's session once there is one (main.tsx loads this at start for a stored
 * session, else at the first sign-in, so a visitor's first download carries none of it): the live
 * connection and the offline outbox (each downloads its own code only for a verified member), and
 * the service worker's copy of the token for push.
 */
export function followMemberSession() {
  followSessionForRealtime();
  followSessionForOutbox();
  syncPushWithSession();
}
