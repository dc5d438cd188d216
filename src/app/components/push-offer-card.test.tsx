import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memberUser } from '#app/platform/test-support.tsx';
import { useSession } from '#app/platform/session.store.ts';
import { fakePushDevice } from '#app/push/fake-push-device.ts';
import { OFFER_TITLE, OFFER_WHY, PushOfferCard } from './push-offer-card.tsx';
import { offerPush, pushOfferKey, usePushOffer } from './push-offer.ts';

beforeEach(() => {
  localStorage.clear();
  usePushOffer.setState({ reason: null });
  useSession.setState({ user: memberUser(), token: 'token' });
});
afterEach(cleanup);

describe('the push offer', () => {
  it('shows nothing until the member publishes a slot or sends a request (never on first load)', async () => {
    const { device } = fakePushDevice('off');
    render(<PushOfferCard device={device} />);
    expect(screen.queryByRole('region')).toBeNull();
    act(() => offerPush('slot'));
    expect(await screen.findByRole('region', { name: OFFER_TITLE })).toBeTruthy();
    expect(screen.getByText(OFFER_WHY.slot)).toBeTruthy();
  });

  it('asks the browser only on "Turn on notifications", then goes for good', async () => {
    const { device, calls } = fakePushDevice('off');
    render(<PushOfferCard device={device} />);
    act(() => offerPush('request'));
    expect(await screen.findByText(OFFER_WHY.request)).toBeTruthy();
    expect(calls).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Turn on notifications' }));
    expect(calls).toEqual(['enable']);
    expect(screen.queryByRole('region')).toBeNull();
    act(() => offerPush('slot'));
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('"Not now" is remembered for the member on this device', async () => {
    const { device, calls } = fakePushDevice('off');
    render(<PushOfferCard device={device} />);
    act(() => offerPush('slot'));
    await userEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region')).toBeNull();
    expect(localStorage.getItem(pushOfferKey('u1'))).toBe('dismissed');
    act(() => offerPush('slot'));
    expect(screen.queryByRole('region')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('stays away where push cannot work or is already on', async () => {
    for (const state of ['unsupported', 'denied', 'on'] as const) {
      const { device } = fakePushDevice(state);
      usePushOffer.setState({ reason: null });
      const view = render(<PushOfferCard device={device} />);
      act(() => offerPush('slot'));
      await act(async () => undefined);
      expect(screen.queryByRole('region')).toBeNull();
      view.unmount();
    }
  });
});
