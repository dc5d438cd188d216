import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemberDetailSchema, type MemberDetail, type MemberSlot } from '#shared/api/profiles.ts';
import { royalTitleFor } from '#shared/domain/score.ts';
import { useSession } from '#app/platform/session.store.ts';
import { memberUser, renderWithRouter, stubApi, type Answer, toastTexts } from '#app/platform/test-support.tsx';
import { useToasts } from '#app/platform/ui/toast.store.ts';
import { MemberPage } from './member-page.tsx';
import type { Nudger } from './profile-card.tsx';

const MEMBER_ID = 'member-1';

type Overrides = Omit<Partial<MemberDetail>, 'profile' | 'reliabilityScore'> & {
  profile?: Partial<MemberDetail['profile']>;
  score?: number;
  stats?: Partial<MemberDetail['reliabilityScore']['stats']>;
};

/** A member as GET /users/{id} shows them to another member; checked against the shared schema. */
function memberDetail(overrides: Overrides = {}): MemberDetail {
  const { profile, score = 650, stats, ...rest } = overrides;
  return MemberDetailSchema.parse({
    _id: MEMBER_ID,
    accountType: 'individual',
    profile: {
      name: 'Jordan',
      age: 29,
      gender: 'male',
      bio: 'Coffee first, then a long walk.',
      interests: ['Hiking', 'Jazz'],
      photos: [],
      location: { city: 'Vancouver', country: 'Canada' },
      ...profile,
    },
    coupleInfo: null,
    reliabilityScore: { current: score, stats: { totalDates: 0, onTimeRate: null, noShows: 0, ...stats } },
    verificationTier: 'none',
    isBiometricVerified: false,
    isPhotoVerified: false,
    carTier: 'honda',
    createdAt: '2026-11-01T00:00:00.000Z',
    preferences: null,
    bookingStatus: null,
    availability: [],
    recentDateActivity: { thisMonth: 0, lastConfirmedDate: null, feedback: [] },
    distance: null,
    mutualInterests: [],
    ...rest,
  });
}

function slot(overrides: Partial<MemberSlot> = {}): MemberSlot {
  return {
    _id: 'slot-1',
    date: '2026-12-05',
    startTime: '19:00',
    endTime: '21:00',
    timeZone: 'America/Vancouver',
    startsAt: '2026-12-06T02:00:00.000Z',
    endsAt: '2026-12-06T04:00:00.000Z',
    utcOffset: '-07:00',
    zoneLabel: 'MST',
    dateType: 'coffee',
    venue: 'Revolver',
    venueType: 'cafe',
    address: '325 Cambie St',
    notes: '',
    maxBookings: 1,
    isBooked: false,
    slotBooking: null,
    ...overrides,
  };
}

function nudger() {
  return { send: vi.fn<Nudger['send']>(), sending: () => false };
}


/** Serves `answer` for this member's GET /users/{id}; anything else is a 404. */
function serve(answer: Answer) {
  return stubApi((path) => (path === `/api/users/${MEMBER_ID}` ? answer : [404, { error: 'Not found' }]));
}

async function renderMember(nudge: Nudger = nudger(), likeButton: ReactNode = <button type="button">Like</button>) {
  return renderWithRouter(() => <MemberPage userId={MEMBER_ID} nudge={nudge} likeButton={likeButton} />, `/user/${MEMBER_ID}`);
}

/** Serves the member and waits for their page. */
async function showMember(member: MemberDetail, nudge: Nudger = nudger()) {
  serve([200, { user: member }]);
  const view = await renderMember(nudge);
  await screen.findByRole('heading', { level: 1 });
  return view;
}

/** The value shown for a labelled fact (a <dt>/<dd> pair) inside `container`. */
function fact(container: HTMLElement, label: string): string | null | undefined {
  return within(container).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

const badges = () => screen.getByRole('list', { name: 'Standing and verification' });

describe('/user/{userId} member page', () => {
  beforeEach(() => useToasts.setState({ toasts: [] }));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useToasts.setState({ toasts: [] });
    act(() => useSession.getState().clear());
  });

  it("shows a man's paid car team, linking to /subscription", async () => {
    await showMember(memberDetail({ carTier: 'tesla' }));
    const carTeam = screen.getByRole('region', { name: 'Car Team' });
    const link = within(carTeam).getByRole('link', { name: /Tesla Team/ });
    expect(link.textContent).toBe('Tesla Team');
    expect(link.getAttribute('href')).toBe('/subscription');
  });

  it('shows no car team for a man on the free Honda tier', async () => {
    await showMember(memberDetail({ carTier: 'honda' }));
    expect(screen.queryByRole('region', { name: 'Car Team' })).toBeNull();
    expect(screen.queryByText(/Honda Team/)).toBeNull();
  });

  it('shows no car team for a woman, even on a paid tier, but shows her royal title', async () => {
    await showMember(memberDetail({ profile: { gender: 'female' }, carTier: 'tesla', score: 760 }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Jordan, 29');
    expect(screen.queryByRole('region', { name: 'Car Team' })).toBeNull();
    expect(screen.queryByText(/Tesla Team/)).toBeNull();
    expect(royalTitleFor(760)).toBe('Princess');
    expect(within(badges()).getByText('Princess')).toBeTruthy();
  });

  it("shows a couple's partner name, age, gender and relationship, and names them both", async () => {
    await showMember(
      memberDetail({
        accountType: 'couple',
        coupleInfo: { partnerName: 'Alex', partnerAge: 31, partnerGender: 'non-binary', relationshipType: 'married' },
      }),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Jordan & Alex, 29');
    const couple = screen.getByRole('region', { name: 'Couple Information' });
    expect(fact(couple, 'Partner')).toBe('Alex');
    expect(fact(couple, 'Partner age')).toBe('31');
    expect(fact(couple, 'Partner gender')).toBe('Non-binary');
    expect(fact(couple, 'Relationship')).toBe('Married');
  });

  it('shows no couple information for an individual', async () => {
    await showMember(memberDetail());
    expect(screen.queryByRole('region', { name: 'Couple Information' })).toBeNull();
  });

  it('shows the date types, who they are looking for, age range, distance and account types they prefer', async () => {
    await showMember(
      memberDetail({
        preferences: {
          dateTypes: ['coffee', 'drinks'],
          genderPreferences: ['female', 'couple'],
          ageRange: { min: 25, max: 40 },
          distance: 30,
          accountTypes: ['individual', 'couple'],
        },
      }),
    );
    const preferences = screen.getByRole('region', { name: 'Preferences' });
    expect(fact(preferences, 'Date types')).toBe('Coffee, Drinks');
    expect(fact(preferences, 'Looking for')).toBe('Women, Couples');
    expect(fact(preferences, 'Age range')).toBe('25–40');
    expect(fact(preferences, 'Distance')).toBe('Within 30 km');
    expect(fact(preferences, 'Account types')).toBe('Individual, Couple');
    expect(within(preferences).queryByText('No preferences shared.')).toBeNull();
  });

  it("says 'No preferences shared.' when the member shares none", async () => {
    await showMember(memberDetail({ preferences: null }));
    const preferences = screen.getByRole('region', { name: 'Preferences' });
    expect(within(preferences).getByText('No preferences shared.')).toBeTruthy();
    expect(within(preferences).queryByText('Date types')).toBeNull();
  });

  it('shows dates this month and the two most recent feedback items with their star ratings', async () => {
    await showMember(
      memberDetail({
        recentDateActivity: {
          thisMonth: 3,
          lastConfirmedDate: '2026-11-27',
          feedback: [
            { rating: 5, comment: 'Great conversation', createdAt: '2026-11-20T10:00:00.000Z' },
            { rating: 4, comment: 'Lovely evening', createdAt: '2026-11-15T10:00:00.000Z' },
            { rating: 2, comment: 'Arrived late', createdAt: '2026-11-10T10:00:00.000Z' },
          ],
        },
      }),
    );
    const activity = screen.getByRole('region', { name: 'Recent Date Activity' });
    expect(fact(activity, 'Dates this month')).toBe('3');
    // The host's calendar day as the server gives it, whatever the viewer's zone.
    expect(fact(activity, 'Last confirmed date')).toBe('Nov 27, 2026');
    expect(within(activity).getByText('Great conversation')).toBeTruthy();
    expect(within(activity).getByText('5 out of 5 stars')).toBeTruthy();
    expect(within(activity).getByText('Lovely evening')).toBeTruthy();
    expect(within(activity).getByText('4 out of 5 stars')).toBeTruthy();
    expect(within(activity).queryByText('Arrived late')).toBeNull();
    expect(within(activity).queryByText('2 out of 5 stars')).toBeNull();
    expect(within(activity).getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows dating stats: total dates, on-time rate as a rounded percent, and no-shows', async () => {
    await showMember(memberDetail({ stats: { totalDates: 12, onTimeRate: 91.6, noShows: 1 } }));
    const stats = screen.getByRole('region', { name: 'Dating Stats' });
    expect(fact(stats, 'Total dates')).toBe('12');
    expect(fact(stats, 'On-time rate')).toBe('92%');
    expect(fact(stats, 'No-shows')).toBe('1');
  });

  it("shows '—' for the on-time rate of a member with no rated dates", async () => {
    await showMember(memberDetail({ stats: { totalDates: 0, onTimeRate: null, noShows: 0 } }));
    const stats = screen.getByRole('region', { name: 'Dating Stats' });
    expect(fact(stats, 'On-time rate')).toBe('—');
  });

  it('lists each available time with a Book link to /book/{memberId}/{slotId}', async () => {
    await showMember(
      memberDetail({
        availability: [slot({ _id: 'slot-1' }), slot({ _id: 'slot-2', date: '2026-12-06', dateType: 'drinks', venue: 'The Diamond' })],
      }),
    );
    const times = screen.getByRole('region', { name: 'Available Times' });
    const books = within(times).getAllByRole('link', { name: /^Book/ });
    expect(books.map((link) => link.getAttribute('href'))).toEqual([`/book/${MEMBER_ID}/slot-1`, `/book/${MEMBER_ID}/slot-2`]);
    // Its name says the start as every other place does, with the zone label.
    expect(books[0]!.textContent).toBe('Book Coffee on Sat, Dec 5 at 19:00 MST');
    expect(within(times).getByText('Revolver')).toBeTruthy();
    expect(within(times).getByText('The Diamond')).toBeTruthy();
    // The host's wall clock with the label the server gave, whatever this device's zone data says.
    expect(within(times).getAllByText('19:00–21:00 MST')).toHaveLength(2);
    expect(within(times).queryByText(/No available times right now/)).toBeNull();
  });

  it("gives each time the button its booking calls for: 'Request Sent' on asked ones, Message on a confirmed one, Book on the rest", async () => {
    await showMember(
      memberDetail({
        bookingStatus: { status: 'confirmed', isInitiator: true },
        availability: [slot({ _id: 'asked', slotBooking: 'requested' }), slot({ _id: 'agreed', slotBooking: 'confirmed' }), slot({ _id: 'free', slotBooking: null })],
      }),
    );
    const times = within(screen.getByRole('region', { name: 'Available Times' })).getAllByRole('listitem');
    expect(within(times[0]!).getByRole('button', { name: 'Request Sent' })).toHaveProperty('disabled', true);
    expect(within(times[1]!).getByRole('link', { name: /^Message/ }).getAttribute('href')).toBe(`/messages/${MEMBER_ID}`);
    // A confirmed date with the member leaves their other times bookable.
    expect(within(times[2]!).getByRole('link', { name: /^Book/ }).getAttribute('href')).toBe(`/book/${MEMBER_ID}/free`);
  });

  it("reads 'Request Sent' (disabled) on every other time while a request to the member waits", async () => {
    await showMember(
      memberDetail({
        bookingStatus: { status: 'pending', isInitiator: true },
        availability: [slot({ _id: 'asked', slotBooking: 'requested' }), slot({ _id: 'other', slotBooking: 'pending_with_host' })],
      }),
    );
    const times = screen.getByRole('region', { name: 'Available Times' });
    const sent = within(times).getAllByRole('button', { name: 'Request Sent' });
    expect(sent).toHaveLength(2);
    for (const button of sent) expect(button).toHaveProperty('disabled', true);
    expect(within(times).queryByRole('link', { name: /^Book/ })).toBeNull();
  });

  it("says 'No available times right now.' when the member has none", async () => {
    await showMember(memberDetail({ availability: [] }));
    const times = screen.getByRole('region', { name: 'Available Times' });
    expect(within(times).getByText(/No available times right now\./)).toBeTruthy();
    expect(within(times).queryByRole('link', { name: /^Book/ })).toBeNull();
  });

  it('shows biometric, photo and tier verification badges only when the member has them', async () => {
    await showMember(memberDetail({ isBiometricVerified: true, isPhotoVerified: true, verificationTier: 'elite' }));
    expect(within(badges()).getByText('Biometric verified')).toBeTruthy();
    expect(within(badges()).getByText('Photo verified')).toBeTruthy();
    expect(within(badges()).getByText('Elite tier')).toBeTruthy();
    cleanup();
    vi.unstubAllGlobals();

    await showMember(memberDetail({ isBiometricVerified: false, isPhotoVerified: false, verificationTier: 'none' }));
    expect(within(badges()).queryByText('Biometric verified')).toBeNull();
    expect(within(badges()).queryByText('Photo verified')).toBeNull();
    expect(within(badges()).queryByText(/ tier$/)).toBeNull();
  });

  it("shows 'Request Sent' for a request I made, as the browse card does, and Send Nudge nudges the member by name", async () => {
    const nudge = nudger();
    await showMember(memberDetail({ bookingStatus: { status: 'pending', isInitiator: true } }), nudge);
    expect(within(badges()).getByText('Request Sent')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Message' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send Nudge' }));
    expect(nudge.send).toHaveBeenCalledWith(MEMBER_ID, 'Jordan');
  });

  it('gives a Message link instead of Send Nudge once a date is confirmed', async () => {
    await showMember(memberDetail({ bookingStatus: { status: 'confirmed', isInitiator: false } }));
    expect(within(badges()).getByText('Date confirmed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Message' }).getAttribute('href')).toBe(`/messages/${MEMBER_ID}`);
    expect(screen.queryByRole('button', { name: 'Send Nudge' })).toBeNull();
  });

  it('shows the Like button for another member', async () => {
    await showMember(memberDetail());
    expect(screen.getByRole('button', { name: 'Like' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit my profile' })).toBeNull();
  });

  it('offers Edit my profile, and no nudge or like, when I view my own page', async () => {
    act(() => useSession.getState().signIn('token', memberUser({ _id: MEMBER_ID })));
    await showMember(memberDetail());
    expect(screen.getByRole('link', { name: 'Edit my profile' }).getAttribute('href')).toBe('/profile');
    expect(screen.queryByRole('button', { name: 'Send Nudge' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Like' })).toBeNull();
  });

  it("says 'Profile not found' with a Back to Browse link when there is no such member", async () => {
    serve([404, { error: 'Profile not found' }]);
    await renderMember();
    expect((await screen.findByRole('heading', { name: 'Profile not found' })).tagName).toBe('H1');
    expect(screen.getByRole('link', { name: 'Back to Browse' }).getAttribute('href')).toBe('/browse');
    expect(toastTexts()).not.toContain('Failed to load profile');
  });

  it("toasts 'Failed to load profile' and goes back to /browse when the profile fails to load", async () => {
    serve([500, { error: 'Internal error' }]);
    const { router } = await renderMember();
    await vi.waitFor(() => expect(toastTexts()).toContain('Failed to load profile'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/browse'));
    expect(screen.queryByRole('heading', { name: 'Profile not found' })).toBeNull();
  });
});
