import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '#app/platform/test-support.tsx';
import { DEFAULT_VENUE, SlotForm } from './slot-form.tsx';

function renderForm(date: string, now: { date: string; time: string }) {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <SlotForm date={date} onDateChange={() => {}} now={{ ...now, zoneLabel: 'MST' }} timeZone="America/Vancouver" />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the add-slot form', () => {
  it("names the host's zone with the label the server's rules give it", () => {
    renderForm('2026-11-27', { date: '2026-11-27', time: '08:00' });
    expect(screen.getByText('Times are in your own time zone (Vancouver, MST).')).toBeTruthy();
  });

  it("on today's date disables the presets whose cutoff hour has come, with 'Past time'", () => {
    renderForm('2026-11-23', { date: '2026-11-23', time: '12:30' });
    expect(screen.getByRole('button', { name: /^Morning 09:00–12:00/ })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: /^Morning 09:00–12:00/ }).textContent).toContain('Past time');
    expect(screen.getByRole('button', { name: /^Afternoon 13:00–17:00/ })).toHaveProperty('disabled', false);
  });

  it('fills start and end from a preset, and the end by the default duration when a start is chosen', async () => {
    const user = userEvent.setup();
    renderForm('2026-11-24', { date: '2026-11-23', time: '12:30' });
    expect(screen.getByLabelText('Venue')).toHaveProperty('value', DEFAULT_VENUE);
    await user.selectOptions(screen.getByLabelText('Date type'), 'dinner');
    await user.click(screen.getByRole('button', { name: /^Dinner 19:00–22:00/ }));
    expect(screen.getByLabelText('Start time')).toHaveProperty('value', '19:00');
    expect(screen.getByLabelText('End time')).toHaveProperty('value', '22:00');
    await user.selectOptions(screen.getByLabelText('Start time'), '20:00');
    // Dinner lasts 180 minutes by default.
    expect(screen.getByLabelText('End time')).toHaveProperty('value', '23:00');
  });

  it('shows the field errors and the form message before sending anything', async () => {
    const user = userEvent.setup();
    renderForm('2026-11-24', { date: '2026-11-23', time: '12:30' });
    await user.clear(screen.getByLabelText('Venue'));
    await user.click(screen.getByRole('button', { name: 'Add this time' }));
    // The check's schema loads with the first submit.
    expect(await screen.findByText('Please fix the form errors and try again')).toBeTruthy();
    expect(screen.getByText('Venue is required')).toBeTruthy();
    expect(screen.getByText('Start time is required')).toBeTruthy();
  });

  it('offers the advertised restaurants: a pick fills the venue, and the link opens in a new tab', async () => {
    const banner = { _id: 'r1', name: 'Chez Test', address: { street: '1 Main St', city: 'Vancouver', province: 'BC', postalCode: 'V6B 1A1' }, text: 'Dinner for two', link: 'https://cheztest.example.com/', image: null };
    stubApi((path) => (path === '/api/banners' ? [200, { banners: [banner] }] : [200, { success: true }]));
    const user = userEvent.setup();
    renderForm('2026-11-24', { date: '2026-11-23', time: '12:30' });
    const link = await screen.findByRole('link', { name: /Visit Chez Test/ });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    await user.click(screen.getByRole('button', { name: 'Pick Chez Test for this date' }));
    expect(screen.getByLabelText('Venue')).toHaveProperty('value', 'Chez Test');
  });
});
