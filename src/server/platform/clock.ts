/** Time comes through here so tests can move it (reset links expire, sessions end). */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(start: Date): Clock & { advance(ms: number): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
  };
}

export type AdjustableClock = Clock & { advance(ms: number): void };

/**
 * Real time plus an offset that only grows: what a browser journey runs on (TEST_CLOCK=1) to
 * reach "2 hours after the date" without waiting. Time keeps flowing between advances.
 */
export function offsetClock(base: Clock = systemClock): AdjustableClock {
  let offset = 0;
  return {
    now: () => new Date(base.now().getTime() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}
