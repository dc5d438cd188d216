import { describe, expect, it } from 'vitest';
import { BACKOFF, reconnectDelay } from './backoff.ts';

describe('reconnectDelay: exponential backoff with full jitter', () => {
  it('draws from [0, base · 2^attempt), capped at 30 s', () => {
    const top = (attempt: number) => reconnectDelay(attempt, () => 0.999999);
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(top)).toEqual([999, 1999, 3999, 7999, 15999, 29999, 29999, 29999]);
    expect(reconnectDelay(7, () => 0)).toBe(0);
    expect(reconnectDelay(2, () => 0.5)).toBe(2000);
    expect(BACKOFF.capMs).toBe(30_000);
  });

  it('spreads clients out: random waits cover the whole range, not one moment', () => {
    const waits = Array.from({ length: 2000 }, () => reconnectDelay(4));
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...waits)).toBeLessThan(16_000);
    const quarters = [0, 1, 2, 3].map((q) => waits.filter((w) => w >= q * 4000 && w < (q + 1) * 4000).length);
    for (const count of quarters) expect(count).toBeGreaterThan(300);
  });
});
