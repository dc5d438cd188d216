import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AbTestStats } from '#shared/api/ab-test.ts';
import { TAGLINES } from '#shared/domain/ab-test.ts';
import { useToasts } from '#app/platform/ui/toast.store.ts';
import { renderWithRouter, stubApi, toastTexts } from '#app/platform/test-support.tsx';
import { AbTestTab, conversionTone } from './ab-test-tab.tsx';

const zero = { views: 0, uniqueViews: 0, clicks: 0, uniqueClicks: 0, conversionRate: '0.00' };
const RESULTS: AbTestStats = {
  variants: {
    original: { views: 250, uniqueViews: 200, clicks: 9, uniqueClicks: 7, conversionRate: '3.50' },
    sophisticated: { views: 120, uniqueViews: 100, clicks: 3, uniqueClicks: 2, conversionRate: '2.00' },
    playful: { views: 110, uniqueViews: 100, clicks: 1, uniqueClicks: 1, conversionRate: '1.00' },
    luxurious: { views: 90, uniqueViews: 80, clicks: 0, uniqueClicks: 0, conversionRate: '0.00' },
  },
  dateRange: { start: '2026-11-01', end: '2026-11-24' },
};


describe('/admin A/B Testing tab', () => {
  beforeEach(() => useToasts.setState({ toasts: [] }));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('colours a conversion rate: 3 %+ green, 2 %+ blue, 1 %+ yellow, below red', () => {
    expect(['3.00', '12.50', '2.99', '2.00', '1.00', '0.99', '0.00'].map(conversionTone)).toEqual(['green', 'green', 'blue', 'blue', 'yellow', 'red', 'red']);
  });

  it('shows a card per variant, the table with the taglines, the date range and the note; a range is asked of the server', async () => {
    const requests = stubApi(() => [200, RESULTS]);
    await renderWithRouter(() => <AbTestTab />, '/admin');
    expect(await screen.findByRole('heading', { name: 'Tagline A/B Test Results' })).toBeTruthy();
    const card = await screen.findByRole('listitem', { name: 'Original' });
    expect(card.textContent).toBe('Original3.50%Conversion rate200 unique views7 unique clicks');
    expect(within(card).getByText('3.50%').className).toContain('admin-rate-green');
    expect(within(screen.getByRole('listitem', { name: 'Sophisticated' })).getByText('2.00%').className).toContain('admin-rate-blue');
    expect(within(screen.getByRole('listitem', { name: 'Playful' })).getByText('1.00%').className).toContain('admin-rate-yellow');
    expect(within(screen.getByRole('listitem', { name: 'Luxurious' })).getByText('0.00%').className).toContain('admin-rate-red');

    const cells = within(screen.getByRole('row', { name: 'Original' })).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toEqual([TAGLINES.original, '200', '250', '7', '9', '3.50%']);
    expect(screen.getByText('Date range: Nov 1, 2026 – Nov 24, 2026')).toBeTruthy();
    expect(screen.getByText('Conversion rate = (unique clicks ÷ unique views) × 100')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('From'), '2026-11-10');
    await vi.waitFor(() => expect(requests.some((request) => new URL(request.url).search === '?startDate=2026-11-10')).toBe(true));
  });

  it('says so when there is no data yet', async () => {
    stubApi(() => [200, { variants: { original: zero, sophisticated: zero, playful: zero, luxurious: zero }, dateRange: { start: '2026-11-24', end: '2026-11-24' } }]);
    await renderWithRouter(() => <AbTestTab />, '/admin');
    expect(await screen.findByText('No A/B test data available yet.')).toBeTruthy();
    expect(screen.getByText('Data will appear as users visit the home page.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('toasts a failure to load', async () => {
    stubApi(() => [500, { error: 'boom' }]);
    await renderWithRouter(() => <AbTestTab />, '/admin');
    await vi.waitFor(() => expect(toastTexts()).toContain('Failed to load A/B test analytics'), { timeout: 5000 });
  });
});
