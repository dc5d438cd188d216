import { bigint, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.tables.ts';

/**
 * The registration challenge a member was last given (decision 35): one per member (a new
 * one replaces it), single use (deleted by the verification that reads it), 60 s.
 */
export const biometricChallenges = pgTable('biometric_challenges', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** base64url of the 32 random bytes, as the browser echoes it in clientDataJSON. */
  challenge: text('challenge').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Platform credentials whose attestation the server verified: kept to check the member again later. */
export const biometricCredentials = pgTable(
  'biometric_credentials',
  {
    /** The credential id (base64url), unique across members. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The signature counter (a uint32). */
    counter: bigint('counter', { mode: 'number' }).notNull(),
    transports: text('transports').array().notNull(),
    deviceType: text('device_type', { enum: ['singleDevice', 'multiDevice'] }).notNull(),
    backedUp: boolean('backed_up').notNull(),
    aaguid: text('aaguid').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('biometric_credentials_user_idx').on(t.userId)],
);
