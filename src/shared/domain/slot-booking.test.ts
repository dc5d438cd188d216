import { describe, expect, it } from 'vitest';
import { slotBookingState, slotButtonFor, type RequestToHost } from './slot-booking.ts';

const state = (requests: RequestToHost[]) => slotBookingState('here', requests);

describe('how a free time stands for the viewer', () => {
  it('is bookable with no live request to its host', () => {
    expect(state([])).toBeNull();
    expect(slotButtonFor(null)).toEqual({ kind: 'book' });
  });

  it("reads 'Request Sent' (disabled) for the slot the viewer asked for while the host has not answered", () => {
    expect(state([{ slotId: 'here', status: 'pending' }])).toBe('requested');
    expect(slotButtonFor('requested')).toEqual({ kind: 'request_sent', label: 'Request Sent' });
  });

  it('offers Message on the slot the host confirmed', () => {
    expect(state([{ slotId: 'here', status: 'confirmed' }])).toBe('confirmed');
    expect(slotButtonFor('confirmed')).toEqual({ kind: 'message' });
  });

  it("leaves another slot of a host the viewer has a confirmed date with bookable", () => {
    expect(state([{ slotId: 'elsewhere', status: 'confirmed' }])).toBeNull();
  });

  it("reads 'Request Sent' on the host's other slots while a request to them waits (one pending request per host)", () => {
    expect(state([{ slotId: 'elsewhere', status: 'pending' }])).toBe('pending_with_host');
    expect(state([{ slotId: 'elsewhere', status: 'confirmed' }, { slotId: 'third', status: 'pending' }])).toBe('pending_with_host');
    expect(slotButtonFor('pending_with_host')).toEqual({ kind: 'request_sent', label: 'Request Sent' });
  });

  it("tells the slot's own booking before the host's others", () => {
    expect(state([{ slotId: 'elsewhere', status: 'pending' }, { slotId: 'here', status: 'confirmed' }])).toBe('confirmed');
  });

  it('reads an answer kept from before the server told this as bookable', () => {
    expect(slotButtonFor(undefined)).toEqual({ kind: 'book' });
  });
});
