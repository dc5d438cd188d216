import { eq } from 'drizzle-orm';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { biometricCredentials } from '#server/biometric/biometric.tables.ts';
import { users } from '#server/auth/auth.tables.ts';
import { createMember, type TestMember } from '#tests/support/members.ts';
import { startTestApp, PUBLIC_URL, type TestApp } from '#tests/support/test-app.ts';
import { softwareAuthenticator, type AttestOptions } from '#tests/support/webauthn.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** PUBLIC_URL of the test app is http://rendezvous.test: the RP ID is its host, the origin itself. */
const RP_ID = 'rendezvous.test';
const ORIGIN = PUBLIC_URL;

let counter = 0;
const member = () => createMember(t, { name: `Bea ${(counter += 1)}`, city: 'Vancouver' });

const options = (who: TestMember) => t.call('POST', '/users/biometric-verification/options', { token: who.token });
const verify = (who: TestMember, body: unknown) => t.call('POST', '/users/biometric-verification', { token: who.token, body });

async function challengeFor(who: TestMember): Promise<string> {
  const answer = await options(who);
  expect(answer.status).toBe(200);
  return answer.body.challenge;
}

async function attested(who: TestMember, overrides: Partial<AttestOptions> = {}, authenticator = softwareAuthenticator()) {
  const challenge = await challengeFor(who);
  return authenticator.attest({ challenge, rpId: RP_ID, origin: ORIGIN, ...overrides });
}

async function flagOf(who: TestMember): Promise<boolean> {
  const me = await t.call('GET', '/auth/me', { token: who.token });
  return me.body.user.isBiometricVerified;
}

async function credentialsOf(who: TestMember) {
  return t.database.db.select().from(biometricCredentials).where(eq(biometricCredentials.userId, who.id));
}

describe('POST /users/biometric-verification/options', () => {
  it('asks for a platform credential with user verification, 32 random bytes of challenge and 60 s, for this server', async () => {
    const bea = await member();
    const answer = await options(bea);
    expect(answer.status).toBe(200);
    expect(isoBase64URL.toBuffer(answer.body.challenge)).toHaveLength(32);
    expect(answer.body).toMatchObject({
      rp: { name: 'Rendezvous', id: RP_ID },
      user: { name: bea.email, displayName: bea.name },
      timeout: 60_000,
      attestation: 'none',
      authenticatorSelection: { authenticatorAttachment: 'platform', userVerification: 'required' },
      excludeCredentials: [],
    });
    expect(answer.body.pubKeyCredParams).toContainEqual({ alg: -7, type: 'public-key' });
    expect((await options(bea)).body.challenge).not.toBe(answer.body.challenge);
  });

  it('is open to a member whose e-mail is not verified yet (the block is on /profile)', async () => {
    const fresh = await createMember(t, { name: 'Una', city: 'Vancouver', verified: false });
    const credential = await attested(fresh);
    expect((await verify(fresh, { credential })).status).toBe(200);
    expect(await flagOf(fresh)).toBe(true);
  });

  it('needs a session', async () => {
    expect((await t.call('POST', '/users/biometric-verification/options')).status).toBe(401);
    expect((await t.call('POST', '/users/biometric-verification', { body: { verified: true } })).status).toBe(401);
  });
});

describe('POST /users/biometric-verification', () => {
  it('verifies a real attestation: the flag is set and the credential kept to check the member again later', async () => {
    const bea = await member();
    expect(await flagOf(bea)).toBe(false);
    const authenticator = softwareAuthenticator();
    const answer = await verify(bea, { verified: true, credential: await attested(bea, {}, authenticator) });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, user: { _id: bea.id, isBiometricVerified: true } });
    expect(await flagOf(bea)).toBe(true);
    const [stored, ...more] = await credentialsOf(bea);
    expect(more).toEqual([]);
    expect(stored).toMatchObject({ id: authenticator.credentialId, counter: 0, transports: ['internal'], deviceType: 'singleDevice', backedUp: false, createdAt: t.clock.now() });
    expect(isoBase64URL.toBuffer(stored!.publicKey).length).toBeGreaterThan(64);
    // The next options exclude that credential, so the device is not registered twice.
    expect((await options(bea)).body.excludeCredentials).toEqual([{ id: authenticator.credentialId, type: 'public-key', transports: ['internal'] }]);
  });

  it('never sets the flag on a bare {verified: true}', async () => {
    const bea = await member();
    await challengeFor(bea);
    const answer = await verify(bea, { verified: true });
    expect(answer.status).toBe(400);
    expect(answer.body.fields.map((f: { field: string }) => f.field)).toContain('credential');
    expect(await flagOf(bea)).toBe(false);
  });

  it('refuses a replayed challenge: the second use of the same answer, or of its challenge with another key', async () => {
    const bea = await member();
    const challenge = await challengeFor(bea);
    const first = softwareAuthenticator().attest({ challenge, rpId: RP_ID, origin: ORIGIN });
    expect((await verify(bea, { credential: first })).status).toBe(200);
    const replay = await verify(bea, { credential: first });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('This verification request has expired or was already used');
    const again = softwareAuthenticator().attest({ challenge, rpId: RP_ID, origin: ORIGIN });
    expect((await verify(bea, { credential: again })).status).toBe(400);
    expect(await credentialsOf(bea)).toHaveLength(1);
  });

  it('refuses a challenge the server never issued, and one issued to another member (which stays theirs)', async () => {
    const bea = await member();
    const cleo = await member();
    await challengeFor(bea);
    const invented = softwareAuthenticator().attest({ challenge: isoBase64URL.fromBuffer(crypto.getRandomValues(new Uint8Array(32))), rpId: RP_ID, origin: ORIGIN });
    expect((await verify(bea, { credential: invented })).status).toBe(400);

    const cleosChallenge = await challengeFor(cleo);
    const borrowed = softwareAuthenticator().attest({ challenge: cleosChallenge, rpId: RP_ID, origin: ORIGIN });
    expect((await verify(bea, { credential: borrowed })).status).toBe(400);
    expect(await flagOf(bea)).toBe(false);
    // Cleo's challenge was not spent by Bea's attempt.
    const cleos = softwareAuthenticator().attest({ challenge: cleosChallenge, rpId: RP_ID, origin: ORIGIN });
    expect((await verify(cleo, { credential: cleos })).status).toBe(200);
  });

  it('refuses an expired challenge (after 60 s)', async () => {
    const bea = await member();
    const credential = await attested(bea);
    t.clock.advance(60_000);
    const answer = await verify(bea, { credential });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('This verification request has expired or was already used');
    expect(await flagOf(bea)).toBe(false);
  });

  it('accepts a challenge just within its 60 s', async () => {
    const bea = await member();
    const credential = await attested(bea);
    t.clock.advance(59_000);
    expect((await verify(bea, { credential })).status).toBe(200);
  });

  it('refuses a credential made for another origin or another RP ID, and spends the challenge', async () => {
    const bea = await member();
    for (const wrong of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { origin: 'http://rendezvous.test:8443' }, { type: 'webauthn.get' }]) {
      const answer = await verify(bea, { credential: await attested(bea, wrong) });
      expect(answer.status, JSON.stringify(wrong)).toBe(400);
      expect(answer.body.error).toBe('The device credential could not be verified');
    }
    expect(await flagOf(bea)).toBe(false);
    expect(await credentialsOf(bea)).toEqual([]);
    // The refused attempt spent its challenge: the right answer to it comes too late.
    const challenge = await challengeFor(bea);
    expect((await verify(bea, { credential: softwareAuthenticator().attest({ challenge, rpId: RP_ID, origin: 'https://evil.example' }) })).status).toBe(400);
    const late = await verify(bea, { credential: softwareAuthenticator().attest({ challenge, rpId: RP_ID, origin: ORIGIN }) });
    expect(late.body.error).toBe('This verification request has expired or was already used');
  });

  it('refuses an attestation without user verification (UV) or user presence (UP)', async () => {
    const bea = await member();
    expect((await verify(bea, { credential: await attested(bea, { userVerified: false }) })).status).toBe(400);
    expect((await verify(bea, { credential: await attested(bea, { userPresent: false }) })).status).toBe(400);
    expect(await flagOf(bea)).toBe(false);
  });

  it('lets one of two verifications racing with one challenge through', async () => {
    const bea = await member();
    const challenge = await challengeFor(bea);
    const answers = await Promise.all(
      [softwareAuthenticator(), softwareAuthenticator()].map((authenticator) => verify(bea, { credential: authenticator.attest({ challenge, rpId: RP_ID, origin: ORIGIN }) })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(await credentialsOf(bea)).toHaveLength(1);
  });

  it("refuses a credential already registered (409), whoever holds it", async () => {
    const bea = await member();
    const cleo = await member();
    const authenticator = softwareAuthenticator();
    expect((await verify(bea, { credential: await attested(bea, {}, authenticator) })).status).toBe(200);
    const twice = await verify(cleo, { credential: await attested(cleo, {}, authenticator) });
    expect(twice.status).toBe(409);
    expect(await flagOf(cleo)).toBe(false);
  });

  it('checks the payload: a malformed credential is a 400 naming the field', async () => {
    const bea = await member();
    const credential = await attested(bea);
    const answer = await verify(bea, { credential: { ...credential, response: { ...credential.response, clientDataJSON: 'not base64url!' } } });
    expect(answer.status).toBe(400);
    expect(answer.body.fields.map((f: { field: string }) => f.field)).toContain('credential.response.clientDataJSON');
    const garbage = await verify(bea, { credential: { ...credential, response: { ...credential.response, clientDataJSON: 'AAAA' } } });
    expect(garbage.status).toBe(400);
  });

  it('keeps the flag in the database only after success', async () => {
    const bea = await member();
    const [before] = await t.database.db.select({ flag: users.isBiometricVerified }).from(users).where(eq(users.id, bea.id));
    expect(before!.flag).toBe(false);
    await verify(bea, { credential: await attested(bea) });
    const [after] = await t.database.db.select({ flag: users.isBiometricVerified }).from(users).where(eq(users.id, bea.id));
    expect(after!.flag).toBe(true);
  });
});
