import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter, stubApi } from '#app/platform/test-support.tsx';
import { CalendarFeedSection } from './calendar-feed-section.tsx';

const OLD = 'https://rendezvous.example/calendar/old-secret.ics';
const NEW = 'https://rendezvous.example/calendar/new-secret.ics';

async function renderSection() {
  await renderWithRouter(() => <CalendarFeedSection />, '/profile');
  return screen.getByRole('region', { name: 'Calendar feed' });
}

describe('the profile\'s "Calendar feed" section', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the address read-only, and copies it', async () => {
    stubApi(() => [200, { url: OLD }]);
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const section = await renderSection();
    expect(within(section).getByRole('status').textContent).toBe('Loading…');
    const field = await within(section).findByRole('textbox', { name: 'Your feed address' });
    expect((field as HTMLInputElement).value).toBe(OLD);
    expect((field as HTMLInputElement).readOnly).toBe(true);
    await userEvent.click(within(section).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(OLD);
    expect(within(section).getByRole('status').textContent).toBe('Link copied. Paste it into your calendar app as a subscription.');
  });

  it('without a clipboard, selects the address and says to copy it by hand', async () => {
    stubApi(() => [200, { url: OLD }]);
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    const section = await renderSection();
    const field = (await within(section).findByRole('textbox', { name: 'Your feed address' })) as HTMLInputElement;
    await userEvent.click(within(section).getByRole('button', { name: 'Copy' }));
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, OLD.length]);
    expect(within(section).getByRole('status').textContent).toBe('Could not copy: the address is selected, copy it with your keyboard or long-press.');
  });

  it('resets the link only once confirmed, and shows the new one', async () => {
    const requests = stubApi((path) => [200, { url: path.endsWith('/reset') ? NEW : OLD }]);
    const section = await renderSection();
    await within(section).findByRole('textbox', { name: 'Your feed address' });
    await userEvent.click(within(section).getByRole('button', { name: 'Reset link' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset your calendar feed?', hidden: true });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the current link', hidden: true }));
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await userEvent.click(within(section).getByRole('button', { name: 'Reset link' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset link', hidden: true }));
    expect(await within(section).findByDisplayValue(NEW)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').map((r) => new URL(r.url).pathname)).toEqual(['/api/users/calendar-feed/reset']);
    expect(within(section).getByRole('status').textContent).toBe('A new link is ready. The old one no longer works.');
  });

  it('says when the address cannot load, with Retry', async () => {
    let fail = true;
    stubApi(() => (fail ? [500, { error: 'Something went wrong on our side. Please try again.' }] : [200, { url: OLD }]));
    const section = await renderSection();
    expect(await within(section).findByText('Could not load your calendar feed')).toBeTruthy();
    fail = false;
    await userEvent.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByDisplayValue(OLD)).toBeTruthy();
  });
});
