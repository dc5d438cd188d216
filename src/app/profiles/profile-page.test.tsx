import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '#shared/api/auth.ts';
import { useSession } from '#app/platform/session.store.ts';
import { memberUser, renderWithRouter, stubApi, type Answer, toastTexts } from '#app/platform/test-support.tsx';
import { useToasts } from '#app/platform/ui/toast.store.ts';
import { ProfilePage } from './profile-page.tsx';

type Photo = User['profile']['photos'][number];

const photosOf = (count: number): Photo[] =>
  Array.from({ length: count }, (_, i) => ({ _id: `p${i + 1}`, url: `/api/photos/p${i + 1}.jpg`, isVerified: false }));

const calls = (requests: Request[]) => requests.map((r) => `${r.method} ${new URL(r.url).pathname}`);
const changes = (requests: Request[]) => calls(requests).filter((call) => !call.startsWith('GET'));

/** The server: the member's own record on GET /api/auth/me, and `answers` by "METHOD path" for the calls a test is about. */
function serve(user: User, answers: Record<string, Answer> = {}) {
  return stubApi((path, request) => {
    const answer = answers[`${request.method} ${path}`];
    if (answer) return answer;
    if (request.method === 'GET' && path === '/api/auth/me') return [200, { user }];
    return [500, { error: 'unexpected' }];
  });
}

/** Signs `user` in, serves them, and opens /profile once their fresh record is in. */
async function openProfile(user: User, answers: Record<string, Answer> = {}) {
  act(() => useSession.getState().signIn('token', user));
  const requests = serve(user, answers);
  await renderWithRouter(() => <ProfilePage />, '/profile');
  await screen.findByRole('form', { name: 'Profile' });
  return requests;
}

const photosSection = () => screen.getByRole('region', { name: 'Photos' });
const profileForm = () => screen.getByRole('form', { name: 'Profile' });

/**
 * jsdom has no image decoder or canvas: the browser's parts the compressor uses are faked, so every
 * photo decodes to 1200×900 and encodes to a small JPEG at the first step (as in compress-photos.test.ts,
 * the encoding is fake; here at the browser's boundary, since the page uses the real encoder).
 */
function fakeImageCodec() {
  vi.stubGlobal('createImageBitmap', async () => ({ width: 1200, height: 900, close: () => undefined }));
  vi.stubGlobal(
    'OffscreenCanvas',
    class {
      getContext() {
        return { fillStyle: '', fillRect: () => undefined, drawImage: () => undefined };
      }
      async convertToBlob() {
        return new Blob([new Uint8Array(1000)], { type: 'image/jpeg' });
      }
    },
  );
}

const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], name, { type: 'image/jpeg' });

describe('/profile', () => {
  beforeEach(() => useToasts.setState({ toasts: [] }));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    act(() => useSession.getState().clear());
    useToasts.setState({ toasts: [] });
  });

  it("shows a couple account's name as 'name & partnerName'", async () => {
    await openProfile(
      memberUser({
        accountType: 'couple',
        profile: { ...memberUser().profile, name: 'Sam' },
        coupleInfo: { partnerName: 'Alex', partnerAge: 31, partnerGender: 'female', relationshipType: 'dating' },
      }),
    );
    const identity = screen.getByRole('region', { name: 'Who you are' });
    expect(within(identity).getByText('Sam & Alex')).toBeTruthy();
  });

  it('shows an individual account by its own name only', async () => {
    await openProfile(memberUser({ profile: { ...memberUser().profile, name: 'Sam' } }));
    const identity = screen.getByRole('region', { name: 'Who you are' });
    expect(within(identity).getByText('Sam', { exact: true })).toBeTruthy();
    expect(within(identity).queryByText(/&/)).toBeNull();
  });

  it("a save refused with the server's message shows that message, inline and as a toast, and keeps what was typed", async () => {
    const requests = await openProfile(memberUser(), { 'PUT /api/users/profile': [400, { error: 'Name is too long' }] });
    const name = within(profileForm()).getByLabelText('Display name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Robin of Locksley');
    await userEvent.type(within(profileForm()).getByLabelText('Bio'), 'Archery and long walks.');
    await userEvent.click(within(profileForm()).getByRole('button', { name: 'Save Profile' }));

    expect((await within(profileForm()).findByRole('alert')).textContent).toBe('Name is too long');
    expect(toastTexts()).toEqual(['Name is too long']);
    expect(changes(requests)).toEqual(['PUT /api/users/profile']);
    expect((within(profileForm()).getByLabelText('Display name') as HTMLInputElement).value).toBe('Robin of Locksley');
    expect((within(profileForm()).getByLabelText('Bio') as HTMLTextAreaElement).value).toBe('Archery and long walks.');
  });

  it("a save that fails without a usable message shows 'Failed to update profile', inline and as a toast, and keeps what was typed", async () => {
    await openProfile(memberUser(), { 'PUT /api/users/profile': [500, { message: 'no error field here' }] });
    const name = within(profileForm()).getByLabelText('Display name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Robin Hood');
    await userEvent.click(within(profileForm()).getByRole('button', { name: 'Save Profile' }));

    expect((await within(profileForm()).findByRole('alert')).textContent).toBe('Failed to update profile');
    expect(toastTexts()).toEqual(['Failed to update profile']);
    expect((within(profileForm()).getByLabelText('Display name') as HTMLInputElement).value).toBe('Robin Hood');
  });

  it("a successful save toasts 'Profile updated successfully!' and shows the saved name", async () => {
    const saved = memberUser({ profile: { ...memberUser().profile, name: 'Robin Hood' } });
    const requests = await openProfile(memberUser(), { 'PUT /api/users/profile': [200, { user: saved, profile: saved.profile }] });
    const name = within(profileForm()).getByLabelText('Display name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Robin Hood');
    await userEvent.click(within(profileForm()).getByRole('button', { name: 'Save Profile' }));

    expect(await within(screen.getByRole('region', { name: 'Who you are' })).findByText('Robin Hood')).toBeTruthy();
    await vi.waitFor(() => expect(toastTexts()).toEqual(['Profile updated successfully!']));
    expect(within(profileForm()).queryByRole('alert')).toBeNull();
    const body = (await requests.find((r) => r.method === 'PUT')!.json()) as { profile: { name: string } };
    expect(body.profile.name).toBe('Robin Hood');
  });

  it('asks for the first photo at once and at high priority (the first screen shows it); the others lazily', async () => {
    await openProfile(memberUser({ profile: { ...memberUser().profile, photos: photosOf(3) } }));
    const photos = within(photosSection()).getAllByRole('img');
    expect(photos.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')])).toEqual([
      [null, 'high'],
      ['lazy', null],
      ['lazy', null],
    ]);
  });

  it('deleting a photo asks first; cancelling sends nothing', async () => {
    const requests = await openProfile(memberUser({ profile: { ...memberUser().profile, photos: photosOf(2) } }));
    await userEvent.click(within(photosSection()).getByRole('button', { name: 'Delete photo 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete photo' });
    expect(within(dialog).getByText('Are you sure you want to delete this photo?')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(changes(requests)).toEqual([]);
    expect(within(photosSection()).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Your photo 1', 'Your photo 2']);
  });

  it("a delete the server refuses toasts 'Failed to delete photo' and the photo stays", async () => {
    const requests = await openProfile(memberUser({ profile: { ...memberUser().profile, photos: photosOf(2) } }), {
      'DELETE /api/users/photos/p2': [500, {}],
    });
    await userEvent.click(within(photosSection()).getByRole('button', { name: 'Delete photo 2' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete photo' })).getByRole('button', { name: 'Delete' }));

    // The toast store changes a moment before React closes the dialog: wait for both.
    await vi.waitFor(() => {
      expect(toastTexts()).toEqual(['Failed to delete photo']);
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(changes(requests)).toEqual(['DELETE /api/users/photos/p2']);
    expect(within(photosSection()).getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual(['/api/photos/p1.jpg', '/api/photos/p2.jpg']);
    expect(within(photosSection()).getByText(/2 of 5 photos/)).toBeTruthy();
  });

  it("an upload the server refuses shows the server's message in the photos section", async () => {
    fakeImageCodec();
    const requests = await openProfile(memberUser({ profile: { ...memberUser().profile, photos: photosOf(1) } }), {
      'POST /api/users/photos': [400, { error: 'A server message' }],
    });
    await userEvent.upload(within(photosSection()).getByLabelText('Add photos'), jpeg('beach.jpg'));

    expect(await within(photosSection()).findByText('A server message')).toBeTruthy();
    expect(changes(requests)).toEqual(['POST /api/users/photos']);
    expect(within(photosSection()).getAllByRole('img')).toHaveLength(1);
  });

  it("an upload that fails without a message shows 'Failed to upload photos'", async () => {
    fakeImageCodec();
    const requests = await openProfile(memberUser(), { 'POST /api/users/photos': [500, {}] });
    await userEvent.upload(within(photosSection()).getByLabelText('Add photos'), jpeg('beach.jpg'));

    expect(await within(photosSection()).findByText('Failed to upload photos')).toBeTruthy();
    expect(changes(requests)).toEqual(['POST /api/users/photos']);
    expect(within(photosSection()).queryAllByRole('img')).toHaveLength(0);
  });

  it('hides the add-photo control at 5 photos', async () => {
    await openProfile(memberUser({ profile: { ...memberUser().profile, photos: photosOf(5) } }));
    expect(within(photosSection()).getAllByRole('img')).toHaveLength(5);
    expect(within(photosSection()).queryByLabelText('Add photos')).toBeNull();
    expect(within(photosSection()).getByText('You have the most photos allowed. Delete one to add another.')).toBeTruthy();
  });

  it('offers the add-photo control with fewer than 5 photos', async () => {
    await openProfile(memberUser({ profile: { ...memberUser().profile, photos: photosOf(4) } }));
    const add = within(photosSection()).getByLabelText('Add photos') as HTMLInputElement;
    expect(add.type).toBe('file');
    expect(add.disabled).toBe(false);
  });

  it('shows age and gender but offers no field to edit them, and a save does not send them', async () => {
    const saved = memberUser();
    const requests = await openProfile(memberUser({ gender: 'non-binary', profile: { ...memberUser().profile, age: 34, gender: 'non-binary' } }), {
      'PUT /api/users/profile': [200, { user: saved, profile: saved.profile }],
    });
    const identity = screen.getByRole('region', { name: 'Who you are' });
    expect(within(identity).getByText('Age').nextElementSibling?.textContent).toBe('34');
    expect(within(identity).getByText('Gender').nextElementSibling?.textContent).toBe('Non-binary');
    expect(identity.querySelectorAll('input, select, textarea')).toHaveLength(0);
    expect(screen.queryByLabelText('Age', { exact: true })).toBeNull();
    expect(screen.queryByLabelText('Gender', { exact: true })).toBeNull();
    expect(screen.queryByLabelText(/^(your )?(age|gender)$/i)).toBeNull();

    await userEvent.click(within(profileForm()).getByRole('button', { name: 'Save Profile' }));
    await vi.waitFor(() => expect(toastTexts()).toEqual(['Profile updated successfully!']));
    const body = (await requests.find((r) => r.method === 'PUT')!.json()) as { profile: Record<string, unknown> };
    expect(body.profile).not.toHaveProperty('age');
    expect(body.profile).not.toHaveProperty('gender');
  });
});
