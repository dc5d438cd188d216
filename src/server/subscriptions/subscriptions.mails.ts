import { frame, type MailMessage } from '../platform/mail/mailer.ts';

/** A renewal that failed: the member is on the Honda Team again and can choose a team anew. */
export function membershipEndedMail(to: string, member: { name: string; tierName: string; reason: string; link: string }): MailMessage {
  return {
    to,
    subject: `Your ${member.tierName} membership has ended`,
    text: frame(
      member.name,
      `We could not renew your ${member.tierName} membership: ${member.reason} Nothing was charged.\n\nYou are now on the Honda Team, which is free. To join a team again, choose one here:\n\n${member.link}`,
    ),
  };
}
