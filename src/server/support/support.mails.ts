import type { MailMessage } from '../platform/mail/mailer.ts';

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
