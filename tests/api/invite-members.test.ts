import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITES_SENT } from '#shared/api/support.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const sendInvites = (token: string, email: string) =>
  t.call('POST', '/users/send-invites', { token, body: { invites: [{ email, gender: 'female', sent: false }] } });
const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const invitesTo = (email: string) => t.sink.messages.filter((m) => m.to.includes(email) && m.subject.includes('invited you'));

describe('POST /api/users/send-invites to an address that has an account', () => {
  it('mails no invite, and answers exactly as for an address without one', async () => {
    const inviter = await t.verifiedMember({ name: 'Nora' });
    const existing = await t.register();
    const stranger = unique('stranger');

    const toMember = await sendInvites(inviter.token, ` ${existing.email.toUpperCase()} `);
    const toStranger = await sendInvites(inviter.token, stranger);
    expect(toStranger.status).toBe(200);
    expect(toStranger.body).toEqual({ success: true, message: INVITES_SENT, sent: [stranger] });
    expect(toMember.status).toBe(toStranger.status);
    expect(toMember.body).toEqual({ ...toStranger.body, sent: [existing.email] });

    // The stranger's invite was sent after the member's would have been: once it is in, the other would be too.
    await t.sink.waitFor((m) => m.to.includes(stranger) && m.subject === 'Nora invited you to Rendezvous');
    expect(invitesTo(stranger)).toHaveLength(1);
    expect(invitesTo(existing.email)).toEqual([]);
  });
});
