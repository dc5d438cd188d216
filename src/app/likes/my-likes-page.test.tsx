import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '#shared/http-error.ts';
import type { LikedMember } from '#shared/api/likes.ts';
import { useSession } from '#app/platform/session.store.ts';
import { memberUser, renderWithRouter, stubApi, toastTexts } from '#app/platform/test-support.tsx';
import { useToasts } from '#app/platform/ui/toast.store.ts';
import { likeErrorText } from './like-button.tsx';
import { LOAD_FAILED, MyLikesPage, REMOVE_FAILED, SIGNED_OUT } from './my-likes-page.tsx';


function liked(id: string, name: string): LikedMember {
  return {
    _id: id,
    accountType: 'individual',
    profile: { name, age: 31, gender: 'female', bio: '', interests: [], photos: [], location: { city: 'Vancouver', country: 'Canada' } },
    coupleInfo: null,
    reliabilityScore: { current: 700, stats: { totalDates: 0, onTimeRate: null, noShows: 0 } },
    verificationTier: 'none',
    isBiometricVerified: false,
    isPhotoVerified: false,
    carTier: 'honda',
    createdAt: '2026-11-01T00:00:00.000Z',
    likedAt: '2026-11-20T00:00:00.000Z',
  };
}

describe('/my-likes', () => {
  beforeEach(() => {
    useToasts.setState({ toasts: [] });
    act(() => useSession.getState().signIn('token', memberUser()));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    act(() => useSession.getState().clear());
  });

  it('asks a member whose session ended to log in, and asks the server nothing', async () => {
    act(() => useSession.getState().clear());
    const requests = stubApi(() => [200, { given: [], received: [] }]);
    await renderWithRouter(() => <MyLikesPage />);
    expect(screen.getByText(SIGNED_OUT)).toBeTruthy();
    expect(SIGNED_OUT).toBe('Please log in to view your likes.');
    expect(requests).toHaveLength(0);
  });

  it("says 'Failed to load likes' when the list cannot be read", async () => {
    stubApi(() => [500, { error: 'Something broke' }]);
    await renderWithRouter(() => <MyLikesPage />);
    await vi.waitFor(() => expect(toastTexts()).toContain(LOAD_FAILED));
    expect(LOAD_FAILED).toBe('Failed to load likes');
  });

  it("keeps the person and says 'Failed to remove like' when the unlike fails", async () => {
    stubApi((path, request) => (request.method === 'DELETE' ? [500, { error: 'Something broke' }] : [200, { given: [liked('m1', 'Elena')], received: [] }]));
    await renderWithRouter(() => <MyLikesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Unlike Elena' }));
    await vi.waitFor(() => expect(toastTexts()).toContain(REMOVE_FAILED));
    expect(REMOVE_FAILED).toBe('Failed to remove like');
    expect(within(screen.getByRole('tabpanel')).getByRole('heading', { name: 'Elena' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'People I Liked (1)' })).toBeTruthy();
  });
});

describe('the Like button’s errors', () => {
  it("turn the server's 'Cannot like yourself' into the spec's words, and anything else into a failure to like or unlike", () => {
    const yourself = new HttpError(400, 'Cannot like yourself');
    expect(likeErrorText(yourself, true)).toBe("You can't like your own profile");
    expect(likeErrorText(new HttpError(400, 'Something else'), true)).toBe('Failed to like user');
    expect(likeErrorText(new HttpError(500, 'Cannot like yourself'), true)).toBe('Failed to like user');
    expect(likeErrorText(new TypeError('Failed to fetch'), true)).toBe('Failed to like user');
    expect(likeErrorText(yourself, false)).toBe('Failed to unlike user');
  });
});
