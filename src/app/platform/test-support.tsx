import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { User } from '#shared/api/auth.ts';
import { DEFAULT_NOTIFICATION_SETTINGS, DEFAULT_PREFERENCES } from '#shared/domain/profile.ts';
import { useToasts } from './ui/toast.store.ts';

/* Component-test helpers every feature uses: a screen inside a router, and the network under ky stubbed. */

/** Renders `ui` at `path` inside a router (for links and navigation) and a fresh query client. */
export async function renderWithRouter(ui: () => ReactNode, path = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
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

export type Answer = [status: number, body: unknown];

/**
 * Stubs the network under ky: each request is answered by `answer(path, request)` with a status
 * and a JSON body (or a promise of them, to hold a request open), and recorded. Relative '/api/…'
 * URLs are resolved against the page, as a browser does.
 */
export function stubApi(answer: (path: string, request: Request) => Answer | Promise<Answer>) {
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
      const [status, body] = await answer(new URL(request.url).pathname, request);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return requests;
}

/** A signed-in member as the API shows them to themselves; override what a test is about. */
export function memberUser(overrides: Partial<User> & { gender?: User['profile']['gender']; score?: number } = {}): User {
  const { gender = 'male', score = 650, ...rest } = overrides;
  return {
    _id: 'u1',
    email: 'robin@example.com',
    isEmailVerified: true,
    isAdmin: false,
    accountStatus: 'active',
    accountType: 'individual',
    profile: { name: 'Robin', age: 30, gender, bio: '', interests: [], photos: [], location: { city: 'Vancouver', country: 'Canada', coordinates: null }, preferences: DEFAULT_PREFERENCES },
    coupleInfo: null,
    reliabilityScore: { current: score },
    verificationTier: 'verified',
    isBiometricVerified: false,
    isPhotoVerified: false,
    carTier: 'honda',
    referralCode: 'ABC',
    moderation: { isBanned: false },
    notificationSettings: DEFAULT_NOTIFICATION_SETTINGS,
    timeZone: 'America/Vancouver',
    createdAt: '2026-11-01T00:00:00.000Z',
    ...rest,
  };
}

/** The texts of the toasts showing now, oldest first. */
export const toastTexts = () => useToasts.getState().toasts.map((toast) => toast.message);
