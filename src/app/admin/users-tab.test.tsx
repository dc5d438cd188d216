import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '#shared/api/admin.ts';
import { HttpError } from '#shared/http-error.ts';
import { useSession } from '#app/platform/session.store.ts';
import { useToasts } from '#app/platform/ui/toast.store.ts';
import { adminOnly } from '#app/platform/guards.ts';
import { ADMIN_STALE_MS, adminQueries } from './admin.api.ts';
import { AdminPage } from './admin-page.tsx';
import { useAdminTab } from './admin.store.ts';
import { UsersTab } from './users-tab.tsx';
import { STATS, adminUser } from './test-fixtures.tsx';
import { renderWithRouter, stubApi, type Answer, toastTexts } from '#app/platform/test-support.tsx';


const me = adminUser({ _id: 'me', name: 'Ada Admin', email: 'ada@example.com', isAdmin: true });
/** 12 members: page 1 holds 10 (the first with no name, no age and a ban), page 2 the last 2. */
const everyone: AdminUser[] = [
  adminUser({ _id: 'u0', name: '', profile: { name: '', age: null, gender: 'female', bio: '', photos: [] }, moderation: { isBanned: true }, email: 'anon@example.com' }),
  me,
  ...Array.from({ length: 10 }, (_, i) => adminUser({ _id: `u${i + 1}`, name: `Member ${i + 1}`, email: `m${i + 1}@example.com` })),
];

/** The admin API as the server answers it; `action` answers PUT and DELETE. */
const noViews = { views: 0, uniqueViews: 0, clicks: 0, uniqueClicks: 0, conversionRate: '0.00' };

function serveAdmin(options: { action?: Answer; users?: Answer; stats?: Answer } = {}) {
  return stubApi((path, request) => {
    if (path === '/api/admin/stats') return options.stats ?? [200, { stats: STATS }];
    if (path === '/api/admin/reports') return [200, { reports: [], counts: { open: 0, resolved: 0, openByReason: {} } }];
    if (path === '/api/admin/ab-test/stats') return [200, { variants: { original: noViews, sophisticated: noViews, playful: noViews, luxurious: noViews }, dateRange: { start: '2026-11-24', end: '2026-11-24' } }];
    if (path === '/api/admin/users') {
      if (options.users) return options.users;
      const params = new URL(request.url).searchParams;
      const page = Number(params.get('page') ?? 1);
      const search = (params.get('search') ?? '').toLowerCase();
      const found = everyone.filter((u) => !search || u.profile.name.toLowerCase().includes(search) || u.email.includes(search));
      return [
        200,
        {
          users: found.slice((page - 1) * 10, page * 10),
          pagination: { page, limit: 10, pages: Math.ceil(found.length / 10), total: found.length },
        },
      ];
    }
    return options.action ?? [200, request.method === 'DELETE' ? { success: true } : { user: everyone[2] }];
  });
}

const usersCalls = (requests: Request[]) => requests.filter((r) => new URL(r.url).pathname === '/api/admin/users').map((r) => new URL(r.url).search);
const row = (name: string) => screen.getByRole('row', { name });

async function renderTab() {
  const view = await renderWithRouter(() => <UsersTab />, '/admin');
  await screen.findByRole('table');
  return view;
}

describe('/admin Users tab', () => {
  beforeEach(() => {
    useToasts.setState({ toasts: [] });
    useSession.setState({ user: { _id: 'me', isAdmin: true, isEmailVerified: true } as never, token: 'token' });
    localStorage.clear();
    useAdminTab.setState({ tab: 'users' });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the four stat cards from the server figures', async () => {
    serveAdmin();
    await renderTab();
    const card = async (title: string) => (await screen.findByRole('listitem', { name: title })).textContent;
    expect(await card('Total Users')).toBe('Total Users42+5 this week');
    expect(await card('Total Bookings')).toBe('Total Bookings179 confirmed');
    expect(await card('Available Slots')).toBe('Available Slots234 pending bookings');
    expect(await card('Banned Users')).toBe('Banned Users240 active');
  });

  it('lists members with their columns, and pages with Previous, Next and "Page p of n"', async () => {
    const requests = serveAdmin();
    await renderTab();
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['User', 'Email', 'Score', 'Bookings', 'Status', 'Actions']);
    const anon = row('No name');
    expect(within(anon).getByText('N/A')).toBeTruthy();
    expect(within(anon).getByText('Banned')).toBeTruthy();
    expect(within(anon).getByRole('button', { name: 'Unban No name' })).toBeTruthy();
    const member = row('Member 1');
    expect(member.textContent).toContain('m1@example.com');
    expect(member.textContent).toContain('Joined Nov 1, 2026');
    expect(member.textContent).toContain('720');
    expect(member.textContent).toContain('3 total');
    expect(member.textContent).toContain('1 confirmed');
    expect(within(member).getByText('Active')).toBeTruthy();
    // My own row offers neither ban nor delete.
    expect((within(row('Ada Admin')).getByRole('button', { name: 'Ban Ada Admin' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(row('Ada Admin')).getByRole('button', { name: 'Delete Ada Admin' }) as HTMLButtonElement).disabled).toBe(true);

    expect(screen.getByText('Showing 1 to 10 of 12 users')).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 11 to 12 of 12 users')).toBeTruthy();
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect(usersCalls(requests)).toEqual(['?page=1', '?page=2']);
  });

  it('searching goes back to page 1, and one page shows no "Page p of n"', async () => {
    const requests = serveAdmin();
    await renderTab();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 2');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'member 1');
    expect(await screen.findByText('Showing 1 to 2 of 2 users')).toBeTruthy();
    expect(screen.queryByText(/^Page \d+ of \d+$/)).toBeNull();
    expect(usersCalls(requests).at(-1)).toBe('?page=1&search=member+1');
    expect(usersCalls(requests).slice(2).every((search) => search.startsWith('?page=1&'))).toBe(true);
  });

  it('bans only with a reason from the prompt; cancel or blank sends nothing; the list reloads', async () => {
    const requests = serveAdmin();
    await renderTab();
    await userEvent.click(screen.getByRole('button', { name: 'Ban Member 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Ban user' });
    const ban = within(dialog).getByRole('button', { name: 'Ban' }) as HTMLButtonElement;
    expect(ban.disabled).toBe(true);
    await userEvent.type(within(dialog).getByLabelText('Why is Member 1 being banned?'), '   ');
    expect(ban.disabled).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Ban Member 1' }));
    const again = screen.getByRole('dialog', { name: 'Ban user' });
    await userEvent.type(within(again).getByLabelText('Why is Member 1 being banned?'), 'Abusive messages');
    const listsBefore = usersCalls(requests).length;
    await userEvent.click(within(again).getByRole('button', { name: 'Ban' }));
    await waitFor(() => expect(toastTexts()).toContain('User Member 1 banned successfully'));
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(new URL(put.url).pathname).toBe('/api/admin/users/u1/ban');
    expect(await put.json()).toEqual({ banned: true, reason: 'Abusive messages' });
    await waitFor(() => expect(usersCalls(requests).length).toBeGreaterThan(listsBefore));
  });

  it('unbans at once without asking a reason', async () => {
    const requests = serveAdmin();
    await renderTab();
    await userEvent.click(screen.getByRole('button', { name: 'Unban No name' }));
    await waitFor(() => expect(toastTexts()).toContain('User No name unbanned successfully'));
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(await put.json()).toEqual({ banned: false, reason: '' });
  });

  it('deletes after the confirmation naming the member', async () => {
    const requests = serveAdmin();
    await renderTab();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Member 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete user' });
    expect(dialog.textContent).toContain('Are you sure you want to delete the user Member 2? This action cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.filter((r) => r.method === 'DELETE')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Member 2' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete user' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toastTexts()).toContain('User Member 2 deleted successfully'));
    expect(new URL(requests.find((r) => r.method === 'DELETE')!.url).pathname).toBe('/api/admin/users/u2');
  });

  it.each([
    ['Ban Member 1', 'Failed to ban user'],
    ['Unban No name', 'Failed to unban user'],
    ['Delete Member 1', 'Failed to delete user'],
  ])('%s failing says "%s"', async (button, text) => {
    serveAdmin({ action: [500, { error: 'Boom' }] });
    await renderTab();
    await userEvent.click(screen.getByRole('button', { name: button }));
    const dialog = screen.queryByRole('dialog');
    if (dialog) {
      const reason = within(dialog).queryByRole('textbox');
      if (reason) await userEvent.type(reason, 'Spam');
      await userEvent.click(within(dialog).getByRole('button', { name: /^(Ban|Delete)$/ }));
    }
    await waitFor(() => expect(toastTexts()).toContain(text));
  });

  it('says which load failed', async () => {
    serveAdmin({ users: [403, { error: 'Admins only' }] });
    await renderWithRouter(() => <UsersTab />, '/admin');
    await waitFor(() => expect(toastTexts()).toContain('Failed to load users'));
    cleanup();
    useToasts.setState({ toasts: [] });
    serveAdmin({ stats: [403, { error: 'Admins only' }] });
    await renderTab();
    await waitFor(() => expect(toastTexts()).toContain('Failed to load statistics'));
    cleanup();
    useToasts.setState({ toasts: [] });
    serveAdmin({ stats: [403, { error: 'x' }], users: [403, { error: 'x' }] });
    await renderWithRouter(() => <UsersTab />, '/admin');
    await waitFor(() => expect(toastTexts()).toContain('Failed to load admin dashboard'));
  });

  it('keeps the tab bar and remembers the active tab on the device', async () => {
    serveAdmin();
    await renderWithRouter(() => <AdminPage />, '/admin');
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Users', 'A/B Testing', 'Restaurants', 'Reports']);
    await userEvent.click(screen.getByRole('tab', { name: 'A/B Testing' }));
    expect(screen.getByRole('heading', { name: 'Tagline A/B Test Results' })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('rendezvous.admin-tab')!).state.tab).toBe('ab-testing');
    cleanup();
    await useAdminTab.persist.rehydrate();
    await renderWithRouter(() => <AdminPage />, '/admin');
    expect(screen.getByRole('tab', { name: 'A/B Testing' }).getAttribute('aria-selected')).toBe('true');
  });

  it('moves back to the last page when a delete empties the one shown', async () => {
    let total = 11;
    const requests = stubApi((path, request) => {
      if (path === '/api/admin/stats') return [200, { stats: STATS }];
      if (request.method === 'DELETE') {
        total = 10;
        return [200, { success: true }];
      }
      const page = Number(new URL(request.url).searchParams.get('page'));
      const all = everyone.slice(0, total);
      return [200, { users: all.slice((page - 1) * 10, page * 10), pagination: { page, limit: 10, pages: Math.ceil(total / 10), total } }];
    });
    await renderTab();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Showing 11 to 11 of 11 users');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Member 9' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete user' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Showing 1 to 10 of 10 users')).toBeTruthy();
    expect(usersCalls(requests).at(-1)).toBe('?page=1');
  });

  it('renders nothing for a member who is not an admin', async () => {
    serveAdmin();
    useSession.setState({ user: { _id: 'x', isAdmin: false, isEmailVerified: true } as never, token: 't' });
    const { container } = await renderWithRouter(() => <AdminPage />, '/admin');
    expect(container.textContent).toBe('');
  });

  it('caches admin data 5 minutes, with one retry and no refetch on focus', () => {
    for (const options of [adminQueries.stats(), adminQueries.users({ page: 1, search: '' })]) {
      expect(options.staleTime).toBe(ADMIN_STALE_MS);
      expect(ADMIN_STALE_MS).toBe(5 * 60 * 1000);
      expect(options.refetchOnWindowFocus).toBe(false);
      const retry = options.retry as (count: number, error: unknown) => boolean;
      expect(retry(0, new HttpError(0, 'offline'))).toBe(true);
      expect(retry(1, new HttpError(0, 'offline'))).toBe(false);
      expect(retry(0, new HttpError(403, 'Admins only'))).toBe(false);
    }
  });

  it('the route guard sends non-admins to /browse', () => {
    const beforeLoad = adminOnly;
    useSession.setState({ user: { _id: 'x', isAdmin: false, isEmailVerified: true } as never, token: 't' });
    let thrown: unknown;
    try {
      beforeLoad();
    } catch (error) {
      thrown = error;
    }
    expect((thrown as { options?: { to?: string } }).options?.to).toBe('/browse');
    useSession.setState({ user: { _id: 'x', isAdmin: true, isEmailVerified: true } as never, token: 't' });
    expect(() => beforeLoad()).not.toThrow();
  });
});
