import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type Answer, toastTexts } from '#app/platform/test-support.tsx';
import { useToasts } from '#app/platform/ui/toast.store.ts';
import { useNudge } from './use-nudge.ts';


function nudgeAnswered(answer: Answer) {
  const requests = stubApi(() => answer);
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useNudge(), { wrapper });
  act(() => result.current.send('member-7', 'Walter'));
  return requests;
}

describe('a nudge', () => {
  beforeEach(() => useToasts.setState({ toasts: [] }));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is posted for the member and says it was sent, by name', async () => {
    const requests = nudgeAnswered([200, { success: true, message: 'Nudge sent!' }]);
    await vi.waitFor(() => expect(toastTexts()).toEqual(['Nudge sent to Walter!']));
    expect(requests.map((request) => [request.method, new URL(request.url).pathname])).toEqual([['POST', '/api/users/member-7/nudge']]);
  });

  it('refused for the day (429) says so in the spec words', async () => {
    nudgeAnswered([429, { error: 'You can only send one nudge per day to each user' }]);
    await vi.waitFor(() => expect(toastTexts()).toEqual(['You can only send one nudge per day to each user']));
  });

  it("that fails otherwise says 'Failed to send nudge'", async () => {
    nudgeAnswered([500, { error: 'Something broke' }]);
    await vi.waitFor(() => expect(toastTexts()).toEqual(['Failed to send nudge']));
  });
});
