import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onReconnect, PROBE_MS, reportReachable, reportUnreachable, useConnectivity } from './connectivity.ts';
import { OfflineStatus, updatedAtText } from './offline-status.tsx';

afterEach(() => {
  cleanup();
  act(() => reportReachable());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
beforeEach(() => act(() => reportReachable()));

const TODAY_14_05 = new Date(2026, 10, 24, 14, 5).getTime();

describe('the offline status', () => {
  it('shows nothing while the server answers', () => {
    render(<OfflineStatus updatedAt={TODAY_14_05} />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says offline and when the kept data was fetched once a request fails for lack of a network', () => {
    render(<OfflineStatus updatedAt={TODAY_14_05} />);
    act(() => reportUnreachable());
    expect(screen.getByRole('status').textContent).toBe(`Offline — updated ${updatedAtText(TODAY_14_05)}`);
    act(() => reportReachable());
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('names the oldest of several queries, and says so when nothing is kept', () => {
    const earlier = TODAY_14_05 - 60 * 60_000;
    act(() => reportUnreachable());
    const { rerender } = render(<OfflineStatus updatedAt={[TODAY_14_05, 0, earlier]} />);
    expect(screen.getByRole('status').textContent).toBe(`Offline — updated ${updatedAtText(earlier)}`);
    rerender(<OfflineStatus updatedAt={0} />);
    expect(screen.getByRole('status').textContent).toBe('Offline — nothing saved on this device yet');
  });

  it('follows the browser going offline', () => {
    render(<OfflineStatus updatedAt={TODAY_14_05} />);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('status')).toBeTruthy();
  });
});

describe('updatedAtText', () => {
  it('is the time today and the day and time before', () => {
    const now = new Date(2026, 10, 24, 18, 0).getTime();
    expect(updatedAtText(TODAY_14_05, now)).toMatch(/2:05|14:05/);
    const yesterday = new Date(2026, 10, 23, 9, 30).getTime();
    expect(updatedAtText(yesterday, now)).toMatch(/Nov 23, .*9:30/);
  });
});

describe('connectivity', () => {
  it('asks the server again while offline, and its first answer brings the app back and tells the screens', async () => {
    vi.useFakeTimers();
    let up = false;
    const fetch = vi.fn(async () => (up ? new Response('{}', { status: 200 }) : Promise.reject(new TypeError('Failed to fetch'))));
    vi.stubGlobal('fetch', fetch);
    const reconnected = vi.fn();
    const stop = onReconnect(reconnected);

    reportUnreachable();
    await vi.advanceTimersByTimeAsync(PROBE_MS);
    expect(fetch).toHaveBeenCalledWith('/api/health', expect.anything());
    expect(useConnectivity.getState().online).toBe(false);
    expect(reconnected).not.toHaveBeenCalled();

    up = true;
    await vi.advanceTimersByTimeAsync(PROBE_MS);
    expect(useConnectivity.getState().online).toBe(true);
    expect(reconnected).toHaveBeenCalledTimes(1);

    // Probing stops once back.
    const calls = fetch.mock.calls.length;
    await vi.advanceTimersByTimeAsync(PROBE_MS * 3);
    expect(fetch.mock.calls.length).toBe(calls);
    stop();
  });
});
