import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreditReport } from '#shared/api/score.ts';
import { useSession } from '#app/platform/session.store.ts';
import { memberUser, renderWithRouter, stubApi } from '#app/platform/test-support.tsx';
import { RoyalTiersPage } from './royal-tiers-page.tsx';
import { SIGNED_OUT, ScorePage } from './score-page.tsx';

const REPORT: CreditReport = {
  currentScore: 690,
  grade: 'good',
  gradeDescription: 'Solid reliability: members can count on you.',
  nextTier: 'excellent',
  pointsToNextTier: 60,
  allTiers: { excellent: { min: 750 }, good: { min: 650 }, fair: { min: 550 }, poor: { min: 300 } },
  summary: { positiveEntries: 3, negativeEntries: 1, totalPointsEarned: 55, totalPointsLost: 15 },
  scoreBreakdown: {
    'Profile Enhancement': { count: 2, total: 35 },
    'Date Completion': { count: 1, total: 25 },
    'Booking Activity': { count: 0, total: 0 },
    'Missed Dates': { count: 0, total: 0 },
    Cancellations: { count: 1, total: -15 },
  },
  history: [
    { category: 'Cancellations', date: '2026-11-20T10:00:00.000Z', points: -15, description: 'Cancelled a date 10 hours ahead' },
    { category: 'Date Completion', date: '2026-11-10T10:00:00.000Z', points: 25, description: 'Completed a date' },
  ],
};

function signIn(gender: 'male' | 'female', score: number) {
  act(() => useSession.getState().signIn('token', memberUser({ gender, score })));
}

describe('/score', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    act(() => useSession.getState().clear());
  });

  it('asks a signed-out visitor to log in', async () => {
    await renderWithRouter(() => <ScorePage />);
    expect(screen.getByText(SIGNED_OUT)).toBeTruthy();
    expect(screen.getByRole('link', { name: '← Back to Browse' }).getAttribute('href')).toBe('/browse');
  });

  it("shows a man's score from the report with its band, grade and the point guide", async () => {
    stubApi(() => [200, REPORT]);
    signIn('male', 650);
    await renderWithRouter(() => <ScorePage />);
    expect(await screen.findByText('690', { exact: false })).toBeTruthy();
    const figure = screen.getByTestId('score-figure');
    expect(figure.className).toContain('score-blue');
    expect(screen.getByText('Good')).toBeTruthy();
    const guide = screen.getByRole('table');
    expect(within(guide).getByRole('row', { name: 'Complete a date and review it +25' })).toBeTruthy();
    expect(within(guide).getByRole('row', { name: 'Not show up for a date −100' })).toBeTruthy();
  });

  it('shows the credit report: grade, next tier, minimums, summary, categories and history', async () => {
    stubApi(() => [200, REPORT]);
    signIn('male', 690);
    await renderWithRouter(() => <ScorePage />);
    await userEvent.click(screen.getByRole('tab', { name: 'Credit Report' }));
    expect(await screen.findByText(REPORT.gradeDescription)).toBeTruthy();
    expect(screen.getByText(/to Excellent/).textContent).toBe('60 points to Excellent');
    expect(within(screen.getByRole('list', { name: 'Grade minimums' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Excellent: 750+',
      'Good: 650+',
      'Fair: 550+',
      'Poor: 300+',
    ]);
    expect(screen.getByText('Points lost').nextSibling?.textContent).toBe('−15');
    expect(screen.getByRole('row', { name: 'Cancellations 1 −15' })).toBeTruthy();
    expect(screen.getByText('Cancelled a date 10 hours ahead')).toBeTruthy();
  });

  it('shows a loading state while the report is on its way', async () => {
    let answer!: (value: [number, unknown]) => void;
    stubApi(() => new Promise((resolve) => (answer = resolve)));
    signIn('male', 650);
    await renderWithRouter(() => <ScorePage />);
    await userEvent.click(screen.getByRole('tab', { name: 'Credit Report' }));
    expect(screen.getByRole('status').textContent).toBe('Loading your credit report');
    answer([200, REPORT]);
    expect(await screen.findByText(REPORT.gradeDescription)).toBeTruthy();
  });

  it("says 'Failed to load credit report' when the report cannot load", async () => {
    stubApi(() => [500, { error: 'boom' }]);
    signIn('male', 650);
    await renderWithRouter(() => <ScorePage />);
    await userEvent.click(screen.getByRole('tab', { name: 'Credit Report' }));
    expect(await screen.findByText('Failed to load credit report')).toBeTruthy();
  });

  it("gives a woman her royal title, whose explanation closes with Got it and gives focus back", async () => {
    stubApi(() => [200, { ...REPORT, currentScore: 760 }]);
    signIn('female', 760);
    await renderWithRouter(() => <ScorePage />);
    const title = await screen.findByRole('button', { name: /^Princess/ });
    await userEvent.click(title);
    const dialog = screen.getByRole('dialog', { name: 'Princess tier' });
    expect(within(dialog).getByText('Score range:').parentElement?.textContent).toBe('Score range: 750–799');
    expect(within(dialog).getByText(/free for all women/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(title);
  });
});

describe('/royal-tiers', () => {
  afterEach(cleanup);

  it('lists five tiers from the one title table, each linking to ?tier=', async () => {
    await renderWithRouter(() => <RoyalTiersPage selected="duchess" />, '/royal-tiers?tier=duchess');
    const links = within(screen.getByRole('navigation', { name: 'Royal tiers' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['👑Queen825–850', '/royal-tiers?tier=queen'],
      ['💎Empress800–824', '/royal-tiers?tier=empress'],
      ['🌹Princess750–799', '/royal-tiers?tier=princess'],
      ['🦋Duchess700–749', '/royal-tiers?tier=duchess'],
      ['🌸Lady300–699', '/royal-tiers?tier=lady'],
    ]);
    expect(screen.getByRole('region', { name: 'Duchess tier' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'How Royal Tiers Work' })).toBeTruthy();
  });
});
