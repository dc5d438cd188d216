import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { AdminStats, AdminUser } from '#shared/api/admin.ts';

/** Test data and helpers for the admin feature's component tests. */

export function adminUser(overrides: Partial<AdminUser> & { name?: string } = {}): AdminUser {
  const { name, ...rest } = overrides;
  return {
    _id: 'user-1',
    email: 'jordan@example.com',
    createdAt: '2026-11-01T00:00:00.000Z',
    profile: { name: name ?? 'Jordan', age: 29, gender: 'female', bio: '', photos: [] },
    reliabilityScore: { current: 720 },
    moderation: { isBanned: false },
    stats: { bookings: { total: 3, confirmed: 1 } },
    accountType: 'individual',
    coupleInfo: null,
    isBiometricVerified: false,
    verificationTier: 'none',
    carTier: 'honda',
    isAdmin: false,
    ...rest,
  };
}

export const STATS: AdminStats = {
  users: { total: 42, recentSignups: 5, banned: 2, active: 40 },
  bookings: { total: 17, confirmed: 9, pending: 4 },
  availability: { totalSlots: 23 },
};

/** Renders `ui` at `path` inside a router and a fresh query client (the app's own retry rules apply per query). */
export async function renderWithRouter(ui: () => ReactNode, path = '/') {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const rootRoute = createRootRoute({ component: ui, notFoundComponent: () => null });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [path] }) });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  );
  await router.load();
  return { ...view, router, queryClient };
}

/** Stubs the network under ky: each request is answered by `answer(path, request)` and recorded. */
export function stubApi(answer: (path: string, request: Request) => [status: number, body: unknown]) {
  const requests: Request[] = [];
  class PageRequest extends Request {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
    }
  }
  vi.stubGlobal('Request', PageRequest);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new PageRequest(input, init);
      requests.push(request.clone());
      const [status, body] = answer(new URL(request.url).pathname, request);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return requests;
}
