import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Restaurant } from '#shared/api/restaurants.ts';
import { useToasts } from '#app/platform/ui/toast.store.ts';
import { renderWithRouter, stubApi, type Answer, toastTexts } from '#app/platform/test-support.tsx';
import { RestaurantsTab } from './restaurants-tab.tsx';

const restaurant = (overrides: Partial<Restaurant> = {}): Restaurant => ({
  _id: 'r1',
  name: 'Chambar',
  isActive: true,
  address: { street: '568 Beatty St', city: 'Vancouver', province: 'BC', postalCode: 'V6B 2L3' },
  banner: { text: 'Moules frites for two', link: 'https://chambar.example.com/', image: null, isActive: true },
  stats: { views: 12, clicks: 3 },
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
  ...overrides,
});

const calls = (requests: Request[]) => requests.map((r) => `${r.method} ${new URL(r.url).pathname}`);

/** The restaurants API; `answers` by "METHOD path" for the calls a test is about. */
function serve(list: Restaurant[], answers: Record<string, Answer> = {}) {
  return stubApi((path, request) => answers[`${request.method} ${path}`] ?? (request.method === 'GET' ? [200, { restaurants: list }] : [500, { error: 'unexpected' }]));
}

async function fillForm(dialog: HTMLElement) {
  const field = (label: string) => within(dialog).getByLabelText(label, { exact: true });
  await userEvent.type(field('Restaurant Name'), 'Miku');
  await userEvent.type(field('Street'), '200 Granville St');
  await userEvent.type(field('City'), 'Vancouver');
  await userEvent.type(field('Province'), 'BC');
  await userEvent.type(field('Postal Code'), 'V6C 1S4');
  await userEvent.type(field('Banner Text'), 'Aburi sushi for two');
  await userEvent.type(field('Banner Link'), 'https://miku.example.com');
}

describe('/admin Restaurants tab', () => {
  beforeAll(() => {
    URL.createObjectURL ??= () => 'blob:preview';
    URL.revokeObjectURL ??= () => undefined;
  });
  beforeEach(() => useToasts.setState({ toasts: [] }));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists restaurants with their badge, address, banner preview, link and counts', async () => {
    serve([restaurant(), restaurant({ _id: 'r2', name: 'Closed Café', isActive: false })]);
    await renderWithRouter(() => <RestaurantsTab />, '/admin');
    const item = await screen.findByRole('listitem', { name: 'Chambar' });
    expect(within(item).getByText('Active', { exact: true })).toBeTruthy();
    expect(within(item).getByText('568 Beatty St, Vancouver, BC V6B 2L3')).toBeTruthy();
    expect(within(item).getByRole('article', { name: 'Sponsored: Chambar' })).toBeTruthy();
    expect(within(item).getByText('Views: 12 · Clicks: 3')).toBeTruthy();
    const link = within(item).getByRole('link', { name: 'https://chambar.example.com/' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(screen.getByRole('listitem', { name: 'Closed Café' })).getByText('Inactive')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Activate Closed Café' })).toBeTruthy();
  });

  it('shows the empty state', async () => {
    serve([]);
    await renderWithRouter(() => <RestaurantsTab />, '/admin');
    expect(await screen.findByText('No restaurants added yet.')).toBeTruthy();
  });

  it('uploads the image first, then saves with it; a failed upload saves nothing', async () => {
    const saved = restaurant({ _id: 'r9', name: 'Miku' });
    let requests = serve([], { 'POST /api/upload/restaurant-banner': [500, { error: 'disk full' }] });
    await renderWithRouter(() => <RestaurantsTab />, '/admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Restaurant' }));
    let dialog = screen.getByRole('dialog', { name: 'Add Restaurant' });
    await fillForm(dialog);
    expect(within(dialog).getByText('19/100')).toBeTruthy();
    expect(within(dialog).getByRole('article', { name: 'Sponsored: Miku' }).textContent).toContain('Aburi sushi for two');
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'banner.jpg', { type: 'image/jpeg' });
    await userEvent.upload(within(dialog).getByLabelText('Banner Image'), file);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Restaurant' }));
    await vi.waitFor(() => expect(toastTexts()).toContain('Failed to upload image'));
    expect(calls(requests).filter((call) => call.startsWith('POST'))).toEqual(['POST /api/upload/restaurant-banner']);
    cleanup();

    requests = serve([], {
      'POST /api/upload/restaurant-banner': [201, { url: '/api/photos/banner-x.webp', filename: 'banner-5b0c8a7e-0000-4000-8000-000000000000.webp' }],
      'POST /api/admin/restaurants': [201, { restaurant: saved }],
    });
    await renderWithRouter(() => <RestaurantsTab />, '/admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Restaurant' }));
    dialog = screen.getByRole('dialog', { name: 'Add Restaurant' });
    await fillForm(dialog);
    await userEvent.upload(within(dialog).getByLabelText('Banner Image'), file);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Restaurant' }));
    await vi.waitFor(() => expect(toastTexts()).toContain('Restaurant Miku created successfully'));
    expect(calls(requests).filter((call) => call.startsWith('POST'))).toEqual(['POST /api/upload/restaurant-banner', 'POST /api/admin/restaurants']);
    const body = await requests.find((r) => new URL(r.url).pathname === '/api/admin/restaurants' && r.method === 'POST')!.json();
    expect(body).toEqual({
      name: 'Miku',
      address: { street: '200 Granville St', city: 'Vancouver', province: 'BC', postalCode: 'V6C 1S4' },
      banner: { text: 'Aburi sushi for two', link: 'https://miku.example.com', image: { url: '/api/photos/banner-x.webp', filename: 'banner-5b0c8a7e-0000-4000-8000-000000000000.webp' } },
    });
  });

  it('checks the form before sending: required fields and a real link', async () => {
    const requests = serve([]);
    await renderWithRouter(() => <RestaurantsTab />, '/admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Restaurant' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Restaurant' });
    await userEvent.type(within(dialog).getByLabelText('Banner Link', { exact: true }), 'miku.example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Restaurant' }));
    expect(within(dialog).getByText('Restaurant name is required')).toBeTruthy();
    expect(within(dialog).getByText('Please enter a valid URL starting with http:// or https://')).toBeTruthy();
    expect(calls(requests).filter((call) => !call.startsWith('GET'))).toEqual([]);
  });

  it('toggles and deletes after confirming, with their toasts; failures toast too', async () => {
    const requests = serve([restaurant()], {
      'PATCH /api/admin/restaurants/r1/toggle-status': [200, { restaurant: restaurant({ isActive: false }) }],
      'DELETE /api/admin/restaurants/r1': [500, { error: 'nope' }],
    });
    await renderWithRouter(() => <RestaurantsTab />, '/admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate Chambar' }));
    await vi.waitFor(() => expect(toastTexts()).toContain('Restaurant Chambar deactivated successfully'));

    await userEvent.click(screen.getByRole('button', { name: 'Delete Chambar' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete restaurant' });
    expect(confirm.textContent).toContain('Are you sure you want to delete Chambar?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(toastTexts()).toContain('Failed to delete restaurant'));
    expect(calls(requests)).toContain('DELETE /api/admin/restaurants/r1');
  });
});
