import { pathWithId } from './path-with-id.ts';

export const reportsPaths = {
  reports: '/reports',
  adminReports: '/admin/reports',
  adminReport: pathWithId('/admin/reports'),
  resolve: pathWithId('/admin/reports', '/resolve'),
} as const;

export const REPORT_REASONS = ['fake_profile', 'inappropriate_photos', 'harassment', 'unsafe_or_no_show', 'underage', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  fake_profile: 'Fake profile',
  inappropriate_photos: 'Inappropriate photos',
  harassment: 'Harassment or abusive messages',
  unsafe_or_no_show: 'Did not show up or unsafe behaviour at a date',
  underage: 'Appears under 18',
  other: 'Other',
};
export const REPORT_ACTIONS = ['dismiss', 'warn', 'remove_photo', 'ban'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_DETAILS_MAX = 1000;
/** A moderator's note on resolving a report (it goes to the audit log). */
export const REPORT_NOTE_MAX = 1000;
/** Reports one member may send in 24 hours: a fixed window that opens with their first report once the last window has ended, not a calendar day. */
export const REPORTS_PER_DAY = 5;
/** A member reported by this many different members within FLAG_WINDOW_DAYS is flagged at the top of the queue. */
export const FLAG_REPORTERS = 3;
export const FLAG_WINDOW_DAYS = 7;

export const REPORT_TEXTS = {
  thanks: 'Thanks, our team will review this',
  notYourself: 'You cannot report yourself',
  alreadyOpen: 'You have already reported this member; our team is reviewing it',
  perDay: `You can send at most ${REPORTS_PER_DAY} reports a day`,
  notFound: 'Report not found',
  alreadyResolved: 'This report has already been resolved',
  photoRequired: 'Choose the photo to remove',
  noteRequired: 'A note is required',
} as const;
