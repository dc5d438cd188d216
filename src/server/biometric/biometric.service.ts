import { randomBytes } from 'node:crypto';
import { generateRegistrationOptions, verifyRegistrationResponse, type VerifiedRegistrationResponse } from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import type { User } from '#shared/api/auth.ts';
import {
  BIOMETRIC_CHALLENGE_BYTES,
  BIOMETRIC_ERRORS,
  BIOMETRIC_TIMEOUT_MS,
  type RegistrationCredential,
  type RegistrationOptions,
} from '#shared/api/biometric.ts';
import { HttpError } from '#shared/http-error.ts';
import type { MemberRow as UserRow } from '../auth/auth.read.ts';
import { markBiometricVerified } from '../auth/auth.service.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import * as repo from './biometric.repo.ts';

/** Erasing a removed member (decision 21) is each feature's own part, called by admin in one transaction. */
export { eraseMember } from './biometric.repo.ts';

export const RP_NAME = 'Rendezvous';

/** The relying party is the public address the app is served from (PUBLIC_URL): its host name is the RP ID, its origin the one expected. */
export function relyingPartyOf(publicUrl: string): { id: string; origin: string } {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin };
}

/** Expired challenges nobody used; run by the hourly prune job. */
export async function pruneBiometricChallenges(db: Tx, now: Date): Promise<void> {
  await repo.pruneChallenges(db, now);
}

const failed = (message: string, field = 'credential') => new HttpError(400, message, [{ field, message }]);

export function createBiometricService(deps: { db: Db; clock: Clock; publicUrl: string; ownView: (row: UserRow) => Promise<User> }) {
  const { db, clock } = deps;
  const rp = relyingPartyOf(deps.publicUrl);

  return {
    /**
     * Options for a platform credential with user verification required: 32 fresh random bytes as
     * the challenge (kept for this member, 60 s, single use), the member's existing credentials
     * excluded so one device is not registered twice.
     */
    async registrationOptions(memberId: string): Promise<RegistrationOptions> {
      const member = await repo.memberOf(db, memberId);
      if (!member) throw new HttpError(401, 'Please log in to continue');
      const existing = await repo.credentialsOf(db, memberId);
      const options = await generateRegistrationOptions({
        rpName: RP_NAME,
        rpID: rp.id,
        userName: member.email,
        userDisplayName: member.name,
        userID: new TextEncoder().encode(memberId),
        challenge: randomBytes(BIOMETRIC_CHALLENGE_BYTES),
        timeout: BIOMETRIC_TIMEOUT_MS,
        attestationType: 'none',
        excludeCredentials: existing.map((credential) => ({ id: credential.id, transports: credential.transports })),
        authenticatorSelection: { authenticatorAttachment: 'platform', userVerification: 'required', residentKey: 'preferred' },
      });
      await repo.saveChallenge(db, { userId: memberId, challenge: options.challenge, expiresAt: new Date(clock.now().getTime() + BIOMETRIC_TIMEOUT_MS) });
      return options as RegistrationOptions;
    },

    /**
     * Verifies the attestation against the challenge this member was given (taken first, so it is
     * spent whatever the outcome), this server's origin and RP ID, with user presence and user
     * verification required; only then stores the credential and marks the member verified.
     */
    async verify(memberId: string, credential: RegistrationCredential): Promise<User> {
      let signed: string;
      try {
        signed = decodeClientDataJSON(credential.response.clientDataJSON).challenge;
      } catch {
        throw failed(BIOMETRIC_ERRORS.failed, 'credential.response.clientDataJSON');
      }
      if (typeof signed !== 'string' || !signed) throw failed(BIOMETRIC_ERRORS.failed, 'credential.response.clientDataJSON');
      const issued = await repo.takeChallenge(db, memberId, signed);
      if (!issued || issued.expiresAt.getTime() <= clock.now().getTime()) throw failed(BIOMETRIC_ERRORS.challenge);

      let verification: VerifiedRegistrationResponse;
      try {
        verification = await verifyRegistrationResponse({
          // The schema keeps the browser's shape; the library's types name a few fields more narrowly.
          response: credential as Parameters<typeof verifyRegistrationResponse>[0]['response'],
          expectedChallenge: signed,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          expectedType: 'webauthn.create',
          requireUserPresence: true,
          requireUserVerification: true,
        });
      } catch {
        throw failed(BIOMETRIC_ERRORS.failed);
      }
      if (!verification.verified) throw failed(BIOMETRIC_ERRORS.failed);
      const info = verification.registrationInfo;

      const row = await db.transaction(async (tx) => {
        const stored = await repo.insertCredential(tx, {
          id: info.credential.id,
          userId: memberId,
          publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
          counter: info.credential.counter,
          transports: info.credential.transports ?? credential.response.transports ?? [],
          deviceType: info.credentialDeviceType,
          backedUp: info.credentialBackedUp,
          aaguid: info.aaguid,
          createdAt: clock.now(),
        });
        if (!stored) throw new HttpError(409, BIOMETRIC_ERRORS.taken, [{ field: 'credential', message: BIOMETRIC_ERRORS.taken }]);
        return markBiometricVerified(tx, memberId);
      });
      if (!row) throw new HttpError(401, 'Please log in to continue');
      return deps.ownView(row);
    },
  };
}

export type BiometricService = ReturnType<typeof createBiometricService>;
