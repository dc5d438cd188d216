import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the build's prerendered markup and while the page is being hydrated, true once React
 * runs the page (and at once on a page React renders itself).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
