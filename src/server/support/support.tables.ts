import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { FEEDBACK_CATEGORY_VALUES, INVITE_GENDERS, JOB_AVAILABILITY, JOB_POSITIONS } from '#shared/api/support.ts';
import { users } from '../auth/auth.tables.ts';

/** Every message sent through /contact, kept whether or not its mail to support went out. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The member who sent it; kept (as null) if the account is deleted. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

/** Feedback from /feedback; the job category marks it as interest in the careers application. */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    category: text('category', { enum: FEEDBACK_CATEGORY_VALUES }).notNull(),
    message: text('message').notNull(),
    /** 0–5, or null when the member gave none. */
    rating: integer('rating'),
    jobApplication: boolean('job_application').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('feedback_created_idx').on(t.createdAt), check('feedback_rating_range', sql`${t.rating} between 0 and 5`)],
);

/** Applications from /careers/apply, kept on the server (DESIGN.md) and mailed to support. */
export const jobApplications = pgTable(
  'job_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    position: text('position', { enum: JOB_POSITIONS }).notNull(),
    experience: text('experience'),
    whyWork: text('why_work'),
    availability: text('availability', { enum: JOB_AVAILABILITY }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('job_applications_created_idx').on(t.createdAt)],
);

/** Friends a member invited by e-mail: one row per member and address (a second invite is not mailed). */
export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    inviterId: uuid('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    gender: text('gender', { enum: INVITE_GENDERS }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('invites_inviter_email_key').on(t.inviterId, t.email)],
);
