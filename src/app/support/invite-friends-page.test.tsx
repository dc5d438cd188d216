import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { InviteRow } from '#shared/api/support.ts';
import { InviteForm } from './invite-friends-page.tsx';

function renderForm() {
  const sent: InviteRow[][] = [];
  render(
    <InviteForm
      send={async (rows) => {
        sent.push(rows);
        return {};
      }}
    />,
  );
  return sent;
}

const sendButton = () => screen.getByRole('button', { name: 'Send Invites' });
const rowInputs = () => screen.queryAllByLabelText(/^Friend \d/);

describe('the invite rows', () => {
  afterEach(cleanup);

  it('are six, four for women and two for men; Send is disabled while all are empty', () => {
    renderForm();
    expect(rowInputs().map((input) => (input as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      'Friend 1 (woman) email',
      'Friend 2 (woman) email',
      'Friend 3 (woman) email',
      'Friend 4 (woman) email',
      'Friend 5 (man) email',
      'Friend 6 (man) email',
    ]);
    expect(sendButton()).toHaveProperty('disabled', true);
  });

  it('an invalid address gives the spec text and sends nothing', async () => {
    const sent = renderForm();
    await userEvent.type(screen.getByLabelText('Friend 1 (woman) email'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Friend 5 (man) email'), 'not-an-address');
    await userEvent.click(sendButton());
    expect(screen.getByText('Please check all email addresses are valid')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('sends every row with its flag; sent rows leave the pending list', async () => {
    const sent = renderForm();
    await userEvent.type(screen.getByLabelText('Friend 2 (woman) email'), ' ana@example.com ');
    await userEvent.type(screen.getByLabelText('Friend 6 (man) email'), 'ben@example.com');
    await userEvent.click(sendButton());
    expect(sent).toHaveLength(1);
    expect(sent[0]!.map((row) => [row.email, row.gender, row.sent])).toEqual([
      ['', 'female', false],
      ['ana@example.com', 'female', false],
      ['', 'female', false],
      ['', 'female', false],
      ['', 'male', false],
      ['ben@example.com', 'male', false],
    ]);
    expect(rowInputs()).toHaveLength(4);
    expect(screen.queryByLabelText('Friend 2 (woman) email')).toBeNull();
    expect(screen.getByRole('list').textContent).toContain('ana@example.com');
    expect(sendButton()).toHaveProperty('disabled', true);

    await userEvent.type(screen.getByLabelText('Friend 1 (woman) email'), 'cy@example.com');
    await userEvent.click(sendButton());
    expect(sent[1]!.filter((row) => row.sent).map((row) => row.email)).toEqual(['ana@example.com', 'ben@example.com']);
  });
});
