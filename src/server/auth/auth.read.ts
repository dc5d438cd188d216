import { discoverableWhere, takesPartWhere, users } from './auth.tables.ts';

/**
 * The member row as other features may use it in their own queries: to join and read, never to
 * write (auth's service does that). A column that changes is changed here and in auth alone.
 */
export { users };
export type MemberRow = typeof users.$inferSelect;

/**
 * What browse compares other members with (their rules, the shared interests, the distance from
 * home): auth keeps it with the member's session, as migration 0025's trigger tells every
 * instance when one of these columns changes.
 */
export type MemberFacts = Pick<MemberRow, 'id' | 'age' | 'gender' | 'accountType' | 'interests' | 'city' | 'country' | 'longitude' | 'latitude'>;
export const factsOfRow = ({ id, age, gender, accountType, interests, city, country, longitude, latitude }: MemberRow): MemberFacts => ({
  id,
  age,
  gender,
  accountType,
  interests,
  city,
  country,
  longitude,
  latitude,
});

/** Rows read with raw SQL carry the status as plain text. */
type Status = { accountStatus: string; isBanned: boolean };

/** Still takes part (may book, chat, be booked and mailed): active, not banned. */
export const takesPart = (member: Status) => member.accountStatus === 'active' && !member.isBanned;
export const takesPartSql = takesPartWhere(users);

/** Others can find them: verified and taking part. */
export const isDiscoverable = (member: Status & Pick<MemberRow, 'emailVerifiedAt'>) => member.emailVerifiedAt !== null && takesPart(member);
export const discoverableSql = discoverableWhere(users);
