import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memo, type ComponentProps } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyCalendar, OwnSlot } from '#shared/api/availability.ts';
import type { ZoneReading } from '#shared/api/geo.ts';
import type { OutboxChange } from '#shared/domain/outbox.ts';
import { useOutbox } from '#app/platform/outbox/outbox.ts';
import { useSession } from '#app/platform/session.store.ts';
import { memberUser, renderWithRouter, stubApi, type Answer } from '#app/platform/test-support.tsx';
import { wallClockAt } from '#app/platform/zone-clock.ts';
import { CALENDAR_FAILED, monthsFrom, type Month } from './availability.api.ts';
import { AvailabilityPage } from './availability-page.tsx';
import { monthTitle } from './month-calendar.tsx';

// jsdom has no IndexedDB: the outbox's store is a Map here.
vi.mock('idb-keyval', () => {
  const stored = new Map<string, unknown>();
  return {
    createStore: () => ({}),
    get: async (key: string) => stored.get(key),
    set: async (key: string, value: unknown) => void stored.set(key, value),
    del: async (key: string) => void stored.delete(key),
    entries: async () => [...stored.entries()],
  };
});

// Every render of the month calendar, by the month it draws (the real calendar, drawn again only when its props change).
const calendarRenders = vi.hoisted(() => [] as string[]);
vi.mock('./month-calendar.tsx', async (original) => {
  const actual = await original<typeof import('./month-calendar.tsx')>();
  const Counted = memo(function Counted(props: ComponentProps<typeof actual.MonthCalendar>) {
    calendarRenders.push(actual.monthTitle(props.month));
    return <actual.MonthCalendar {...props} />;
  });
  return { ...actual, MonthCalendar: Counted };
});

const ZONE: ZoneReading = { timeZone: 'America/Vancouver', tzdb: '2025b', at: new Date().toISOString(), offsetMinutes: -480, utcOffset: '-08:00', zoneLabel: 'PST', validUntil: null };
const today = wallClockAt(ZONE, new Date()).date;
const months = monthsFrom(today);
const dayIn = ({ year, month }: Month, day: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

function ownSlot(id: string, date: string, overrides: Partial<OwnSlot> = {}): OwnSlot {
  return {
    _id: id,
    date,
    startTime: '18:00',
    endTime: '20:00',
    timeZone: 'America/Vancouver',
    startsAt: new Date(`${date}T18:00:00-08:00`).toISOString(),
    endsAt: new Date(`${date}T20:00:00-08:00`).toISOString(),
    utcOffset: '-08:00',
    zoneLabel: 'PST',
    dateType: 'drinks',
    venue: 'Café Lumen',
    venueType: '',
    address: '',
    notes: '',
    maxBookings: 1,
    isBooked: false,
    confirmedCount: 0,
    pendingCount: 0,
    bookedBy: [],
    timePeriod: null,
    preferredTime: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A month's key as the page asks for it: "2027-1". */
const monthOf = (request: Request) => {
  const params = new URL(request.url).searchParams;
  return `${params.get('year')}-${params.get('month')}`;
};
const key = ({ year, month }: Month) => `${year}-${month}`;

/** The zone's reading, and each month's calendar by `answer` (an empty month unless it says otherwise). */
function serve(answer: (month: string) => Answer | Promise<Answer> | undefined = () => undefined) {
  return stubApi((path, request) => {
    if (path === '/api/geo/time-zone') return [200, ZONE];
    if (path === '/api/availability/my-calendar') return answer(monthOf(request)) ?? [200, { calendar: {} }];
    return [404, { error: 'Not found' }];
  });
}

const calendarRequests = (requests: Request[]) => requests.filter((request) => new URL(request.url).pathname === '/api/availability/my-calendar').map(monthOf);
const upcoming = () => screen.getByRole('list', { name: 'All my upcoming availability' });
const renderPage = () => renderWithRouter(() => <AvailabilityPage />, '/availability');

describe('/availability', () => {
  beforeEach(() => {
    calendarRenders.length = 0;
    useSession.setState({ user: memberUser(), token: 'token' });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useOutbox.setState({ memberId: null, changes: [] });
  });

  it('asks for the current month first and the next 12 after it, then shows the month and every upcoming free time', async () => {
    const inNext = ownSlot('s-next', dayIn(months[1]!, 15));
    const later = ownSlot('s-later', dayIn(months[6]!, 3), { venue: 'Harbour Walk' });
    const requests = serve((month) =>
      month === key(months[1]!) ? [200, { calendar: { [inNext.date]: [inNext] } }] : month === key(months[6]!) ? [200, { calendar: { [later.date]: [later] } }] : undefined,
    );
    await renderPage();
    await screen.findByRole('group', { name: monthTitle(months[0]!) });
    await waitFor(() => expect(within(upcoming()).getAllByRole('listitem')).toHaveLength(2));
    expect(within(upcoming()).getByText(/Harbour Walk/)).toBeTruthy();
    expect(calendarRequests(requests)[0]).toBe(key(months[0]!));
    await waitFor(() => expect(calendarRequests(requests).sort()).toEqual(months.map(key).sort()));

    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    const grid = screen.getByRole('group', { name: monthTitle(months[1]!) });
    expect(within(grid).getByRole('button', { name: /15, has free times$/ })).toBeTruthy();
    await userEvent.click(within(grid).getByRole('button', { name: /15, has free times$/ }));
    expect(screen.getByRole('list', { name: /^Free times on / }).textContent).toContain('Café Lumen');
  });

  it('draws the shown month once its answer is in, not again for the other months’ answers', async () => {
    const held = new Map<string, (answer: Answer) => void>();
    serve((month) => (month === key(months[0]!) ? undefined : new Promise<Answer>((resolve) => held.set(month, resolve))));
    await renderPage();
    await screen.findByRole('group', { name: monthTitle(months[0]!) });
    await waitFor(() => expect(held.size).toBe(12));
    expect(screen.getByText('Loading your availability')).toBeTruthy();
    const drawn = calendarRenders.length;

    const slot = ownSlot('s-far', dayIn(months[4]!, 10));
    for (const [month, resolve] of held) resolve([200, { calendar: month === key(months[4]!) ? ({ [slot.date]: [slot] } satisfies MyCalendar) : {} }]);
    await waitFor(() => expect(within(upcoming()).getAllByRole('listitem')).toHaveLength(1));
    expect(calendarRenders.length).toBe(drawn);
    expect(calendarRenders.every((title) => title === monthTitle(months[0]!))).toBe(true);
  });

  it('says when a month failed and asks for that month again on Retry', async () => {
    let failing = true;
    const requests = serve((month) => (month === key(months[2]!) && failing ? [500, { error: 'Database unavailable' }] : undefined));
    await renderPage();
    await screen.findByText(CALENDAR_FAILED);
    expect(screen.getByRole('group', { name: monthTitle(months[0]!) })).toBeTruthy();
    await waitFor(() => expect(calendarRequests(requests)).toHaveLength(13));

    failing = false;
    const before = calendarRequests(requests).length;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText(CALENDAR_FAILED)).toBeNull());
    expect(calendarRequests(requests).slice(before)).toEqual([key(months[2]!)]);
  });

  it('shows a free time queued offline among the published ones, as waiting', async () => {
    const published = ownSlot('s-pub', dayIn(months[1]!, 20));
    const change: OutboxChange = {
      id: 'q1',
      memberId: 'u1',
      seq: 1,
      kind: 'slot.create',
      method: 'POST',
      path: '/availability/create',
      body: { date: dayIn(months[1]!, 20), startTime: '10:00', endTime: '11:00', dateType: 'coffee', venue: 'Corner Café' },
      createdAt: '2026-11-30T00:00:00.000Z',
      invalidates: [['availability']],
      state: 'waiting',
    };
    useOutbox.setState({ memberId: 'u1', changes: [change] });
    serve((month) => (month === key(months[1]!) ? [200, { calendar: { [published.date]: [published] } }] : undefined));
    await renderPage();
    await waitFor(() => expect(within(upcoming()).getAllByRole('listitem')).toHaveLength(2));
    const [first, second] = within(upcoming()).getAllByRole('listitem');
    expect(first!.textContent).toContain('Corner Café');
    expect(first!.textContent).toContain('Waiting to publish…');
    expect(second!.textContent).toContain('Café Lumen');

    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    await userEvent.click(screen.getByRole('button', { name: /20, has free times$/ }));
    expect(within(screen.getByRole('list', { name: /^Free times on / })).getAllByRole('listitem')).toHaveLength(2);
  });
});
