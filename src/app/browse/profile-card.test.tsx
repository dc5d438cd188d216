import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BrowseCard } from '#shared/api/browse.ts';
import type { Gender } from '#shared/domain/account.ts';
import { ProfileCard, cardActionFor, type Nudger } from './profile-card.tsx';

type CardOptions = {
  gender?: Gender;
  availabilityCount?: number;
  bookingStatus?: BrowseCard['bookingStatus'];
  carTier?: string;
  score?: number;
  interests?: string[];
  mutualInterests?: string[];
  partnerName?: string;
  distance?: number | null;
};

function browseCard(options: CardOptions = {}): BrowseCard {
  return {
    _id: 'member-1',
    accountType: options.partnerName ? 'couple' : 'individual',
    profile: {
      name: 'Jordan',
      age: 29,
      gender: options.gender ?? 'female',
      bio: '',
      interests: options.interests ?? [],
      photos: [],
      location: { city: 'Vancouver', country: 'Canada' },
    },
    coupleInfo: options.partnerName ? { partnerName: options.partnerName, partnerAge: 31, partnerGender: 'male', relationshipType: 'married' } : null,
    reliabilityScore: { current: options.score ?? 650, stats: { totalDates: 0, onTimeRate: null, noShows: 0 } },
    verificationTier: 'none',
    isBiometricVerified: false,
    isPhotoVerified: false,
    carTier: options.carTier ?? 'honda',
    createdAt: '2026-11-01T00:00:00.000Z',
    bookingStatus: options.bookingStatus ?? null,
    availabilityCount: options.availabilityCount ?? 2,
    availability: [],
    mutualInterests: options.mutualInterests ?? [],
    distance: options.distance === undefined ? 3.4 : options.distance,
    recentDateActivity: { thisMonth: 0, lastConfirmedDate: null, feedback: [] },
  };
}

function nudger() {
  return { send: vi.fn<Nudger['send']>(), sending: () => false };
}

async function renderCard(card: BrowseCard, viewerGender: Gender, nudge: Nudger = nudger()) {
  const rootRoute = createRootRoute({ component: () => <ProfileCard card={card} viewerGender={viewerGender} nudge={nudge} /> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/browse'] }) });
  render(<RouterProvider router={router as never} />);
  return screen.findByRole('article');
}

describe('profile card button', () => {
  afterEach(cleanup);

  it('gives Message once a booking is confirmed, even without availability', async () => {
    const card = await renderCard(browseCard({ bookingStatus: { status: 'confirmed', isInitiator: true }, availabilityCount: 0 }), 'male');
    const message = within(card).getByRole('link', { name: 'Message Jordan' });
    expect(message).toHaveProperty('pathname', '/messages/member-1');
  });

  it("gives a disabled 'Request Sent' to the member who asked, and 'Pending' to the other", async () => {
    let card = await renderCard(browseCard({ bookingStatus: { status: 'pending', isInitiator: true } }), 'male');
    expect(within(card).getByRole('button', { name: 'Request Sent' })).toHaveProperty('disabled', true);
    cleanup();

    card = await renderCard(browseCard({ gender: 'male', bookingStatus: { status: 'pending', isInitiator: false } }), 'female');
    expect(within(card).getByRole('button', { name: 'Pending' })).toHaveProperty('disabled', true);
  });

  it('gives Nudge for a profile with no availability, and the nudge names the member', async () => {
    const nudge = nudger();
    const card = await renderCard(browseCard({ availabilityCount: 0 }), 'male', nudge);
    await userEvent.click(within(card).getByRole('button', { name: 'Nudge Jordan' }));
    expect(nudge.send).toHaveBeenCalledWith('member-1', 'Jordan');
  });

  it('gives Nudge to a woman viewing a man, even one with availability', async () => {
    const card = await renderCard(browseCard({ gender: 'male', availabilityCount: 3 }), 'female');
    expect(within(card).getByRole('button', { name: 'Nudge Jordan' })).toBeTruthy();
    expect(within(card).queryByRole('link', { name: /^Book/ })).toBeNull();
  });

  it("otherwise gives Book, which leads to the member's available times", async () => {
    let card = await renderCard(browseCard({ gender: 'female', availabilityCount: 1 }), 'male');
    const book = within(card).getByRole('link', { name: 'Book Jordan' });
    expect(book.getAttribute('href')).toBe('/user/member-1#available-times');
    cleanup();

    card = await renderCard(browseCard({ gender: 'female', availabilityCount: 1 }), 'female');
    expect(within(card).getByRole('link', { name: 'Book Jordan' })).toBeTruthy();
  });

  it('decides in the spec order', () => {
    const viewer: Gender = 'female';
    const base = browseCard({ gender: 'male', availabilityCount: 0 });
    expect(cardActionFor({ ...base, bookingStatus: { status: 'confirmed', isInitiator: false } }, viewer)).toEqual({ kind: 'message' });
    expect(cardActionFor({ ...base, bookingStatus: { status: 'pending', isInitiator: false } }, viewer)).toEqual({ kind: 'pending', label: 'Pending' });
    expect(cardActionFor(base, viewer)).toEqual({ kind: 'nudge' });
    expect(cardActionFor({ ...base, availabilityCount: 2 }, viewer)).toEqual({ kind: 'nudge' });
    expect(cardActionFor({ ...base, availabilityCount: 2 }, 'male')).toEqual({ kind: 'book' });
    expect(cardActionFor({ ...base, availabilityCount: 2, bookingStatus: { status: 'declined', isInitiator: true } }, 'non-binary')).toEqual({ kind: 'book' });
  });
});

describe('profile card', () => {
  afterEach(cleanup);

  it('leads to the member page and shows name, age, city, distance and the score in its colour', async () => {
    const card = await renderCard(browseCard({ score: 780 }), 'male');
    expect(within(card).getByRole('link', { name: /^Jordan/ })).toHaveProperty('pathname', '/user/member-1');
    expect(card.textContent).toContain(', 29');
    expect(card.textContent).toContain('Vancouver');
    expect(card.textContent).toContain('3.4 km away');
    const score = within(card).getByText('780');
    expect(score.className).toContain('score-green');
  });

  it("names a couple 'name & partnerName'", async () => {
    const card = await renderCard(browseCard({ partnerName: 'Alex' }), 'male');
    expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe('Jordan & Alex, 29');
  });

  it("shows a woman's royal title and no car badge", async () => {
    const card = await renderCard(browseCard({ gender: 'female', score: 760, carTier: 'tesla' }), 'male');
    expect(card.textContent).toContain('Princess');
    expect(within(card).queryByRole('link', { name: /Team/ })).toBeNull();
  });

  it('links a paid car tier to /car-tier, and shows nothing for Honda', async () => {
    let card = await renderCard(browseCard({ gender: 'male', carTier: 'tesla' }), 'female');
    expect(within(card).getByRole('link', { name: 'Tesla Team' })).toHaveProperty('pathname', '/car-tier');
    expect(card.textContent).not.toContain('Lady');
    cleanup();

    card = await renderCard(browseCard({ gender: 'male', carTier: 'honda' }), 'female');
    expect(card.textContent).not.toContain('Honda Team');
  });

  it('shows 3 shared interests, or else 4 of the member’s own', async () => {
    let card = await renderCard(browseCard({ interests: ['a', 'b', 'c', 'd', 'e'], mutualInterests: ['a', 'b', 'c', 'd'] }), 'male');
    expect(within(card).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['a', 'b', 'c']);
    expect(card.textContent).toContain('Interests you share');
    cleanup();

    card = await renderCard(browseCard({ interests: ['a', 'b', 'c', 'd', 'e'] }), 'male');
    expect(within(card).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['a', 'b', 'c', 'd']);
  });
});
