/**
 * What other features read of a member to mail them (notifications owns the switches): the columns
 * a mail query selects, and whether a mail of a kind may go now.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '#shared/domain/profile.ts';
import { isDiscoverable, takesPart } from '../auth/auth.read.ts';
import type { Mailer } from '../platform/mail/mailer.ts';

export { takesPart };

/** A switch under "Email me when" on /profile (account-and-admin §3). */
export type EmailSetting = keyof NotificationSettings['email'];

type RecipientField = 'name' | 'email' | 'emailVerifiedAt' | 'accountStatus' | 'isBanned' | 'notificationSettings';

/** A column of `users` or of an alias of it, read as the table reads it. */
const read = <V>(column: AnyPgColumn) => sql`${column}`.mapWith(column) as SQL<V>;

/** What deciding and addressing a notification mail reads of a member (`users` or an alias of it). */
export const recipientColumns = (member: Record<RecipientField, AnyPgColumn>) => ({
  name: read<string>(member.name),
  email: read<string>(member.email),
  emailVerifiedAt: read<Date | null>(member.emailVerifiedAt),
  accountStatus: read<string>(member.accountStatus),
  isBanned: read<boolean>(member.isBanned),
  notificationSettings: read<NotificationSettings>(member.notificationSettings),
});
export type Recipient = { name: string; email: string; emailVerifiedAt: Date | null; accountStatus: string; isBanned: boolean; notificationSettings: NotificationSettings };

/**
 * Whether the member gets this kind of mail now (read when the mail is sent, not when it was
 * queued): a verified address, an active account that is not banned, and the switch on (a switch
 * missing from older settings counts as its default).
 */
export const mayMail = (member: Recipient, setting: EmailSetting) =>
  isDiscoverable(member) && (member.notificationSettings.email?.[setting] ?? DEFAULT_NOTIFICATION_SETTINGS.email[setting]);

/** The last lines of every notification mail: where its switch is. */
export const settingsNote = (publicUrl: string) =>
  `You can choose which e-mails Rendezvous sends you under "Email me when" in your profile:\n${publicUrl}/profile`;

/** What a feature's mail job needs besides the database: the mailer and the base of its links. */
export type MailDeps = { mailer: Mailer; publicUrl: string };
