import type { z } from 'zod';
import type { AuthResponse, LoginBodySchema, RegisterBodySchema, User } from '#shared/api/auth.ts';
import type { Preferences } from '#shared/api/preferences.ts';
import { DEFAULT_PREFERENCES } from '#shared/domain/profile.ts';
import { EMAIL_VERIFICATION_POINTS, type ScoreCategory } from '#shared/domain/score.ts';
import { RESET_PASSWORD_TTL_MS, SESSION_TTL_MS, VERIFY_EMAIL_TTL_MS } from '#shared/domain/account.ts';
import { HttpError } from '#shared/http-error.ts';
import type { Member } from '../platform/auth.ts';
import type { Clock } from '../platform/clock.ts';
import type { Database, Db, ListenOptions, Tx } from '../platform/db/client.ts';
import { PG, pgErrorCode } from '../platform/db/pg-errors.ts';
import type { Mailer } from '../platform/mail/mailer.ts';
import { consume, type Limit } from '../platform/rate-limit.ts';
import { resolveLocation, timeZoneAt } from '../geo/geo.service.ts';
import { factsOfRow, type MemberFacts } from './auth.read.ts';
import { resetPasswordMail, verifyEmailMail } from './auth.mails.ts';
import * as repo from './auth.repo.ts';
import { createPasswords, type PasswordCost } from './password.ts';
import { createSessionCache } from './session-cache.ts';
import { hashToken, newReferralCode, newToken } from './tokens.ts';

/** For the admin's actions on a member: figures, search, lock, ban, erase (decision 21). */
export { anonymise, eraseMember, lockMember, memberCounts, revokeAllSessions, searchMembers, setBanned, type UserRow } from './auth.repo.ts';
/** For the demo members: whether there are none yet, and adding many at once. */
export { hasNoMembers, insertMembers, type NewUserRow } from './auth.repo.ts';
/**
 * Writes of member-row columns whose rules live in other features: the profile and its switches
 * (profiles), the passkey badge (biometric), the car-team badge (subscriptions).
 */
export { findUserById, markBiometricVerified, setCarTier, setNotificationSettings, updateMember } from './auth.repo.ts';
/** The score cached on the member row for browse (score's ledger decides it). */
export { storeScore } from './auth.repo.ts';

type KeptSession = { id: string; member: Member; facts: MemberFacts };

export type AuthDeps = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  adminEmails: Set<string>;
  log: { error(obj: object, msg: string): void };
  /**
   * Adds an entry to the member's score ledger in the caller's transaction (score's
   * `recordScoreEvent`, passed in: score builds on auth's member row).
   */
  awardPoints: (tx: Tx, entry: { userId: string; category: ScoreCategory; points: number; description: string; onceKey: string; at: Date }) => Promise<unknown>;
  /** The member's photos, from the profiles feature (passed in: profiles builds on auth). */
  photosOf: (userId: string) => Promise<User['profile']['photos']>;
  /** Accounts one client address may open per hour; LIMITS.registerPerIp.max when omitted (REGISTRATIONS_PER_IP). */
  registrationsPerIp?: number;
  /** 'standard' when omitted; 'fast' for tests only (TEST_FAST_PASSWORDS). */
  passwordCost?: PasswordCost;
};

const MINUTE = 60_000;
export const LIMITS = {
  loginPerEmail: { max: 10, windowMs: 15 * MINUTE },
  loginPerIp: { max: 50, windowMs: 15 * MINUTE },
  forgotPerEmail: { max: 3, windowMs: 60 * MINUTE },
  forgotPerIp: { max: 20, windowMs: 60 * MINUTE },
  resetPerIp: { max: 20, windowMs: 15 * MINUTE },
  resendPerMember: { max: 5, windowMs: 60 * MINUTE },
  /** Enough for a household behind one address, not for a script. */
  registerPerIp: { max: 5, windowMs: 60 * MINUTE },
} satisfies Record<string, Limit>;

export const EMAIL_TAKEN = 'An account with this email already exists';
export const BAD_CREDENTIALS = 'Invalid email or password';
export const BAD_VERIFY_LINK = 'This verification link is invalid or has expired';
export const BAD_RESET_LINK = 'This reset link is invalid or has expired. Please request a new password reset.';
export const FORGOT_ANSWER = 'If an account exists for that email, password reset instructions are on their way.';

type RegisterInput = z.output<typeof RegisterBodySchema>;
type LoginInput = z.output<typeof LoginBodySchema>;

/** A member's saved dating preferences; null while they have saved none. */
export function preferencesOf(row: Pick<repo.UserRow, 'prefGenders' | 'prefAccountTypes' | 'prefDateTypes' | 'prefAgeMin' | 'prefAgeMax' | 'prefDistanceKm'>): Preferences | null {
  if (!row.prefGenders || !row.prefAccountTypes || !row.prefDateTypes || row.prefAgeMin === null || row.prefAgeMax === null || row.prefDistanceKm === null) {
    return null;
  }
  return {
    dateTypes: row.prefDateTypes as Preferences['dateTypes'],
    genderPreferences: row.prefGenders as Preferences['genderPreferences'],
    ageRange: { min: row.prefAgeMin, max: row.prefAgeMax },
    distance: row.prefDistanceKm,
    accountTypes: row.prefAccountTypes as Preferences['accountTypes'],
  };
}

/** The profile fields every view of a member shows (each view adds its own location). */
export function baseProfileOf(row: Pick<repo.UserRow, 'name' | 'age' | 'gender' | 'bio' | 'interests'>, photos: User['profile']['photos']) {
  return { name: row.name, age: row.age, gender: row.gender, bio: row.bio, interests: row.interests, photos };
}

export function coupleInfoOf(
  row: Pick<repo.UserRow, 'accountType' | 'partnerName' | 'partnerAge' | 'partnerGender' | 'relationshipType'>,
): User['coupleInfo'] {
  const { partnerName, partnerAge, partnerGender, relationshipType } = row;
  return row.accountType === 'couple' && partnerName && partnerAge && partnerGender && relationshipType
    ? { partnerName, partnerAge, partnerGender, relationshipType }
    : null;
}

export function toUser(row: repo.UserRow, adminEmails: Set<string>, photos: User['profile']['photos'] = []): User {
  return {
    _id: row.id,
    email: row.email,
    isEmailVerified: row.emailVerifiedAt !== null,
    isAdmin: row.isAdmin || adminEmails.has(row.email),
    accountStatus: row.accountStatus,
    accountType: row.accountType,
    profile: {
      ...baseProfileOf(row, photos),
      location: {
        city: row.city,
        country: row.country,
        coordinates: row.longitude !== null && row.latitude !== null ? [row.longitude, row.latitude] : null,
      },
      preferences: preferencesOf(row) ?? DEFAULT_PREFERENCES,
    },
    coupleInfo: coupleInfoOf(row),
    reliabilityScore: { current: row.score },
    verificationTier: row.verificationTier,
    isBiometricVerified: row.isBiometricVerified,
    isPhotoVerified: row.isPhotoVerified,
    carTier: row.carTier,
    referralCode: row.referralCode,
    moderation: { isBanned: row.isBanned },
    notificationSettings: row.notificationSettings,
    timeZone: row.timeZone,
    createdAt: row.createdAt.toISOString(),
  };
}

async function startSession(db: Tx, userId: string, now: Date): Promise<string> {
  const { token, hash } = newToken();
  await repo.insertSession(db, { userId, tokenHash: hash, createdAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) });
  return token;
}

async function issueEmailToken(db: Tx, userId: string, purpose: repo.TokenPurpose, ttlMs: number, now: Date) {
  const { token, hash } = newToken();
  await repo.insertEmailToken(db, { userId, purpose, tokenHash: hash, createdAt: now, expiresAt: new Date(now.getTime() + ttlMs) });
  return token;
}

export function createAuthService(deps: AuthDeps) {
  const { db, clock, mailer, publicUrl, adminEmails } = deps;
  const registerPerIp: Limit = { ...LIMITS.registerPerIp, max: deps.registrationsPerIp ?? LIMITS.registerPerIp.max };
  const passwords = createPasswords(deps.passwordCost);

  /** A failed mail never fails the call that sent it: the member can ask again. */
  async function sendQuietly(message: Parameters<Mailer['send']>[0]) {
    try {
      await mailer.send(message);
    } catch (error) {
      deps.log.error({ err: error, to: message.to }, 'mail could not be sent');
    }
  }

  async function sendVerification(user: repo.UserRow, token: string) {
    await sendQuietly(verifyEmailMail(user.email, user.name, `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`));
  }

  const ownView = async (row: repo.UserRow) => toUser(row, adminEmails, await deps.photosOf(row.id));

  // The member's row as the session lookup read it, for the rest of that one request: keyed by the
  // request's own Member object, so the row outlives nothing but the request (what an instance keeps
  // between requests is the Member and their browse facts: session-cache.ts).
  const rowsReadWithSession = new WeakMap<Member, repo.UserRow>();
  const factsKeptWithSession = new WeakMap<Member, MemberFacts>();

  const sessionCache = createSessionCache<KeptSession>(() => clock.now().getTime());

  /** The signed-in member's row: the one read with the session in this request, else a fresh read. */
  async function userOf(member: Member): Promise<repo.UserRow> {
    const user = rowsReadWithSession.get(member) ?? (await repo.findUserById(db, member.id));
    if (!user) throw new HttpError(401, 'Please log in to continue');
    return user;
  }

  return {
    ownView,
    userOf,

    /** The signed-in member's browse facts: kept with their session by this instance, else from their row. */
    factsOf: async (member: Member): Promise<MemberFacts> => factsKeptWithSession.get(member) ?? userOf(member),

    /** Another feature changed the member's row: this instance stops answering what it kept of them (the trigger tells the others). */
    forgetKept: (memberId: string) => sessionCache.dropMember(memberId),

    /** Hears the changes that end what `sessionCache` keeps (until the returned function stops it). */
    listenForChanges: (database: Database, log: NonNullable<ListenOptions['log']>) => sessionCache.listen(database, log),

    /** The session's member: kept by this instance (session-cache.ts) unless `fresh`, else read with their row. */
    async resolveSession(token: string, options: { fresh?: boolean } = {}): Promise<Member | null> {
      const tokenHash = hashToken(token);
      const kept = options.fresh ? undefined : sessionCache.get(tokenHash);
      if (kept) {
        const member = { ...kept.member };
        factsKeptWithSession.set(member, kept.facts);
        return member;
      }
      const readIn = sessionCache.epoch();
      const found = await repo.findLiveSession(db, tokenHash, clock.now());
      if (!found) return null;
      const { user } = found;
      const member: Member = {
        id: user.id,
        sessionId: found.sessionId,
        email: user.email,
        isEmailVerified: user.emailVerifiedAt !== null,
        isAdmin: user.isAdmin || adminEmails.has(user.email),
        isBanned: user.isBanned,
      };
      rowsReadWithSession.set(member, user);
      sessionCache.put(tokenHash, { id: user.id, member: { ...member }, facts: factsOfRow(user) }, found.expiresAt, readIn);
      return member;
    },

    async register(input: RegisterInput, ip: string): Promise<AuthResponse> {
      const place = resolveLocation(input.location);
      const now = clock.now();
      await consume(db, `register:ip:${ip}`, registerPerIp, now);
      const passwordHash = await passwords.hash(input.password);
      const couple = input.accountType === 'couple' ? input : null;
      let created: { user: repo.UserRow; token: string; verifyToken: string };
      try {
        created = await db.transaction(async (tx) => {
          const referredBy = input.referralCode ? await repo.findUserIdByReferralCode(tx, input.referralCode) : undefined;
          const user = await repo.insertUser(tx, {
            email: input.email,
            passwordHash,
            accountType: input.accountType,
            name: input.name,
            age: input.age,
            gender: input.gender,
            city: place.city,
            country: place.country,
            longitude: place.coordinates[0],
            latitude: place.coordinates[1],
            timeZone: timeZoneAt(place.coordinates),
            partnerName: couple?.partnerName ?? null,
            partnerAge: couple?.partnerAge ?? null,
            partnerGender: couple?.partnerGender ?? null,
            relationshipType: couple?.relationshipType ?? null,
            referralCode: newReferralCode(),
            referredBy: referredBy ?? null,
            createdAt: now,
          });
          const token = await startSession(tx, user.id, now);
          const verifyToken = await issueEmailToken(tx, user.id, 'verify_email', VERIFY_EMAIL_TTL_MS, now);
          return { user, token, verifyToken };
        });
      } catch (error) {
        if (pgErrorCode(error) === PG.uniqueViolation) throw new HttpError(409, EMAIL_TAKEN, [{ field: 'email', message: EMAIL_TAKEN }]);
        throw error;
      }
      await sendVerification(created.user, created.verifyToken);
      return { user: toUser(created.user, adminEmails), token: created.token, verificationRequired: true };
    },

    async login(input: LoginInput, ip: string): Promise<AuthResponse> {
      const now = clock.now();
      await consume(db, `login:ip:${ip}`, LIMITS.loginPerIp, now);
      await consume(db, `login:email:${input.email}`, LIMITS.loginPerEmail, now);
      const user = await repo.findUserByEmail(db, input.email);
      const valid = await passwords.verify(input.password, user?.passwordHash ?? (await passwords.decoyHash()));
      if (!user || !valid) throw new HttpError(401, BAD_CREDENTIALS);
      if (user.isBanned) throw new HttpError(403, 'This account has been banned');
      const token = await startSession(db, user.id, now);
      return { user: await ownView(user), token, verificationRequired: user.emailVerifiedAt === null };
    },

    async logout(member: Member): Promise<void> {
      await repo.revokeSession(db, member.sessionId, clock.now());
      // The trigger's NOTIFY tells every instance; this one stops at once.
      sessionCache.dropMember(member.id);
    },

    async me(member: Member): Promise<User> {
      return ownView(await userOf(member));
    },

    async verifyEmail(token: string): Promise<User> {
      const now = clock.now();
      const user = await db.transaction(async (tx) => {
        const userId = await repo.useEmailToken(tx, 'verify_email', hashToken(token), now);
        if (!userId) throw new HttpError(400, BAD_VERIFY_LINK);
        const existing = await repo.findUserById(tx, userId);
        if (existing?.emailVerifiedAt) return existing;
        await repo.markEmailVerified(tx, userId, now);
        await deps.awardPoints(tx, {
          userId,
          category: 'Profile Enhancement',
          points: EMAIL_VERIFICATION_POINTS,
          description: 'Email verified',
          onceKey: 'email-verification',
          at: now,
        });
        return (await repo.findUserById(tx, userId))!;
      });
      sessionCache.dropMember(user.id);
      return ownView(user);
    },

    async resendVerification(member: Member): Promise<void> {
      const user = await repo.findUserById(db, member.id);
      if (!user) throw new HttpError(401, 'Please log in to continue');
      if (user.emailVerifiedAt) throw new HttpError(400, 'Your email is already verified');
      const now = clock.now();
      await consume(db, `resend:${user.id}`, LIMITS.resendPerMember, now);
      const token = await issueEmailToken(db, user.id, 'verify_email', VERIFY_EMAIL_TTL_MS, now);
      await sendVerification(user, token);
    },

    /** Answers the same, as fast, whether or not the address has an account: the mail goes out after. */
    async forgotPassword(email: string, ip: string): Promise<void> {
      const now = clock.now();
      await consume(db, `forgot:ip:${ip}`, LIMITS.forgotPerIp, now);
      await consume(db, `forgot:email:${email}`, LIMITS.forgotPerEmail, now);
      const user = await repo.findUserByEmail(db, email);
      if (!user) return;
      const token = await issueEmailToken(db, user.id, 'reset_password', RESET_PASSWORD_TTL_MS, now);
      void sendQuietly(resetPasswordMail(user.email, user.name, `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`));
    },

    /** Single use, one hour; sets the password and ends every session of the account. */
    async resetPassword(token: string, password: string, ip: string): Promise<void> {
      const now = clock.now();
      await consume(db, `reset:ip:${ip}`, LIMITS.resetPerIp, now);
      const passwordHash = await passwords.hash(password);
      const userId = await db.transaction(async (tx) => {
        const owner = await repo.useEmailToken(tx, 'reset_password', hashToken(token), now);
        if (!owner) throw new HttpError(400, BAD_RESET_LINK);
        await repo.setPasswordHash(tx, owner, passwordHash);
        await repo.revokeAllSessions(tx, owner, now);
        return owner;
      });
      sessionCache.dropMember(userId);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
