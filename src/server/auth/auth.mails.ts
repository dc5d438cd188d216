import { frame, type MailMessage } from '../platform/mail/mailer.ts';

export function verifyEmailMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: 'Confirm your e-mail for Rendezvous',
    text: frame(
      name,
      `Welcome to Rendezvous! Confirm your e-mail address to start browsing and booking dates:\n\n${link}\n\nThe link works for 24 hours. If you did not sign up, you can ignore this mail.`,
    ),
  };
}

export function resetPasswordMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Rendezvous password',
    text: frame(
      name,
      `Someone asked to reset the password of your Rendezvous account. To choose a new one, open:\n\n${link}\n\nThe link works once, for 1 hour. Resetting signs you out everywhere. If it was not you, ignore this mail: your password stays as it is.`,
    ),
  };
}
