import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VISITOR_ID, variantOf } from '#shared/domain/ab-test.ts';

/** A fresh copy of the module, as a new page load gets. */
const load = async () => {
  vi.resetModules();
  return import('./tagline.ts');
};

describe('the landing tagline’s visitor', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('makes a random id on the first visit, keeps it on the device, and sees the same variant on the next visit', async () => {
    const first = (await load()).visitor();
    expect(first.id).toMatch(VISITOR_ID);
    expect(first.variant).toBe(variantOf(first.id));
    expect(localStorage.getItem('rendezvous.visitor')).toBe(first.id);
    const again = (await load()).visitor();
    expect(again).toEqual(first);
  });

  it('replaces a stored value that is not an id', async () => {
    localStorage.setItem('rendezvous.visitor', 'jane@example.com');
    const { id } = (await load()).visitor();
    expect(id).toMatch(VISITOR_ID);
    expect(localStorage.getItem('rendezvous.visitor')).toBe(id);
  });

  it('sends a view or click with sendBeacon, or a keepalive fetch when the beacon is refused', async () => {
    const tagline = await load();
    const { id, variant } = tagline.visitor();
    const beacon = vi.fn(() => true);
    const fetcher = vi.fn(async () => new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', fetcher);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    tagline.record('click');
    expect(beacon).toHaveBeenCalledWith('/api/ab-test/click', JSON.stringify({ visitorId: id, variant }));
    expect(fetcher).not.toHaveBeenCalled();

    beacon.mockReturnValue(false);
    tagline.record('view');
    expect(fetcher).toHaveBeenCalledWith('/api/ab-test/view', expect.objectContaining({ method: 'POST', keepalive: true, body: JSON.stringify({ visitorId: id, variant }) }));
  });
});
