import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BROWSE_FILTERS_KEY, DEFAULT_BROWSE_FILTERS, useBrowseFilters } from './browse-filters.store.ts';

const saved = () => JSON.parse(localStorage.getItem(BROWSE_FILTERS_KEY) ?? 'null') as { state: { filters: Record<string, unknown>; owner: string | null } } | null;

describe('browse filters kept on the device', () => {
  beforeEach(async () => {
    localStorage.clear();
    await useBrowseFilters.persist.rehydrate();
    useBrowseFilters.setState({ filters: DEFAULT_BROWSE_FILTERS, owner: null });
  });
  afterEach(() => localStorage.clear());

  it("start from the spec's defaults: score 300, ages 18 to 65, 25 km, everyone", () => {
    expect(useBrowseFilters.getState().filters).toEqual({
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
    });
  });

  it('are written to localStorage as they change and read back on the next start', async () => {
    const { set } = useBrowseFilters.getState();
    set('minScore', 650);
    set('gender', 'female');
    set('location', 'Toronto, Canada');
    set('maxDistance', 60);
    set('dateType', 'dinner');
    set('startDate', '2026-12-01');
    set('slotSortBy', 'score');
    expect(saved()?.state.filters).toMatchObject({ minScore: 650, gender: 'female', location: 'Toronto, Canada', maxDistance: 60, dateType: 'dinner', startDate: '2026-12-01', slotSortBy: 'score' });

    // The next start: a fresh copy of the module reads what this one saved.
    vi.resetModules();
    const fresh = await import('./browse-filters.store.ts');
    expect(fresh.useBrowseFilters.getState().filters).toMatchObject({
      minScore: 650,
      gender: 'female',
      location: 'Toronto, Canada',
      maxDistance: 60,
      minAge: 18,
      dateType: 'dinner',
      startDate: '2026-12-01',
      slotSortBy: 'score',
    });
  });

  it('Reset brings back the defaults, on the device too', () => {
    useBrowseFilters.getState().set('accountType', 'couple');
    useBrowseFilters.getState().reset();
    expect(useBrowseFilters.getState().filters).toEqual(DEFAULT_BROWSE_FILTERS);
    expect(saved()?.state.filters).toEqual(DEFAULT_BROWSE_FILTERS);
  });

  it('keep the ages a range: moving one end past the other moves both', () => {
    const { set } = useBrowseFilters.getState();
    set('minAge', 70);
    expect(useBrowseFilters.getState().filters).toMatchObject({ minAge: 70, maxAge: 70 });
    set('maxAge', 30);
    expect(useBrowseFilters.getState().filters).toMatchObject({ minAge: 30, maxAge: 30 });
  });

  it("belong to one member: another member signing in on this device starts from the defaults", () => {
    const state = useBrowseFilters.getState();
    state.claim('member-a');
    state.set('interests', 'hiking');
    useBrowseFilters.getState().claim('member-a');
    expect(useBrowseFilters.getState().filters.interests).toBe('hiking');

    useBrowseFilters.getState().claim('member-b');
    expect(useBrowseFilters.getState().filters).toEqual(DEFAULT_BROWSE_FILTERS);
    expect(saved()?.state.owner).toBe('member-b');
  });

  it('gain defaults for filters an older build did not save, and drop values of the wrong kind', async () => {
    localStorage.setItem(BROWSE_FILTERS_KEY, JSON.stringify({ state: { filters: { minScore: 750, maxDistance: 'far' }, owner: 'member-a' }, version: 1 }));
    await useBrowseFilters.persist.rehydrate();
    expect(useBrowseFilters.getState().filters).toEqual({ ...DEFAULT_BROWSE_FILTERS, minScore: 750 });
    expect(useBrowseFilters.getState().owner).toBe('member-a');
  });
});
