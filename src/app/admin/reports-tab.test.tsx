import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REPORT_REASONS, type AdminReport, type AdminReportsResponse, type ReportReason } from '#shared/api/reports.ts';
import { useSession } from '#app/platform/session.store.ts';
import { useToasts } from '#app/platform/ui/toast.store.ts';
import { renderWithRouter, stubApi, toastTexts, type Answer } from '#app/platform/test-support.tsx';
import { AdminPage } from './admin-page.tsx';
import { useAdminTab } from './admin.store.ts';
import { ReportsTab } from './reports-tab.tsx';
import { adminReport, reportDetail } from './test-fixtures.tsx';

const FLAGGED = 'Flagged: reported by 3+ members in the last 7 days';

const flaggedReport = adminReport({
  _id: 'r-flag',
  reason: 'fake_profile',
  details: 'Photos are of a model.',
  reported: { _id: 'cy', name: 'Cy Flagged', email: 'cy@example.com', isBanned: false },
  reporter: { _id: 'dee', name: 'Dee', email: 'dee@example.com' },
  flagged: true,
});
const plainReport = adminReport({ _id: 'r1', reporter: null, details: 'x'.repeat(300) });
const resolvedReport = adminReport({ _id: 'r-done', status: 'resolved', action: 'warn', note: 'Borderline.', resolvedAt: '2026-11-21T10:00:00.000Z' });

const byReason = (counts: Partial<Record<ReportReason, number>>) => ({ ...Object.fromEntries(REPORT_REASONS.map((reason) => [reason, 0])), ...counts }) as Record<ReportReason, number>;

function queue(reports: AdminReport[], counts: Partial<AdminReportsResponse['counts']> = {}): AdminReportsResponse {
  return { reports, counts: { open: 2, resolved: 1, openByReason: byReason({ fake_profile: 1, harassment: 1 }), ...counts } };
}

/** The reports API as the server answers it; the list follows the `status` asked for. */
function serveReports(options: { list?: (status: string | null) => Answer; detail?: Answer | Promise<Answer>; resolve?: Answer } = {}) {
  let resolved = false;
  return stubApi((path, request) => {
    if (path === '/api/admin/reports') {
      const status = new URL(request.url).searchParams.get('status');
      if (options.list) return options.list(status);
      const open = resolved ? [flaggedReport] : [flaggedReport, plainReport];
      return [200, queue(status === 'resolved' ? [resolvedReport] : status === 'all' ? [...open, resolvedReport] : open, { open: open.length })];
    }
    if (path.endsWith('/resolve')) {
      const answer = options.resolve ?? [200, { report: { ...plainReport, status: 'resolved' } }];
      if (answer[0] === 200) resolved = true;
      return answer;
    }
    if (path.startsWith('/api/admin/reports/')) {
      const report = [flaggedReport, plainReport, resolvedReport].find((r) => path.endsWith(`/${r._id}`));
      return options.detail ?? (report ? [200, reportDetail({ report })] : [404, { error: 'Report not found' }]);
    }
    return [404, { error: 'Not found' }];
  });
}

const listCalls = (requests: Request[]) => requests.filter((r) => new URL(r.url).pathname === '/api/admin/reports').map((r) => new URL(r.url).search);
const queueItems = () => within(screen.getByRole('list', { name: 'Report queue' })).getAllByRole('listitem');

async function renderQueue() {
  const view = await renderWithRouter(() => <ReportsTab />, '/admin');
  await screen.findByRole('list', { name: 'Report queue' });
  return view;
}

async function openPlainReport() {
  await userEvent.click(screen.getByRole('button', { name: 'Review the report about Ben' }));
  return screen.findByRole('heading', { name: 'Report about Ben' });
}

async function chooseAction(button: string, note: string) {
  await userEvent.click(screen.getByRole('button', { name: button }));
  const dialog = screen.getByRole('dialog');
  if (note) await userEvent.type(within(dialog).getByLabelText('Note for the audit log'), note);
  return dialog;
}

const resolveBodies = async (requests: Request[]) => Promise.all(requests.filter((r) => r.method === 'POST').map((r) => r.json()));

describe('/admin Reports tab', () => {
  beforeEach(() => {
    useToasts.setState({ toasts: [] });
    useSession.setState({ user: { _id: 'me', isAdmin: true, isEmailVerified: true } as never, token: 'token' });
    localStorage.clear();
    useAdminTab.setState({ tab: 'users' });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists open reports with the flagged member first and marked, the reason counts, and each report’s facts', async () => {
    const requests = serveReports();
    await renderQueue();
    expect(listCalls(requests)).toEqual(['?status=open']);

    const [first, second] = queueItems();
    expect(first!.textContent).toContain(FLAGGED);
    expect(first!.textContent).toContain('Fake profile');
    expect(first!.textContent).toContain('Cy Flagged');
    expect(first!.textContent).toContain('cy@example.com');
    expect(first!.textContent).toContain('Dee');
    expect(second!.textContent).not.toContain(FLAGGED);
    expect(second!.textContent).toContain('Harassment or abusive messages');
    expect(second!.textContent).toContain('Deleted member');
    // A long text shows as an excerpt.
    expect(second!.textContent).not.toContain('x'.repeat(300));
    expect(second!.textContent).toContain(`${'x'.repeat(140)}…`);

    const reasons = within(screen.getByRole('list', { name: 'Open reports by reason' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(reasons).toEqual(['Fake profile 1', 'Harassment or abusive messages 1']);
    expect(screen.getByText(/open ·/).textContent).toBe('2 open · 1 resolved');
  });

  it('asks the server for the status the filter shows, and says when there is nothing', async () => {
    const requests = serveReports({
      list: (status) => [200, status === 'open' ? queue([], { open: 0, openByReason: byReason({}) }) : queue([resolvedReport], { open: 0, openByReason: byReason({}) })],
    });
    await renderWithRouter(() => <ReportsTab />, '/admin');
    expect(await screen.findByText('No open reports')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Open reports by reason' })).toBeNull();

    await userEvent.click(screen.getByRole('radio', { name: 'Resolved' }));
    await screen.findByRole('list', { name: 'Report queue' });
    const [item] = queueItems();
    expect(item!.textContent).toContain('Resolved: Warned');
    expect(within(item!).getByRole('button', { name: 'View the report about Ben' })).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(listCalls(requests)).toEqual(['?status=open', '?status=resolved', '?status=all']));
  });

  it('shows the count of open reports on the dashboard tab', async () => {
    serveReports();
    useAdminTab.setState({ tab: 'reports' });
    await renderWithRouter(() => <AdminPage />, '/admin');
    const tab = await screen.findByRole('tab', { name: /^Reports\s*\(2 open\)$/ });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('list', { name: 'Report queue' })).toBeTruthy();
  });

  it('opens a report: profile, photos, dates, the messages labelled by side, earlier reports; Back returns to the queue', async () => {
    let answer!: (value: Answer) => void;
    const requests = serveReports({ detail: new Promise<Answer>((resolve) => (answer = resolve)) });
    await renderQueue();
    await userEvent.click(screen.getByRole('button', { name: 'Review the report about Ben' }));
    expect(screen.getByRole('status').textContent).toBe('Loading report');
    answer([200, reportDetail()]);
    const heading = await screen.findByRole('heading', { name: 'Report about Ben' });
    expect(document.activeElement).toBe(heading);
    expect(requests.some((r) => new URL(r.url).pathname === '/api/admin/reports/r1')).toBe(true);

    expect(screen.getByText('Coffee first, then a walk.')).toBeTruthy();
    expect(screen.getByText('34 · Toronto')).toBeTruthy();
    const photos = within(screen.getByRole('list', { name: 'Photos of Ben' })).getAllByRole('img');
    expect(photos.map((img) => img.getAttribute('src'))).toEqual(['/photos/p1.jpg', '/photos/p2.jpg']);
    expect(screen.getAllByRole('button', { name: /^Remove this photo \(photo \d\)$/ })).toHaveLength(2);
    expect(screen.getByText(/Cafe Lumen/).textContent).toContain('Cancelled');

    const messages = within(screen.getByRole('list', { name: 'Messages between them' })).getAllByRole('listitem');
    expect(messages.map((li) => [li.querySelector('strong')!.textContent, li.querySelector('p')!.textContent])).toEqual([
      ['Reported member · Ben', 'Why did you cancel?'],
      ['Reporter · Ann', 'Please stop writing to me.'],
    ]);
    const earlier = screen.getByRole('heading', { name: 'Earlier reports about Ben' }).parentElement!;
    expect(earlier.textContent).toContain('Fake profile');
    expect(earlier.textContent).toContain('Resolved: Dismissed');

    await userEvent.click(screen.getByRole('button', { name: 'Back to reports' }));
    await screen.findByRole('list', { name: 'Report queue' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Review the report about Ben' }));
  });

  it('says when a report cannot be found', async () => {
    serveReports({ detail: [404, { error: 'Report not found' }] });
    await renderQueue();
    await userEvent.click(screen.getByRole('button', { name: 'Review the report about Ben' }));
    expect(await screen.findByText('Report not found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('dismisses with the note, then returns to the refreshed queue with a toast', async () => {
    const requests = serveReports();
    await renderQueue();
    await openPlainReport();
    const dialog = await chooseAction('Dismiss', '  Nothing against the rules.  ');
    expect(within(dialog).getByRole('heading', { name: 'Dismiss report' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss report' }));
    await waitFor(() => expect(toastTexts()).toContain('Report dismissed'));
    const post = requests.find((r) => r.method === 'POST')!;
    expect(new URL(post.url).pathname).toBe('/api/admin/reports/r1/resolve');
    expect(await post.json()).toEqual({ action: 'dismiss', note: 'Nothing against the rules.' });
    // Back on the queue, which the server answered again without the resolved report.
    await waitFor(() => expect(queueItems()).toHaveLength(1));
    expect(listCalls(requests).length).toBeGreaterThan(1);
  });

  it('warns, and bans only after the confirmation dialog, with the note', async () => {
    const requests = serveReports();
    await renderQueue();
    await openPlainReport();
    const warn = await chooseAction('Warn', 'Rude, first time.');
    await userEvent.click(within(warn).getByRole('button', { name: 'Send warning' }));
    await waitFor(() => expect(toastTexts()).toContain('Ben has been warned'));

    await userEvent.click(screen.getByRole('button', { name: 'Review the report about Cy Flagged' }));
    await screen.findByRole('heading', { name: 'Report about Cy Flagged' });
    expect(screen.getByText(FLAGGED)).toBeTruthy();
    const ban = await chooseAction('Ban', 'Third strike.');
    expect(within(ban).getByRole('heading', { name: 'Ban member' })).toBeTruthy();
    expect(ban.textContent).toContain('Ban Cy Flagged? They are signed out everywhere at once');
    await userEvent.click(within(ban).getByRole('button', { name: 'Cancel' }));
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);

    const again = await chooseAction('Ban', 'Third strike.');
    await userEvent.click(within(again).getByRole('button', { name: 'Ban' }));
    await waitFor(() => expect(toastTexts()).toContain('User Cy Flagged banned successfully'));
    expect(await resolveBodies(requests)).toEqual([
      { action: 'warn', note: 'Rude, first time.' },
      { action: 'ban', note: 'Third strike.' },
    ]);
  });

  it('removes the photo chosen beside it, sending its id', async () => {
    const requests = serveReports();
    await renderQueue();
    await openPlainReport();
    await userEvent.click(screen.getByRole('button', { name: 'Remove this photo (photo 2)' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove a photo' });
    expect((within(dialog).getByRole('radio', { name: 'Photo 2' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.type(within(dialog).getByLabelText('Note for the audit log'), 'Nudity.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove photo' }));
    await waitFor(() => expect(toastTexts()).toContain('Photo of Ben removed'));
    expect(await resolveBodies(requests)).toEqual([{ action: 'remove_photo', note: 'Nudity.', photoId: 'p2' }]);
  });

  it('asks for the photo to remove from the actions, and sends the one picked', async () => {
    const requests = serveReports();
    await renderQueue();
    await openPlainReport();
    const dialog = await chooseAction('Remove photo', 'Not him.');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Photo 1' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove photo' }));
    await waitFor(() => expect(toastTexts()).toContain('Photo of Ben removed'));
    expect(await resolveBodies(requests)).toEqual([{ action: 'remove_photo', note: 'Not him.', photoId: 'p1' }]);
  });

  it('asks for a note before sending anything, and shows the server’s note error under the field', async () => {
    const requests = serveReports({ resolve: [400, { error: 'Invalid input', fields: [{ field: 'note', message: 'The note says too little' }] }] });
    await renderQueue();
    await openPlainReport();
    const dialog = await chooseAction('Warn', '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send warning' }));
    const note = within(dialog).getByLabelText('Note for the audit log');
    expect(note.closest('.field')!.querySelector('.field-error')!.textContent).toBe('A note is required');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await userEvent.type(note, 'ok');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send warning' }));
    await waitFor(() => expect(note.getAttribute('aria-invalid')).toBe('true'));
    const errorId = note.getAttribute('aria-describedby')!.split(' ').find((id) => id.endsWith('-error'))!;
    const error = document.getElementById(errorId)!;
    expect(error.textContent).toBe('The note says too little');
    expect(note.closest('.field')!.contains(error)).toBe(true);
    // Still on the report, with the dialog open.
    expect(screen.getByRole('dialog', { name: 'Warn member' })).toBeTruthy();
    expect(toastTexts()).toEqual([]);
  });

  it('shows the server’s message when the report was already resolved', async () => {
    const requests = serveReports({ resolve: [409, { error: 'This report has already been resolved' }] });
    await renderQueue();
    await openPlainReport();
    const dialog = await chooseAction('Dismiss', 'Fine.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss report' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This report has already been resolved');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(toastTexts()).not.toContain('Report dismissed');
  });
});
