import { RESET_PASSWORD_TTL_MS, VERIFY_EMAIL_TTL_MS } from '#shared/domain/account.ts';
import { frame, type MailMessage } from '../platform/mail/mailer.ts';
import { HOUR_MS } from '#shared/domain/durations.ts';

/** A link's lifetime as the mail states it, from the constant the server applies: "24 hours", "1 hour". */
const hoursText = (ms: number) => {
  const hours = ms / HOUR_MS;
  return hours === 1 ? '1 hour' : `${hours} hours`;
};

export function verifyEmailMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: 'Confirm your e-mail for Rendezvous',
    text: frame(
      name,
      `Welcome to Rendezvous! Confirm your e-mail address to start browsing and booking dates:\n\n${link}\n\nThe link works for ${hoursText(VERIFY_EMAIL_TTL_MS)}. If you did not sign up, you can ignore this mail.`,
    ),
  };
}

export function resetPasswordMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Rendezvous password',
    text: frame(
      name,
      `Someone asked to reset the password of your Rendezvous account. To choose a new one, open:\n\n${link}\n\nThe link works once, for ${hoursText(RESET_PASSWORD_TTL_MS)}. Resetting signs you out everywhere. If it was not you, ignore this mail: your password stays as it is.`,
    ),
  };
}
