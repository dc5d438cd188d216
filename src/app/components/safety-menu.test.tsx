import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BlockedMembersSection } from '#app/blocks/blocked-members.tsx';
import { renderWithRouter, stubApi, toastTexts } from '#app/platform/test-support.tsx';
import { SafetyMenu } from './safety-menu.tsx';

const BEN = '5d0c6a4e-8d0f-4c4e-9a59-0a3c3b3e9f11';

async function open(onBlocked = vi.fn()) {
  await renderWithRouter(() => <SafetyMenu userId={BEN} name="Ben" onBlocked={onBlocked} />, '/user/x');
  await userEvent.click(screen.getByLabelText('Safety options for Ben'));
  return onBlocked;
}
const dialog = (name: string) => screen.getByRole('dialog', { name, hidden: true });
const bodyOf = async (request: Request) => JSON.parse(await request.text());

describe('Block and Report for another member', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('blocks only once confirmed, says what a block does, and moves on', async () => {
    const requests = stubApi(() => [200, { success: true, message: 'Member blocked', isBlocked: true }]);
    const onBlocked = await open();
    await userEvent.click(screen.getByRole('button', { name: 'Block Ben' }));
    const confirm = dialog('Block Ben?');
    expect(confirm.textContent).toContain("Ben isn't told you blocked them.");
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel', hidden: true }));
    expect(requests).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Block Ben' }));
    await userEvent.click(within(dialog('Block Ben?')).getByRole('button', { name: 'Block', hidden: true }));
    await vi.waitFor(() => expect(onBlocked).toHaveBeenCalled());
    expect(requests.map((r) => [r.method, new URL(r.url).pathname])).toEqual([['POST', `/api/users/${BEN}/block`]]);
    expect(toastTexts()).toContain('Member blocked');
  });

  it('a failed block stays in the dialog with the reason', async () => {
    stubApi(() => [404, { error: 'User not found' }]);
    const onBlocked = await open();
    await userEvent.click(screen.getByRole('button', { name: 'Block Ben' }));
    await userEvent.click(within(dialog('Block Ben?')).getByRole('button', { name: 'Block', hidden: true }));
    expect((await within(dialog('Block Ben?')).findByRole('alert', { hidden: true })).textContent).toBe('User not found');
    expect(onBlocked).not.toHaveBeenCalled();
  });

  it('reports with a reason (asked for when missing), details and "Also block" ticked by default; thanks the reporter', async () => {
    const requests = stubApi(() => [200, { success: true, message: 'Thanks, our team will review this', blocked: true }]);
    const onBlocked = await open();
    await userEvent.click(screen.getByRole('button', { name: 'Report Ben' }));
    const form = dialog('Report Ben');
    expect((within(form).getByRole('checkbox', { name: 'Also block Ben', hidden: true }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(within(form).getByRole('button', { name: 'Send report', hidden: true }));
    // The form's schema is loaded on first use: the message comes once it is in.
    expect((await within(form).findByRole('alert', { hidden: true })).textContent).toBe('Choose a reason');
    expect(requests).toHaveLength(0);

    await userEvent.click(within(form).getByRole('radio', { name: 'Harassment or abusive messages', hidden: true }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Details (optional)', hidden: true }), 'Rude after I declined');
    expect(within(form).getByText('21/1000')).toBeTruthy();
    await userEvent.click(within(form).getByRole('button', { name: 'Send report', hidden: true }));
    await vi.waitFor(() => expect(onBlocked).toHaveBeenCalled());
    expect(await bodyOf(requests[0]!)).toEqual({ userId: BEN, reason: 'harassment', details: 'Rude after I declined', block: true });
    expect(toastTexts()).toContain('Thanks, our team will review this');
  });

  it('unticked, the report does not block and the screen stays; a refusal shows the server\'s words', async () => {
    let status = 200;
    const requests = stubApi(() => (status === 200 ? [200, { success: true, message: 'Thanks, our team will review this', blocked: false }] : [409, { error: 'You have already reported this member; our team is reviewing it' }]));
    const onBlocked = await open();
    await userEvent.click(screen.getByRole('button', { name: 'Report Ben' }));
    const form = dialog('Report Ben');
    await userEvent.click(within(form).getByRole('radio', { name: 'Fake profile', hidden: true }));
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Also block Ben', hidden: true }));
    await userEvent.click(within(form).getByRole('button', { name: 'Send report', hidden: true }));
    await vi.waitFor(() => expect(toastTexts()).toContain('Thanks, our team will review this'));
    expect((await bodyOf(requests[0]!)).block).toBe(false);
    expect(onBlocked).not.toHaveBeenCalled();

    status = 409;
    await userEvent.click(screen.getByLabelText('Safety options for Ben'));
    await userEvent.click(screen.getByRole('button', { name: 'Report Ben' }));
    const again = dialog('Report Ben');
    await userEvent.click(within(again).getByRole('radio', { name: 'Other', hidden: true }));
    await userEvent.click(within(again).getByRole('button', { name: 'Send report', hidden: true }));
    expect((await within(again).findByRole('alert', { hidden: true })).textContent).toBe('You have already reported this member; our team is reviewing it');
  });
});

describe('the profile\'s "Blocked members" list', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists whom the member blocked and unblocks one; with nobody blocked it says so', async () => {
    let blocked = [{ _id: BEN, firstName: 'Ben', photo: null, blockedAt: '2026-11-20T10:00:00.000Z' }];
    const requests = stubApi((path, request) => {
      if (request.method === 'DELETE') {
        blocked = [];
        return [200, { success: true, message: 'Member unblocked', isBlocked: false }];
      }
      return [200, { members: blocked }];
    });
    await renderWithRouter(() => <BlockedMembersSection />, '/profile');
    const section = screen.getByRole('region', { name: 'Blocked members' });
    await userEvent.click(await within(section).findByRole('button', { name: 'Unblock Ben' }));
    expect(await within(section).findByText("You haven't blocked anyone.")).toBeTruthy();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => new URL(r.url).pathname)).toEqual([`/api/users/${BEN}/block`]);
    expect(toastTexts()).toContain('Member unblocked');
  });
});
