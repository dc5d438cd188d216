import { useEffect } from 'react';

/** The Badging API's two calls, absent where the platform lacks them (most desktop browsers, iOS before 16.4). */
export type BadgeHost = { setAppBadge?: (count?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

/**
 * Shows `count` on the installed app's icon, or clears it at 0. Does nothing where the platform
 * has no Badging API; a refusal (the app is not installed, or badges are not allowed) is ignored,
 * as the count is on screen anyway.
 */
export function showAppBadge(count: number, host: BadgeHost = navigator as BadgeHost): void {
  try {
    const call = count > 0 ? host.setAppBadge?.(count) : host.clearAppBadge?.();
    void call?.catch(() => undefined);
  } catch {
    // Some engines throw synchronously instead of rejecting.
  }
}

export const clearAppBadge = (host?: BadgeHost) => showAppBadge(0, host);

/**
 * Keeps the icon's badge at `total` (null: not known yet, so whatever the service worker last set
 * stays), and clears it when the signed-in header goes, which is at sign-out.
 */
export function useAppBadge(total: number | null): void {
  useEffect(() => {
    if (total !== null) showAppBadge(total);
  }, [total]);
  useEffect(() => () => clearAppBadge(), []);
}
