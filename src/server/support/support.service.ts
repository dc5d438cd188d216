import type { ContactInput, FeedbackInput, JobApplicationInput } from '#shared/api/support.ts';
import type { Member } from '../platform/auth.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/client.ts';
import type { Mailer, MailMessage } from '../platform/mail/mailer.ts';
import { consume, type Limit } from '../platform/rate-limit.ts';
import { contactMail, jobApplicationMail } from './support.mails.ts';
import * as repo from './support.repo.ts';

const HOUR = 60 * 60 * 1000;
export const SUPPORT_LIMITS = {
  contactPerMember: { max: 5, windowMs: HOUR },
  contactPerIp: { max: 20, windowMs: HOUR },
  feedbackPerMember: { max: 10, windowMs: HOUR },
  applicationsPerMember: { max: 3, windowMs: 24 * HOUR },
} satisfies Record<string, Limit>;

export type SupportDeps = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  supportEmail: string;
  log: { error(obj: object, msg: string): void };
};

export function createSupportService(deps: SupportDeps) {
  const { db, clock, mailer, supportEmail } = deps;

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
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
