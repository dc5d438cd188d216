import { z } from 'zod';

export { adminPaths } from './admin.paths.ts';

/** Admin page size (account-and-admin §9: 10, and the server answers the limit it used). */
export const ADMIN_PAGE_SIZE = 10;
export const ADMIN_PAGE_SIZE_MAX = 50;
export const BAN_REASON_MAX = 500;
export const ADMIN_SEARCH_MAX = 100;
/** Signups are counted over this many days (account-and-admin §9: 'per week'). */
export const RECENT_SIGNUP_DAYS = 7;

export const ADMIN_ERRORS = {
  notFound: 'User not found',
  reasonRequired: 'A reason is required to ban a member',
  notYourself: 'You cannot ban or delete your own account',
} as const;

export const ADMIN_ACTIONS = [
  'ban',
  'unban',
  'delete',
  'restaurant_create',
  'restaurant_update',
  'restaurant_activate',
  'restaurant_deactivate',
  'restaurant_delete',
  'report_dismiss',
  'warn',
  'photo_remove',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];
export const AUDIT_TARGET_KINDS = ['user', 'restaurant'] as const;
export type AuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number];

const positiveInt = (label: string, max?: number) =>
  z.coerce
    .number({ error: `${label} must be a whole number` })
    .int({ error: `${label} must be a whole number` })
    .min(1, { error: `${label} must be at least 1` })
    .max(max ?? 1_000_000, { error: `${label} must be at most ${max ?? 1_000_000}` });

export const AdminUsersQuerySchema = z.object({
  page: positiveInt('page').default(1),
  limit: positiveInt('limit', ADMIN_PAGE_SIZE_MAX).default(ADMIN_PAGE_SIZE),
  search: z
    .string()
    .max(ADMIN_SEARCH_MAX, { error: `search must be at most ${ADMIN_SEARCH_MAX} characters` })
    .transform((value) => value.trim())
    .default(''),
});
export type AdminUsersQuery = z.input<typeof AdminUsersQuerySchema>;

/** The admin user record (account-and-admin §3). */
export const AdminUserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  profile: z.object({
    name: z.string(),
    age: z.number().nullable(),
    gender: z.string(),
    bio: z.string(),
    photos: z.array(z.object({ url: z.string() })),
  }),
  reliabilityScore: z.object({ current: z.number() }),
  moderation: z.object({ isBanned: z.boolean() }),
  stats: z.object({ bookings: z.object({ total: z.number(), confirmed: z.number() }) }),
  accountType: z.enum(['individual', 'couple']),
  coupleInfo: z.object({ partnerName: z.string() }).nullable(),
  isBiometricVerified: z.boolean(),
  verificationTier: z.string(),
  carTier: z.string(),
  isAdmin: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const PaginationSchema = z.object({ page: z.number(), limit: z.number(), pages: z.number(), total: z.number() });
export type Pagination = z.infer<typeof PaginationSchema>;

export const AdminUsersResponseSchema = z.object({ users: z.array(AdminUserSchema), pagination: PaginationSchema });
export type AdminUsersResponse = z.infer<typeof AdminUsersResponseSchema>;

export const AdminStatsSchema = z.object({
  users: z.object({ total: z.number(), recentSignups: z.number(), banned: z.number(), active: z.number() }),
  bookings: z.object({ total: z.number(), confirmed: z.number(), pending: z.number() }),
  availability: z.object({ totalSlots: z.number() }),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;
export const AdminStatsResponseSchema = z.object({ stats: AdminStatsSchema });

export const BanBodySchema = z
  .object({
    banned: z.boolean({ error: 'banned must be true or false' }),
    reason: z
      .string({ error: 'reason must be text' })
      .max(BAN_REASON_MAX, { error: `reason must be at most ${BAN_REASON_MAX} characters` })
      .transform((value) => value.trim())
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.banned && !body.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: ADMIN_ERRORS.reasonRequired });
  });
export type BanBody = z.input<typeof BanBodySchema>;

export const AdminUserResponseSchema = z.object({ user: AdminUserSchema });
export const AdminDeleteResponseSchema = z.object({ success: z.literal(true) });

export const AuditEntrySchema = z.object({
  _id: z.string(),
  action: z.enum(ADMIN_ACTIONS),
  admin: z.object({ _id: z.string().nullable(), email: z.string() }),
  /** A member (by id and e-mail as they were) or a restaurant (by id and name as it was). */
  target: z.object({ _id: z.string(), kind: z.enum(AUDIT_TARGET_KINDS), email: z.string().nullable(), name: z.string().nullable() }),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditLogQuerySchema = z.object({
  userId: z.uuid({ error: 'userId must be a member id' }).optional(),
  restaurantId: z.uuid({ error: 'restaurantId must be a restaurant id' }).optional(),
});
export const AuditLogResponseSchema = z.object({ entries: z.array(AuditEntrySchema) });
/** The most entries the audit log call answers with (newest first). */
export const AUDIT_LOG_LIMIT = 100;
