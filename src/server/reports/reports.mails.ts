import { isDiscoverable } from '../auth/auth.read.ts';
import type { MailDeps } from '../notifications/notifications.read.ts';
import { enqueueOne, type Jobs } from '../platform/jobs/jobs.ts';
import { frame, type MailMessage } from '../platform/mail/mailer.ts';
import { warnedMember } from './reports.repo.ts';

/** The job that mails a moderator's warning to the reported member. */
export const REPORT_WARNING_JOB = 'reports.warning';
export type ReportWarningJob = { reportId: string };

export const WARNING_TITLE = 'A note from the Rendezvous team';
export const WARNING_MESSAGE =
  'Another member told us about something that happened with you on Rendezvous. We have looked into it. Please keep every message kind and respectful, and show up for the dates you accept. If it happens again we may suspend your account.';

/** The warning's mail job as SQL, to ride in the statement that stores its inbox item. */
export const reportWarningJob = (reportId: string, now: Date) => enqueueOne(REPORT_WARNING_JOB, { reportId } satisfies ReportWarningJob, { runAt: now, now });

/** The warning mail; none to an unverified address or a member who can no longer take part. Settings cannot turn it off. */
export function warningMail(member: { name: string; email: string; emailVerifiedAt: Date | null; accountStatus: string; isBanned: boolean }, publicUrl: string): MailMessage | null {
  if (!isDiscoverable(member)) return null;
  return {
    to: member.email,
    subject: WARNING_TITLE,
    text: frame(member.name, `${WARNING_MESSAGE}\n\nOur terms: ${publicUrl}/terms\nQuestions: ${publicUrl}/contact`),
  };
}

export function registerReportMails(jobs: Jobs, deps: MailDeps) {
  jobs.register(REPORT_WARNING_JOB, async (payload, { db }) => {
    const member = await warnedMember(db, (payload as ReportWarningJob).reportId);
    const mail = member && warningMail(member, deps.publicUrl);
    if (mail) await deps.mailer.send(mail);
  });
}
