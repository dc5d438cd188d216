import { mayMail, settingsNote, takesPart, type MailDeps, type Recipient } from '../notifications/notifications.read.ts';
import { enqueueOne, type Jobs } from '../platform/jobs/jobs.ts';
import { frame, type MailMessage } from '../platform/mail/mailer.ts';
import { mailFactsOf } from './nudges.repo.ts';

/** The job that mails a nudge to the member nudged (decision 59). */
export const NUDGE_MAIL_JOB = 'nudges.mail';
/** Ids only: the mail is written from the rows as they are when the job runs. */
export type NudgeMailJob = { nudgeId: string };

/** The nudge's mail job as SQL, to ride in the statement that stores its inbox item. */
export const nudgeMailJob = (nudgeId: string, now: Date) => enqueueOne(NUDGE_MAIL_JOB, { nudgeId } satisfies NudgeMailJob, { runAt: now, now });

/** The mail, or null when the member does not want it (or can no longer be mailed) or the sender is banned or gone. */
export function nudgeMail(facts: { senderId: string; sender: Recipient; recipient: Recipient }, publicUrl: string): MailMessage | null {
  const { sender, recipient } = facts;
  if (!mayMail(recipient, 'nudgeReceived') || !takesPart(sender)) return null;
  return {
    to: recipient.email,
    subject: `${sender.name} nudged you`,
    text: frame(
      recipient.name,
      `${sender.name} would like to meet you. Add a time you are free so they can book it:\n\n${publicUrl}/availability\n\nTheir profile: ${publicUrl}/user/${facts.senderId}\n\n${settingsNote(publicUrl)}`,
    ),
  };
}

/** Sends a nudge's mail: reads the nudge and its two members now; a mail the server could not hand over throws and is tried again. */
export function registerNudgeMails(jobs: Jobs, deps: MailDeps) {
  jobs.register(NUDGE_MAIL_JOB, async (payload, { db }) => {
    const facts = await mailFactsOf(db, (payload as NudgeMailJob).nudgeId);
    const mail = facts && nudgeMail(facts, deps.publicUrl);
    if (mail) await deps.mailer.send(mail);
  });
}
