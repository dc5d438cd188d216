import type { AdminStats, AdminUser } from '#shared/api/admin.ts';

/** Test data and helpers for the admin feature's component tests. */

export function adminUser(overrides: Partial<AdminUser> & { name?: string } = {}): AdminUser {
  const { name, ...rest } = overrides;
  return {
    _id: 'user-1',
    email: 'jordan@example.com',
    createdAt: '2026-11-01T00:00:00.000Z',
    profile: { name: name ?? 'Jordan', age: 29, gender: 'female', bio: '', photos: [] },
    reliabilityScore: { current: 720 },
    moderation: { isBanned: false },
    stats: { bookings: { total: 3, confirmed: 1 } },
    accountType: 'individual',
    coupleInfo: null,
    isBiometricVerified: false,
    verificationTier: 'none',
    carTier: 'honda',
    isAdmin: false,
    ...rest,
  };
}

export const STATS: AdminStats = {
  users: { total: 42, recentSignups: 5, banned: 2, active: 40 },
  bookings: { total: 17, confirmed: 9, pending: 4 },
  availability: { totalSlots: 23 },
};
