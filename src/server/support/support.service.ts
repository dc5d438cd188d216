import { referralPoints, type ContactInput, type FeedbackInput, type JobApplicationInput } from '#shared/api/support.ts';
import { HttpError } from '#shared/http-error.ts';
import { pointsWithKeyPrefix, recordScoreEvent } from '../score/score.service.ts';
import type { Member } from '../platform/auth.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import type { Mailer, MailMessage } from '../platform/mail/mailer.ts';
import { consume, type Limit } from '../platform/rate-limit.ts';
import { contactMail, inviteMail, jobApplicationMail } from './support.mails.ts';
import * as repo from './support.repo.ts';
import { DAY_MS, HOUR_MS } from '#shared/domain/durations.ts';

export const SUPPORT_LIMITS = {
  contactPerMember: { max: 5, windowMs: HOUR_MS },
  contactPerIp: { max: 20, windowMs: HOUR_MS },
  feedbackPerMember: { max: 10, windowMs: HOUR_MS },
  applicationsPerMember: { max: 3, windowMs: DAY_MS },
  /** Counted per address invited, so the product cannot be used to spam. */
  invitesPerMember: { max: 12, windowMs: DAY_MS },
  invitesPerAddress: { max: 3, windowMs: DAY_MS },
} satisfies Record<string, Limit>;

export type SupportDeps = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  supportEmail: string;
  publicUrl: string;
  log: { error(obj: object, msg: string): void };
};

export const CANNOT_INVITE_YOURSELF = 'You cannot invite yourself';

/**
 * Grants the referrer of `friendId` their referral points, once per friend, inside `tx`: by the
 * friend's gender, doubled when the referrer's car tier is not the free Honda Team, up to the
 * maximum bonus. The membership issue calls this when the friend's first paid subscription starts.
 * Answers the points granted (0: no referrer, already granted, or the cap reached); the ledger
 * announces the score change in `tx`.
 */
export async function grantReferralPoints(tx: Tx, friendId: string, at: Date): Promise<{ awarded: number }> {
  const friend = await repo.referralOf(tx, friendId);
  if (!friend?.referredBy) return { awarded: 0 };
  const referrer = await repo.lockReferrer(tx, friend.referredBy);
  if (!referrer) return { awarded: 0 };
  const { points, max } = referralPoints(friend.gender, referrer.carTier !== 'honda');
  const awarded = Math.min(points, max - (await pointsWithKeyPrefix(tx, friend.referredBy, repo.REFERRAL_ONCE_PREFIX)));
  if (awarded <= 0) return { awarded: 0 };
  const recorded = await recordScoreEvent(tx, {
    userId: friend.referredBy,
    category: 'Profile Enhancement',
    points: awarded,
    description: `Referral bonus: ${friend.name} subscribed`,
    onceKey: `${repo.REFERRAL_ONCE_PREFIX}${friendId}`,
    at,
  });
  return { awarded: recorded.awarded };
}

export function createSupportService(deps: SupportDeps) {
  const { db, clock, mailer, supportEmail, publicUrl } = deps;

  /** The message is kept before it is mailed, so a failed mail loses nothing: it is logged, not shown. */
  async function sendQuietly(message: MailMessage) {
    try {
      await mailer.send(message);
    } catch (error) {
      deps.log.error({ err: error, to: message.to }, 'support mail could not be sent');
    }
  }

  return {
    /** Stores a contact message and mails it to support (reply-to: the sender). A filled honeypot is dropped. */
    async contact(member: Member, input: ContactInput, ip: string): Promise<void> {
      const now = clock.now();
      await consume(db, `contact:ip:${ip}`, SUPPORT_LIMITS.contactPerIp, now);
      await consume(db, `contact:member:${member.id}`, SUPPORT_LIMITS.contactPerMember, now);
      if (input.website) return;
      const { name, email, subject, message } = input;
      await repo.insertContactMessage(db, { userId: member.id, name, email, subject, message, createdAt: now });
      await sendQuietly(contactMail(supportEmail, { name, email, subject, message, memberId: member.id, memberEmail: member.email }));
    },

    /** Stores feedback; the job category sets the job-application flag, whatever the client sent. */
    async feedback(member: Member, input: FeedbackInput): Promise<{ jobApplication: boolean }> {
      const now = clock.now();
      await consume(db, `feedback:member:${member.id}`, SUPPORT_LIMITS.feedbackPerMember, now);
      const jobApplication = input.category === 'job';
      await repo.insertFeedback(db, { userId: member.id, category: input.category, message: input.message, rating: input.rating, jobApplication, createdAt: now });
      return { jobApplication };
    },

    /** Stores a careers application and mails it to support (reply-to: the applicant). */
    async apply(member: Member, input: JobApplicationInput): Promise<void> {
      const now = clock.now();
      await consume(db, `careers:member:${member.id}`, SUPPORT_LIMITS.applicationsPerMember, now);
      const { feedbackSubmitted: _confirmed, ...application } = input;
      await repo.insertJobApplication(db, { userId: member.id, ...application, createdAt: now });
      await sendQuietly(jobApplicationMail(supportEmail, { ...input, memberId: member.id, memberEmail: member.email }));
    },

    /**
     * Mails each address (new for this member, and without an account) an invite carrying the
     * member's referral link to /register. Answers every address, so their rows leave the pending
     * list; the mails go out after the answer, so neither it nor its timing tells who is a member.
     */
    async sendInvites(member: Member, rows: { email: string; gender: 'female' | 'male' }[]): Promise<string[]> {
      const now = clock.now();
      const ownIndex = rows.findIndex((row) => row.email === member.email.toLowerCase());
      if (ownIndex >= 0) throw new HttpError(400, CANNOT_INVITE_YOURSELF, [{ field: 'invites', message: CANNOT_INVITE_YOURSELF }]);
      for (const row of rows) {
        await consume(db, `invites:member:${member.id}`, SUPPORT_LIMITS.invitesPerMember, now);
        await consume(db, `invites:to:${row.email}`, SUPPORT_LIMITS.invitesPerAddress, now);
      }
      const inviter = await repo.inviterOf(db, member.id);
      if (!inviter) throw new HttpError(401, 'Please log in to continue');
      const fresh = await repo.insertInvites(db, member.id, rows, now);
      const members = await repo.memberEmailsAmong(db, fresh);
      const link = `${publicUrl}/register?ref=${encodeURIComponent(inviter.referralCode)}`;
      for (const email of fresh) if (!members.has(email)) void sendQuietly(inviteMail(email, inviter, link));
      return rows.map((row) => row.email);
    },

    /** grantReferralPoints in its own transaction (the ledger announces the score change). */
    async grantReferralPoints(friendId: string): Promise<number> {
      const { awarded } = await db.transaction((tx) => grantReferralPoints(tx, friendId, clock.now()));
      return awarded;
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
