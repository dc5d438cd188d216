import { create } from 'zustand';
import type { User } from '#shared/api/auth.ts';
import { isMissingStored, TOKEN_KEY, USER_KEY } from '#shared/stored-session.ts';

export type SessionStatus = 'loading' | 'ready';

type SessionState = {
  status: SessionStatus;
  token: string | null;
  user: User | null;
  signIn(token: string, user: User): void;
  setUser(user: User): void;
  clear(): void;
  markReady(): void;
};

/** Stored 'null' and 'undefined' strings count as missing (and are cleared), as the spec says. */
function readStored(): { token: string | null; user: User | null } {
  if (typeof localStorage === 'undefined') return { token: null, user: null }; // the build's prerendering
  const token = localStorage.getItem(TOKEN_KEY);
  const rawUser = localStorage.getItem(USER_KEY);
  if (isMissingStored(token) || isMissingStored(rawUser)) {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
    return { token: null, user: null };
  }
  try {
    // A light shape check: the start-up `me` call replaces it with the server's copy.
    const user = JSON.parse(rawUser!) as User;
    if (typeof user?._id !== 'string' || typeof user.email !== 'string' || typeof user.profile !== 'object') throw new Error('bad user');
    return { token, user };
  } catch {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
    return { token: null, user: null };
  }
}

export const useSession = create<SessionState>((set) => ({
  status: 'loading',
  ...readStored(),
  signIn(token, user) {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    set({ token, user });
  },
  setUser(user) {
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    set({ user });
  },
  clear() {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
    set({ token: null, user: null });
  },
  markReady() {
    set({ status: 'ready' });
  },
}));

export type Access = 'signed-out' | 'unverified' | 'verified';

export function accessOf(state: Pick<SessionState, 'token' | 'user'>): Access {
  if (!state.token || !state.user) return 'signed-out';
  return state.user.isEmailVerified ? 'verified' : 'unverified';
}
