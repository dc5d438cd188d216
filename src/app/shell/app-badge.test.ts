import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAppBadge, showAppBadge, useAppBadge, type BadgeHost } from './app-badge.ts';

/** A platform with the Badging API, recording its calls. */
function badging(answer: () => Promise<void> = () => Promise.resolve()) {
  const calls: (number | 'clear')[] = [];
  const host: Required<BadgeHost> = {
    setAppBadge: vi.fn(async (count?: number) => {
      calls.push(count ?? 0);
      return answer();
    }),
    clearAppBadge: vi.fn(async () => {
      calls.push('clear');
      return answer();
    }),
  };
  return { host, calls };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the installed app's badge", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    delete (navigator as BadgeHost).setAppBadge;
    delete (navigator as BadgeHost).clearAppBadge;
  });

  it('shows the count, and clears it at zero', () => {
    const { host, calls } = badging();
    showAppBadge(3, host);
    showAppBadge(0, host);
    clearAppBadge(host);
    expect(calls).toEqual([3, 'clear', 'clear']);
  });

  it('does nothing, without an error, where the platform has no Badging API', () => {
    expect(() => showAppBadge(2, {})).not.toThrow();
    expect(() => clearAppBadge({})).not.toThrow();
    // jsdom's own navigator has neither call.
    expect('setAppBadge' in navigator).toBe(false);
    expect(() => showAppBadge(2)).not.toThrow();
  });

  it('swallows a refusal, whether it rejects or throws', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const { host } = badging(() => Promise.reject(new DOMException('Not allowed', 'NotAllowedError')));
      showAppBadge(5, host);
      showAppBadge(0, host);
      const throwing: BadgeHost = {
        setAppBadge: () => {
          throw new DOMException('Not allowed', 'NotAllowedError');
        },
      };
      expect(() => showAppBadge(1, throwing)).not.toThrow();
      await flush();
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('follows the total once known, and clears when the signed-in header goes', () => {
    const { host, calls } = badging();
    Object.assign(navigator, host);
    const { rerender, unmount } = renderHook(({ total }: { total: number | null }) => useAppBadge(total), { initialProps: { total: null as number | null } });
    // Not known yet: what the service worker set stays.
    expect(calls).toEqual([]);
    rerender({ total: 4 });
    rerender({ total: 4 });
    rerender({ total: 0 });
    expect(calls).toEqual([4, 'clear']);
    unmount();
    expect(calls).toEqual([4, 'clear', 'clear']);
  });
});
