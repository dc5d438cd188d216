/** Reconnection waits: exponential backoff with full jitter (AWS architecture blog's "full jitter"). */
export const BACKOFF = {
  /** The first wait is drawn from [0, baseMs). */
  baseMs: 1_000,
  /** No wait is longer. */
  capMs: 30_000,
  /** A connection that stayed up this long counts as healthy: the next drop starts from the first wait again. */
  healthyMs: 10_000,
} as const;

/**
 * The wait before reconnection attempt `attempt` (0 for the first after a drop): a uniformly random
 * time in [0, min(cap, base · 2^attempt)). Many phones dropped by one server restart come back
 * spread out instead of all at once.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF.capMs, BACKOFF.baseMs * 2 ** Math.max(0, attempt));
  return Math.floor(random() * ceiling);
}
