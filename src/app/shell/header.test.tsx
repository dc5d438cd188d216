import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '#app/platform/session.store.ts';
import { Header } from './header.tsx';
import { memberUser as member } from '#app/platform/test-support.tsx';

// Chat and notifications arrive in later issues; here the counts are set by the test.
const counts = vi.hoisted(() => ({ messages: 0, notifications: 0 }));
vi.mock('./unread-counts.ts', () => ({ useUnreadCounts: () => counts }));


async function renderHeader() {
  const rootRoute = createRootRoute({ component: Header });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(<RouterProvider router={router as never} />);
  await screen.findByRole('link', { name: 'Rendezvous' });
  // The member's part of the header is its own chunk.
  if (useSession.getState().token) await screen.findByRole('navigation', { name: 'Main' });
}

describe('Header', () => {
  beforeEach(() => {
    counts.messages = 0;
    counts.notifications = 0;
    useSession.getState().clear();
  });
  afterEach(cleanup);

  it('offers Sign In and Get Started to visitors, and no member navigation', async () => {
    await renderHeader();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveProperty('pathname', '/login');
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveProperty('pathname', '/register');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('shows the member navigation, the score chip, and Admin only to admins', async () => {
    act(() => useSession.getState().signIn('token', member({ score: 712 })));
    await renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Browse', 'Availability', 'Bookings', 'Messages']);
    expect(screen.getByRole('link', { name: 'Reliability score 712' })).toHaveProperty('pathname', '/score');
    cleanup();

    act(() => useSession.getState().signIn('token', member({ isAdmin: true })));
    await renderHeader();
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Admin' })).toBeTruthy();
  });

  it('caps the message badge at 99+ and the bell at 9+', async () => {
    counts.messages = 150;
    counts.notifications = 12;
    act(() => useSession.getState().signIn('token', member()));
    await renderHeader();
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByText('99+')).toBeTruthy();
    // On a phone the navigation is in the menu: its button shows the count as well.
    expect(screen.getByRole('button', { name: 'Menu, 150 unread messages' }).textContent).toBe('99+');
    expect(screen.getByRole('link', { name: 'Notifications, 12 unread' }).textContent).toContain('9+');
  });

  it("shows a woman's royal title and Partner Guide; others their tier, grade and Team", async () => {
    const user = userEvent.setup();
    act(() => useSession.getState().signIn('token', member({ gender: 'female', score: 760 })));
    await renderHeader();
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByText('Princess')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Partner Guide' })).toHaveProperty('pathname', '/subscription');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'Partner Guide' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Account menu' }));
    cleanup();

    act(() => useSession.getState().signIn('token', member({ gender: 'male', score: 560 })));
    await renderHeader();
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByText('Verified · Fair')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Team' })).toHaveProperty('pathname', '/subscription');
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
  });
});
