import { z } from 'zod';

export { supportPaths } from './support.paths.ts';

export const REQUIRED_FIELDS = 'Please fill in all required fields';
export const INVALID_EMAIL = 'Please enter a valid email address';

/** The spec's caps (account-and-admin §5): name 100, email 255 (as registration's), subject 200, message 10–5000. */
export const CONTACT_LIMITS = { name: 100, email: 255, subject: 200, messageMin: 10, messageMax: 5000 } as const;
export const DEFAULT_CONTACT_SUBJECT = 'Contact Form Inquiry';
export const CONTACT_SENT = "Message sent successfully! We'll get back to you soon.";

/** A required text: blank (after trimming) gives `missing`. */
const required = (missing: string, max: number, tooLong: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, tooLong);

/** An e-mail address someone types into a form (kept as typed, apart from surrounding spaces). */
export const requiredEmail = (missing: string) =>
  required(missing, CONTACT_LIMITS.email, `Email must be at most ${CONTACT_LIMITS.email} characters`).pipe(z.email(INVALID_EMAIL));

export const ContactBodySchema = z.object({
  name: required(REQUIRED_FIELDS, CONTACT_LIMITS.name, `Name must be at most ${CONTACT_LIMITS.name} characters`),
  email: requiredEmail(REQUIRED_FIELDS),
  subject: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.subject, `Subject must be at most ${CONTACT_LIMITS.subject} characters`)
    .optional()
    .transform((subject) => subject || DEFAULT_CONTACT_SUBJECT),
  message: z
    .string({ error: REQUIRED_FIELDS })
    .trim()
    .min(1, REQUIRED_FIELDS)
    .min(CONTACT_LIMITS.messageMin, `Message must be at least ${CONTACT_LIMITS.messageMin} characters long`)
    .max(CONTACT_LIMITS.messageMax, `Message must be less than ${CONTACT_LIMITS.messageMax} characters`),
  /** The honeypot: a field people never see. Filled in, the message is accepted and dropped. */
  website: z.string().max(2000).optional(),
});
export type ContactBody = z.input<typeof ContactBodySchema>;
export type ContactInput = z.output<typeof ContactBodySchema>;

export const SupportResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type SupportResponse = z.infer<typeof SupportResponseSchema>;
export const FeedbackResponseSchema = SupportResponseSchema.extend({ jobApplication: z.boolean() });

export const FEEDBACK_CATEGORY_VALUES = ['general', 'feature', 'bug', 'ui', 'job'] as const;
export const FEEDBACK_CATEGORIES = z.enum(FEEDBACK_CATEGORY_VALUES);
export type FeedbackCategory = z.infer<typeof FEEDBACK_CATEGORIES>;
export const FEEDBACK_CATEGORY_LABELS: Record<FeedbackCategory, string> = {
  general: 'General feedback',
  feature: 'Feature request',
  bug: 'Bug report',
  ui: 'Design and ease of use',
  job: 'I would like to work with you',
};
export const FEEDBACK_MESSAGE_MAX = 5000;
export const FEEDBACK_SENT = 'Thank you for your feedback!';
export const FEEDBACK_FAILED = 'Failed to submit feedback. Please try again.';

export const FeedbackBodySchema = z.object({
  category: z.enum(FEEDBACK_CATEGORIES.options, { error: 'Please choose a category' }),
  message: required('Please enter your feedback', FEEDBACK_MESSAGE_MAX, `Feedback must be less than ${FEEDBACK_MESSAGE_MAX} characters`),
  rating: z
    .number({ error: 'Rating must be a whole number from 0 to 5' })
    .int('Rating must be a whole number from 0 to 5')
    .min(0, 'Rating must be a whole number from 0 to 5')
    .max(5, 'Rating must be a whole number from 0 to 5')
    .nullable()
    .optional()
    .transform((rating) => rating ?? null),
  /** Sent by the client as the spec's payload has it; the server sets it from the category. */
  jobApplication: z.boolean().optional(),
});
export type FeedbackBody = z.input<typeof FeedbackBodySchema>;
export type FeedbackInput = z.output<typeof FeedbackBodySchema>;

export const JOB_POSITIONS = ['Content Moderator', 'Other'] as const;
export const JOB_AVAILABILITY = ['immediately', '1-2weeks', '1month', 'flexible'] as const;
export const JOB_AVAILABILITY_LABELS: Record<(typeof JOB_AVAILABILITY)[number], string> = {
  immediately: 'Immediately',
  '1-2weeks': 'In 1–2 weeks',
  '1month': 'In a month',
  flexible: 'Flexible',
};
export const JOB_TEXT_MAX = 2000;
export const JOB_PHONE_MAX = 30;
export const APPLICATION_SENT = 'Thank you for applying! We will be in touch by e-mail.';
export const APPLICATION_FAILED = 'Failed to submit your application. Please try again.';

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

/** The careers application (account-and-admin §3 "Job application"), kept on the server (DESIGN.md). */
export const JobApplicationBodySchema = z.object({
  name: required('Please enter your name', CONTACT_LIMITS.name, `Name must be at most ${CONTACT_LIMITS.name} characters`),
  email: requiredEmail('Please enter your email address'),
  phone: optionalText(JOB_PHONE_MAX, 'Phone').refine((phone) => phone === null || /^[+()\d\s.-]{7,}$/.test(phone), 'Please enter a valid phone number'),
  position: z.enum(JOB_POSITIONS, { error: 'Please choose a position' }),
  experience: optionalText(JOB_TEXT_MAX, 'Experience'),
  whyWork: optionalText(JOB_TEXT_MAX, 'This answer'),
  availability: z.enum(JOB_AVAILABILITY, { error: 'Please choose when you could start' }),
  feedbackSubmitted: z.literal(true, { error: 'Please confirm that you have submitted feedback about Rendezvous' }),
});
export type JobApplicationBody = z.input<typeof JobApplicationBodySchema>;
export type JobApplicationInput = z.output<typeof JobApplicationBodySchema>;

/** The six invite rows (account-and-admin §9): four for women, then two for men. */
export const INVITE_SLOTS = ['female', 'female', 'female', 'female', 'male', 'male'] as const;
export const INVITE_GENDERS = ['female', 'male'] as const;
export type InviteGender = (typeof INVITE_GENDERS)[number];
export const NO_VALID_INVITE = 'Please enter at least one valid email address';
export const INVALID_INVITE = 'Please check all email addresses are valid';
export const TOO_MANY_INVITES = 'You can invite at most 4 women and 2 men at a time';
export const INVITES_SENT = "Invites sent! You'll earn credit when friends subscribe.";
export const INVITES_FAILED = 'Failed to send invites';

const emailFormat = z.email();

/**
 * The spec's payload: every row, with its `sent` flag. Rows already sent are ignored; of the pending
 * ones, blank rows are skipped, any other invalid address fails ('Please check all…'), and at least
 * one valid address is needed. The output is the pending addresses to invite, lower-cased, once each.
 */
export const SendInvitesBodySchema = z
  .object({
    invites: z
      .array(
        z.object({
          email: z.string({ error: INVALID_INVITE }).trim().max(CONTACT_LIMITS.email, INVALID_INVITE).default(''),
          gender: z.enum(INVITE_GENDERS, { error: 'Gender must be female or male' }),
          sent: z.boolean().default(false),
        }),
        { error: NO_VALID_INVITE },
      )
      .max(INVITE_SLOTS.length, TOO_MANY_INVITES),
  })
  .superRefine(({ invites }, ctx) => {
    const count = (gender: InviteGender) => invites.filter((row) => row.gender === gender).length;
    if (count('female') > 4 || count('male') > 2) ctx.addIssue({ code: 'custom', path: ['invites'], message: TOO_MANY_INVITES });
    let valid = 0;
    let invalid = 0;
    invites.forEach((row, i) => {
      if (row.sent || row.email === '') return;
      if (emailFormat.safeParse(row.email).success) valid += 1;
      else {
        invalid += 1;
        ctx.addIssue({ code: 'custom', path: ['invites', i, 'email'], message: INVALID_INVITE });
      }
    });
    if (valid === 0 && invalid === 0) ctx.addIssue({ code: 'custom', path: ['invites'], message: NO_VALID_INVITE });
  })
  .transform(({ invites }) => {
    const seen = new Set<string>();
    const pending: { email: string; gender: InviteGender }[] = [];
    for (const row of invites) {
      const email = row.email.toLowerCase();
      if (row.sent || email === '' || seen.has(email)) continue;
      seen.add(email);
      pending.push({ email, gender: row.gender });
    }
    return pending;
  });
export type InviteRow = z.input<typeof SendInvitesBodySchema>['invites'][number];

export const SendInvitesResponseSchema = z.object({ success: z.boolean(), message: z.string(), sent: z.array(z.string()) });

/**
 * Referral points (account-and-admin §6, §9), granted to the referrer when an invited friend
 * subscribes: by the friend's gender, doubled when the referrer's membership is not the basic
 * (free) one, up to the maximum bonus.
 */
export const REFERRAL_POINTS = { female: 25, male: 15 } as const;
export const REFERRAL_MAX_BONUS = 190;
export function referralPoints(friendGender: string, paidReferrer: boolean): { points: number; max: number } {
  const factor = paidReferrer ? 2 : 1;
  return { points: (friendGender === 'female' ? REFERRAL_POINTS.female : REFERRAL_POINTS.male) * factor, max: REFERRAL_MAX_BONUS * factor };
}
