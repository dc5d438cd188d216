import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const ADMIN_TABS = ['users', 'ab-testing', 'restaurants', 'reports'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

type AdminTabState = { tab: AdminTab; select(tab: AdminTab): void };

/** The active dashboard tab, remembered on the device (account-and-admin §2). */
export const useAdminTab = create<AdminTabState>()(
  persist(
    (set) => ({
      tab: 'users',
      select: (tab) => set({ tab }),
    }),
    {
      name: 'rendezvous.admin-tab',
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ tab: state.tab }),
      // Whatever else was stored (an old build's tab, a hand edit) opens the Users tab.
      merge: (persisted, current) => {
        const tab = (persisted as { tab?: unknown } | undefined)?.tab;
        return { ...current, tab: ADMIN_TABS.includes(tab as AdminTab) ? (tab as AdminTab) : current.tab };
      },
    },
  ),
);
