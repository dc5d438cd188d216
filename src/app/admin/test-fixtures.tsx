import type { AdminStats, AdminUser } from '#shared/api/admin.ts';
import type { AdminReport, AdminReportDetail } from '#shared/api/reports.ts';

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

export function adminReport(overrides: Partial<AdminReport> = {}): AdminReport {
  return {
    _id: 'r1',
    reason: 'harassment',
    details: 'He keeps writing after I said no.',
    status: 'open',
    action: null,
    note: null,
    createdAt: '2026-11-20T18:00:00.000Z',
    resolvedAt: null,
    reporter: { _id: 'ann', name: 'Ann', email: 'ann@example.com' },
    reported: { _id: 'ben', name: 'Ben', email: 'ben@example.com', isBanned: false },
    flagged: false,
    ...overrides,
  };
}

export function reportDetail(overrides: Partial<AdminReportDetail> = {}): AdminReportDetail {
  return {
    report: adminReport(),
    profile: { age: 34, city: 'Toronto', bio: 'Coffee first, then a walk.', photos: [{ _id: 'p1', url: '/photos/p1.jpg' }, { _id: 'p2', url: '/photos/p2.jpg' }] },
    dates: [{ _id: 'b1', startsAt: '2026-11-18T23:00:00.000Z', status: 'cancelled', venue: 'Cafe Lumen' }],
    messages: [
      { _id: 'm1', fromReporter: false, content: 'Why did you cancel?', createdAt: '2026-11-19T10:00:00.000Z' },
      { _id: 'm2', fromReporter: true, content: 'Please stop writing to me.', createdAt: '2026-11-19T10:05:00.000Z' },
    ],
    earlierReports: [{ _id: 'r0', reason: 'fake_profile', status: 'resolved', action: 'dismiss', createdAt: '2026-10-01T12:00:00.000Z' }],
    ...overrides,
  };
}
