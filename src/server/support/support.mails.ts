import { JOB_AVAILABILITY_LABELS, type JobApplicationInput } from '#shared/api/support.ts';
import { frame, type MailMessage } from '../platform/mail/mailer.ts';

/** One line per field, then the text as written: support reads it and presses Reply. */
function report(lines: [string, string | null | undefined][], body: string): string {
  const head = lines.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`);
  return `${head.join('\n')}\n\n${body}\n`;
}

export function contactMail(
  supportEmail: string,
  message: { name: string; email: string; subject: string; message: string; memberId: string; memberEmail: string },
): MailMessage {
  return {
    to: supportEmail,
    replyTo: message.email,
    subject: `[Contact] ${message.subject}`,
    text: report(
      [
        ['From', `${message.name} <${message.email}>`],
        ['Member', `${message.memberId} (${message.memberEmail})`],
        ['Subject', message.subject],
      ],
      message.message,
    ),
  };
}

export function jobApplicationMail(supportEmail: string, application: JobApplicationInput & { memberId: string; memberEmail: string }): MailMessage {
  return {
    to: supportEmail,
    replyTo: application.email,
    subject: `[Careers] ${application.position}: ${application.name}`,
    text: report(
      [
        ['Applicant', `${application.name} <${application.email}>`],
        ['Phone', application.phone],
        ['Position', application.position],
        ['Can start', JOB_AVAILABILITY_LABELS[application.availability]],
        ['Member', `${application.memberId} (${application.memberEmail})`],
        ['Feedback submitted', 'yes'],
      ],
      `Experience:\n${application.experience ?? '(not given)'}\n\nWhy they want to work with us:\n${application.whyWork ?? '(not given)'}`,
    ),
  };
}

export function inviteMail(to: string, inviter: { name: string }, link: string): MailMessage {
  return {
    to,
    subject: `${inviter.name} invited you to Rendezvous`,
    text: frame(
      'there',
      `${inviter.name} thinks you would enjoy Rendezvous: members publish when they are free for a short date — coffee, lunch, dinner, drinks or an activity — and others book the time.\n\nJoin through ${inviter.name}'s link:\n\n${link}\n\nYou received this because ${inviter.name} entered your address. We will not write again unless you sign up.`,
    ),
  };
}
