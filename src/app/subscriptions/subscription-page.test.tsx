import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CANCEL_FAILED, CANCELLED, type SubscriptionStatus } from '#shared/api/subscriptions.ts';
import { useSession } from '#app/platform/session.store.ts';
import { renderWithRouter, stubApi, memberUser, type Answer } from '#app/platform/test-support.tsx';
import { SubscriptionPage } from './subscription-page.tsx';

const ACTIVE: SubscriptionStatus = {
  subscription: {
    tier: 'tesla',
    tierName: 'Tesla Team',
    amount: 100,
    status: 'active',
    nextBillingDate: '2026-12-23T12:00:00.000Z',
    startedAt: '2026-11-23T12:00:00.000Z',
    card: { brand: 'visa', last4: '4242' },
  },
  tier: 'tesla',
  tierName: 'Tesla Team',
  amount: 100,
  status: 'active',
};
const FREE: SubscriptionStatus = {
  subscription: { tier: 'honda', tierName: 'Honda Team', amount: 0, status: 'free', nextBillingDate: null, startedAt: null, card: null },
  tier: 'honda',
  tierName: 'Honda Team',
  amount: 0,
  status: 'free',
};

/** The server: active until a cancellation succeeds. */
function serve(options: { status?: Answer; cancel?: Answer } = {}) {
  let current = ACTIVE;
  return stubApi((path) => {
    if (path === '/api/subscriptions/status') return options.status ?? [200, current];
    if (path === '/api/subscriptions/cancel') {
      if (options.cancel) return options.cancel;
      current = FREE;
      return [200, { success: true, message: CANCELLED, ...FREE }];
    }
    return [404, { error: 'no' }];
  });
}

describe('/subscription', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  beforeEach(() => useSession.setState({ token: 't', user: memberUser({ gender: 'male', carTier: 'tesla' }) }));

  it('shows a man his team, its price with HST, the next billing date and card, with Change Tier', async () => {
    serve();
    await renderWithRouter(() => <SubscriptionPage />, '/subscription');
    expect(await screen.findByRole('heading', { level: 2, name: 'Tesla Team' })).toBeTruthy();
    expect(screen.getByText('$100.00 + HST ($113.00)')).toBeTruthy();
    expect(screen.getByText('December 23, 2026')).toBeTruthy();
    expect(screen.getByText('visa ending 4242')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change Tier' }).getAttribute('href')).toBe('/car-tier');
  });

  it('cancelling asks first, warning of the downgrade to Honda Team; a failure shows the spec’s text', async () => {
    const requests = serve({ cancel: [500, {}] });
    await renderWithRouter(() => <SubscriptionPage />, '/subscription');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Membership' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel your team membership?' });
    expect(within(dialog).getByText(/downgraded to the Honda Team/)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel membership' }));
    expect(await within(dialog).findByText(CANCEL_FAILED)).toBeTruthy();
  });

  it('a cancellation shows the Honda Team with Upgrade Tier, and the member’s own record follows', async () => {
    serve();
    await renderWithRouter(() => <SubscriptionPage />, '/subscription');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Membership' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, cancel membership' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Honda Team' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade Tier' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel Membership' })).toBeNull();
    await waitFor(() => expect(useSession.getState().user?.carTier).toBe('honda'));
  });

  it('falls back to the member’s own car tier when the status cannot load', async () => {
    serve({ status: [500, { error: 'down' }] });
    await renderWithRouter(() => <SubscriptionPage />, '/subscription');
    expect(await screen.findByRole('heading', { level: 2, name: 'Tesla Team' })).toBeTruthy();
    expect(screen.getByText(/could not load your membership details/)).toBeTruthy();
  });

  it('women see Royal Status, with no membership to buy or cancel', async () => {
    useSession.setState({ user: memberUser({ gender: 'female', score: 760 }) });
    const requests = serve();
    await renderWithRouter(() => <SubscriptionPage />, '/subscription');
    expect(screen.getByRole('heading', { level: 1, name: 'Royal Status' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Princess' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel Membership' })).toBeNull();
    expect(requests).toHaveLength(0);
  });
});
