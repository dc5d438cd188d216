import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '#app/platform/http.ts';
import { memberUser, stubApi } from '#app/platform/test-support.tsx';
import { authApi } from './auth.api.ts';

/** The own record the server holds now: each `me` answers the current one. */
function serverWith(tier: () => string) {
  return stubApi((path) => (path === '/api/auth/me' ? [200, { user: memberUser({ carTier: tier() as 'honda' }) }] : [200, {}]));
}

describe("the session check's answer for the member's own page (decision 53)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('serves the page opened with it, once, without asking again', async () => {
    const requests = serverWith(() => 'honda');
    await authApi.check();
    expect((await authApi.ownRecord()).user.carTier).toBe('honda');
    expect(requests.filter((request) => request.url.endsWith('/api/auth/me'))).toHaveLength(1);
    await authApi.ownRecord();
    expect(requests.filter((request) => request.url.endsWith('/api/auth/me'))).toHaveLength(2);
  });

  it('is not served once the member has asked for a change since (the record may have moved)', async () => {
    let tier = 'honda';
    serverWith(() => tier);
    await authApi.check();
    await http.post('/subscriptions/create', {});
    tier = 'tesla';
    expect((await authApi.ownRecord()).user.carTier).toBe('tesla');
  });
});
