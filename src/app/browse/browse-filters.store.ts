import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { SlotSort } from '#shared/api/availability.paths.ts';
import type { BrowseSort } from '#shared/api/browse.paths.ts';
import type { Gender } from '#shared/domain/account.ts';
import type { DateType } from '#shared/domain/profile.ts';
import { GRADE_TABLE } from '#shared/domain/score.ts';

/** The spec's "Saved browse filters", kept on the device (core-journey §3, §5). */
export type BrowseFilters = {
  minScore: number;
  accountType: 'all' | 'individual' | 'couple';
  minAge: number;
  maxAge: number;
  /** Comma-separated, as typed. */
  interests: string;
  gender: 'all' | Gender;
  /** A city; blank means the member's own city. */
  location: string;
  maxDistance: number;
  sortBy: BrowseSort;
  /** The Available Dates tab's own filters. */
  dateType: 'all' | DateType;
  /** 'YYYY-MM-DD' or blank. */
  startDate: string;
  endDate: string;
  slotSortBy: SlotSort;
};

/** The minimum-score filter's choices: each grade's lowest score, lowest first. */
export const MIN_SCORE_OPTIONS = GRADE_TABLE.map((row) => row.min).reverse();
export const FILTER_AGE_MIN = 18;
export const FILTER_AGE_MAX = 80;

export const DEFAULT_BROWSE_FILTERS: BrowseFilters = {
  minScore: 300,
  accountType: 'all',
  minAge: 18,
  maxAge: 65,
  interests: '',
  gender: 'all',
  location: '',
  maxDistance: 25,
  sortBy: 'distance',
  dateType: 'all',
  startDate: '',
  endDate: '',
  slotSortBy: 'date',
};

export const BROWSE_FILTERS_KEY = 'rendezvous-browse-filters';

type FiltersState = {
  filters: BrowseFilters;
  /** Whose filters these are: another member signing in on this device starts from the defaults. */
  owner: string | null;
  set<K extends keyof BrowseFilters>(key: K, value: BrowseFilters[K]): void;
  reset(): void;
  claim(memberId: string): void;
};

export const useBrowseFilters = create<FiltersState>()(
  persist(
    (set, get) => ({
      filters: DEFAULT_BROWSE_FILTERS,
      owner: null,
      set(key, value) {
        const next = { ...get().filters, [key]: value };
        // The ages stay a range: moving one end past the other moves both.
        if (key === 'minAge' && next.maxAge < next.minAge) next.maxAge = next.minAge;
        if (key === 'maxAge' && next.minAge > next.maxAge) next.minAge = next.maxAge;
        set({ filters: next });
      },
      reset() {
        set({ filters: DEFAULT_BROWSE_FILTERS });
      },
      claim(memberId) {
        if (get().owner !== memberId) set({ owner: memberId, filters: DEFAULT_BROWSE_FILTERS });
      },
    }),
    {
      name: BROWSE_FILTERS_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ filters, owner }) => ({ filters, owner }),
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as { filters?: Record<string, unknown>; owner?: unknown };
        return { ...current, owner: typeof saved.owner === 'string' ? saved.owner : null, filters: restore(saved.filters) };
      },
    },
  ),
);

/** Saved filters of an older build gain any new filter's default; a value of the wrong kind is dropped. */
function restore(saved: Record<string, unknown> | undefined): BrowseFilters {
  const filters: Record<string, unknown> = { ...DEFAULT_BROWSE_FILTERS };
  for (const key of Object.keys(DEFAULT_BROWSE_FILTERS)) {
    if (saved && typeof saved[key] === typeof filters[key]) filters[key] = saved[key];
  }
  return filters as BrowseFilters;
}
