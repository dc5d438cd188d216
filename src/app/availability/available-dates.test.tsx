import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AvailabilityBrowseResponseSchema, type BrowseSlot } from '#shared/api/availability.ts';
import type { SlotBookingState } from '#shared/domain/slot-booking.ts';
import { memberSummary, slot } from '#app/bookings/test-fixtures.tsx';
import { renderWithRouter, stubApi } from '#app/platform/test-support.tsx';
import { AvailableDates } from './available-dates.tsx';
import type { SlotSearch } from './availability.api.ts';

const SEARCH: SlotSearch = { dateType: 'all', startDate: '', endDate: '', sortBy: 'date', minScore: 0, accountType: 'all', location: '', maxDistance: 50 };
const HOST = 'host-1';

/** One of the host's slots on the tab; the member-level status says a date is confirmed with them. */
const browseSlot = (id: string, startTime: string, slotBooking: SlotBookingState): BrowseSlot => ({
  ...slot({ _id: id, startTime }),
  host: memberSummary({ _id: HOST, name: 'Jordan' }),
  distance: null,
  bookingStatus: { status: 'confirmed', isInitiator: true },
  slotBooking,
});

async function showSlots(slots: BrowseSlot[]) {
  const answer = AvailabilityBrowseResponseSchema.parse({ slots, pagination: { page: 1, limit: 20, hasMore: false } });
  stubApi((path) => (path === '/api/availability/browse' ? [200, answer] : [404, { error: 'Not found' }]));
  await renderWithRouter(() => <AvailableDates search={SEARCH} onChange={() => undefined} />, '/browse');
  return screen.findAllByRole('article');
}

describe('the Available Dates tab: each slot’s button follows its own booking', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("gives the requested slot a disabled 'Request Sent', the confirmed one Message, and the host's other slots Book", async () => {
    const [asked, agreed, free] = await showSlots([browseSlot('asked', '09:00', 'requested'), browseSlot('agreed', '12:00', 'confirmed'), browseSlot('free', '15:00', null)]);
    expect(within(asked!).getByRole('button', { name: 'Request Sent' })).toHaveProperty('disabled', true);
    expect(within(agreed!).getByRole('link', { name: /^Message/ }).getAttribute('href')).toBe(`/messages/${HOST}`);
    expect(within(free!).getByRole('link', { name: /^Book/ }).getAttribute('href')).toBe(`/book/${HOST}/free`);
    // No member-level label stands in for the buttons any more.
    expect(screen.queryByText('Date confirmed')).toBeNull();
  });

  it("reads 'Request Sent' (disabled) on the host's other slots while a request to them waits", async () => {
    const [other] = await showSlots([browseSlot('other', '15:00', 'pending_with_host')]);
    expect(within(other!).getByRole('button', { name: 'Request Sent' })).toHaveProperty('disabled', true);
    expect(within(other!).queryByRole('link', { name: /^Book/ })).toBeNull();
  });
});
