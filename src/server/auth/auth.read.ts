import { discoverableWhere, takesPartWhere, users } from './auth.tables.ts';

/**
 * The member row as other features may use it in their own queries: to join and read, never to
 * write (auth's service does that). A column that changes is changed here and in auth alone.
 */
export { users };
export type MemberRow = typeof users.$inferSelect;

/** Rows read with raw SQL carry the status as plain text. */
type Status = { accountStatus: string; isBanned: boolean };

/** Still takes part (may book, chat, be booked and mailed): active, not banned. */
export const takesPart = (member: Status) => member.accountStatus === 'active' && !member.isBanned;
export const takesPartSql = takesPartWhere(users);

/** Others can find them: verified and taking part. */
export const isDiscoverable = (member: Status & Pick<MemberRow, 'emailVerifiedAt'>) => member.emailVerifiedAt !== null && takesPart(member);
export const discoverableSql = discoverableWhere(users);
