import type { z } from 'zod';
import {
  ADMIN_ERRORS,
  AUDIT_LOG_LIMIT,
  RECENT_SIGNUP_DAYS,
  type AdminAction,
  type AdminStats,
  type AdminUser,
  type AdminUsersQuerySchema,
  type AdminUsersResponse,
  type AuditEntry,
  type BanBodySchema,
} from '#shared/api/admin.ts';
import {
  REPORT_MESSAGES_SHOWN,
  REPORT_TEXTS,
  type AdminReportDetail,
  type AdminReportsResponse,
  type ReportAction,
  type ReportStatus,
  type ResolveReportBodySchema,
} from '#shared/api/reports.ts';
import { HttpError } from '#shared/http-error.ts';
import * as auth from '../auth/auth.service.ts';
import * as availability from '../availability/availability.service.ts';
import * as biometric from '../biometric/biometric.service.ts';
import * as blocks from '../blocks/blocks.service.ts';
import * as calendar from '../calendar/calendar.service.ts';
import { bookingCountsOf, bookingTotals, datesBetween, endBookingsOfRemovedMember } from '../bookings/bookings.service.ts';
import * as chat from '../chat/chat.service.ts';
import * as likes from '../likes/likes.service.ts';
import * as notifications from '../notifications/notifications.service.ts';
import * as nudges from '../nudges/nudges.service.ts';
import type { Member } from '../platform/auth.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { pgErrorCode } from '../platform/db/pg-errors.ts';
import { forgetIdempotencyKeys } from '../platform/idempotency/idempotency.ts';
import { isUuid } from '../platform/ids.ts';
import { announce } from '../platform/realtime/announce.ts';
import * as profilePhotos from '../profiles/photos.service.ts';
import { photosOfMembers } from '../profiles/profiles.service.ts';
import * as push from '../push/push.service.ts';
import * as reports from '../reports/reports.service.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import * as score from '../score/score.service.ts';
import { endMembershipOfRemovedMember } from '../subscriptions/subscriptions.service.ts';
import * as repo from './admin.repo.ts';
import { DAY_MS } from '#shared/domain/durations.ts';

type UsersQuery = z.output<typeof AdminUsersQuerySchema>;
type BanInput = z.output<typeof BanBodySchema>;
type UserRow = auth.UserRow;

/** Deadlock or serialization failure: PostgreSQL rolled the transaction back, and running it again is safe. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

/**
 * Everything of a removed member's that another member could reach, gone, each feature erasing its
 * own part: sessions and mailed links, push devices, photos (their file keys are returned for
 * removal once committed), likes, blocks and nudges either way, messages either way, their inbox and the
 * items they sent, their score entries, passkeys, and their open slots (slots with bookings stay,
 * removed, for the other party's history). The row itself stays as an anonymous placeholder.
 */
async function eraseMember(tx: Tx, userId: string, now: Date): Promise<string[]> {
  await auth.eraseMember(tx, userId);
  await forgetIdempotencyKeys(tx, userId);
  await push.eraseMember(tx, userId);
  const photoKeys = await profilePhotos.eraseMember(tx, userId);
  await likes.eraseMember(tx, userId);
  await reports.eraseMember(tx, userId);
  await calendar.eraseMember(tx, userId);
  await blocks.eraseMember(tx, userId);
  await nudges.eraseMember(tx, userId);
  await chat.eraseMember(tx, userId);
  await notifications.eraseMember(tx, userId);
  await score.eraseMember(tx, userId);
  await biometric.eraseMember(tx, userId);
  await availability.eraseMember(tx, userId, now);
  await auth.anonymise(tx, userId);
  return photoKeys;
}

/**
 * Bans or unbans a member, in an admin action's transaction. A ban ends every session at once (open
 * apps sign out), even of a member banned already. The changed row, or null when it was so already.
 */
async function applyBan(tx: Tx, target: UserRow, banned: boolean, now: Date): Promise<UserRow | null> {
  if (banned) {
    await auth.revokeAllSessions(tx, target.id, now);
    await announce(tx, [target.id], { type: 'sessionsEnded' });
  }
  return target.isBanned === banned ? null : auth.setBanned(tx, target.id, banned);
}

/** How each way of resolving a report reads in the audit log. */
const AUDIT_ACTION_OF: Record<ReportAction, AdminAction> = { dismiss: 'report_dismiss', warn: 'warn', remove_photo: 'photo_remove', ban: 'ban' };
const NOT_THEIR_PHOTO = "That photo is not one of this member's";

export type AdminDeps = {
  db: Db;
  clock: Clock;
  adminEmails: Set<string>;
  /** Removes stored photo files once their rows are gone (the photos feature owns the storage). */
  removePhotoFiles: (keys: string[]) => Promise<void>;
};

export function createAdminService(deps: AdminDeps) {
  const { db, clock, adminEmails } = deps;

  function toAdminUser(row: UserRow, counts: { total: number; confirmed: number }, photos: { url: string }[]): AdminUser {
    return {
      _id: row.id,
      email: row.email,
      createdAt: row.createdAt.toISOString(),
      profile: { name: row.name, age: row.age, gender: row.gender, bio: row.bio, photos: photos.map((photo) => ({ url: photo.url })) },
      reliabilityScore: { current: row.score },
      moderation: { isBanned: row.isBanned },
      stats: { bookings: counts },
      accountType: row.accountType,
      coupleInfo: row.accountType === 'couple' && row.partnerName ? { partnerName: row.partnerName } : null,
      isBiometricVerified: row.isBiometricVerified,
      verificationTier: row.verificationTier,
      carTier: row.carTier,
      isAdmin: row.isAdmin || adminEmails.has(row.email),
    };
  }

  async function recordOf(row: UserRow): Promise<AdminUser> {
    const [counts, photos] = await Promise.all([bookingCountsOf(db, [row.id]), photosOfMembers(db, [row.id])]);
    return toAdminUser(row, counts.get(row.id)!, photos.get(row.id) ?? []);
  }

  /**
   * Runs one admin action on a member: the member's row is locked first (two actions on one member
   * queue up; the second sees what the first left), the action and its audit entry commit together.
   * A deadlock with a member's own booking change is retried.
   */
  async function act<T>(admin: Member, targetId: string, action: AdminAction, run: (tx: Tx, target: UserRow, now: Date) => Promise<{ result: T; reason: string | null } | { result: T; unchanged: true }>): Promise<T> {
    if (!isUuid(targetId)) throw new HttpError(404, ADMIN_ERRORS.notFound);
    if (targetId.toLowerCase() === admin.id) throw new HttpError(400, ADMIN_ERRORS.notYourself, [{ field: 'id', message: ADMIN_ERRORS.notYourself }]);
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await db.transaction(async (tx) => {
          const target = await auth.lockMember(tx, targetId);
          if (!target) throw new HttpError(404, ADMIN_ERRORS.notFound);
          const now = clock.now();
          const done = await run(tx, target, now);
          if (!('unchanged' in done)) {
            await repo.insertAudit(tx, {
              adminId: admin.id,
              adminEmail: admin.email,
              action,
              targetKind: 'user',
              targetId: target.id,
              targetEmail: target.email,
              reason: done.reason,
              createdAt: now,
            });
          }
          return done.result;
        });
      } catch (error) {
        if (attempt < ATTEMPTS && RETRYABLE.has(pgErrorCode(error) ?? '')) continue;
        throw error;
      }
    }
  }

  return {
    async stats(): Promise<AdminStats> {
      const now = clock.now();
      const [people, dates, openSlots] = await Promise.all([
        auth.memberCounts(db, new Date(now.getTime() - RECENT_SIGNUP_DAYS * DAY_MS)),
        bookingTotals(db),
        availability.openSlotCount(db, now),
      ]);
      return {
        users: { total: people.total, recentSignups: people.recentSignups, banned: people.banned, active: people.total - people.banned },
        bookings: { total: dates.total, confirmed: dates.confirmed, pending: dates.pending },
        availability: { totalSlots: openSlots },
      };
    },

    async users(query: UsersQuery): Promise<AdminUsersResponse> {
      const { rows, total } = await auth.searchMembers(db, query);
      const ids = rows.map((row) => row.id);
      const [counts, photos] = await Promise.all([bookingCountsOf(db, ids), photosOfMembers(db, ids)]);
      return {
        users: rows.map((row) => toAdminUser(row, counts.get(row.id)!, photos.get(row.id) ?? [])),
        pagination: { page: query.page, limit: query.limit, pages: Math.ceil(total / query.limit), total },
      };
    },

    /** Ban (a reason is required; every session ends at once) or unban (no reason needed). */
    async setBanned(admin: Member, targetId: string, body: BanInput): Promise<AdminUser> {
      const row = await act(admin, targetId, body.banned ? 'ban' : 'unban', async (tx, target, now) => {
        const changed = await applyBan(tx, target, body.banned, now);
        return changed ? { result: changed, reason: body.reason || null } : { result: target, unchanged: true as const };
      });
      return recordOf(row);
    },

    /**
     * Removes a member (decision 21): their upcoming dates end and the other parties are
     * told, everything of theirs others could reach is erased, and the row stays only as an
     * anonymous 'deleted' placeholder. Photo files go once the transaction has committed.
     */
    async remove(admin: Member, targetId: string): Promise<void> {
      const keys = await act(admin, targetId, 'delete', async (tx, target, now) => {
        await endBookingsOfRemovedMember(tx, target.id, now);
        await endMembershipOfRemovedMember(tx, target.id, now);
        const photoKeys = await eraseMember(tx, target.id, now);
        await announce(tx, [target.id], { type: 'sessionsEnded' });
        return { result: photoKeys, reason: null };
      });
      await deps.removePhotoFiles(keys);
    },

    reports: (status: ReportStatus | 'all'): Promise<AdminReportsResponse> => reports.reportQueue(db, status, clock.now()),

    /** One report with what a moderator needs beside it: the reported member's profile and photos, between the two only their dates and messages, and the reports about the member made before it. */
    async report(reportId: string): Promise<AdminReportDetail> {
      const row = isUuid(reportId) ? await reports.findReport(db, reportId) : undefined;
      if (!row) throw new HttpError(404, REPORT_TEXTS.notFound);
      const { reporterId, reportedId } = row.report;
      const [flagged, profile, photos, dates, messages, earlier] = await Promise.all([
        reports.flaggedSince(db, clock.now()),
        reports.profileOf(db, reportedId),
        photosOfMembers(db, [reportedId]),
        reporterId ? datesBetween(db, reporterId, reportedId, 20) : [],
        reporterId ? chat.messagesBetween(db, reporterId, reportedId, REPORT_MESSAGES_SHOWN) : [],
        reports.earlierReportsAbout(db, row.report),
      ]);
      return {
        report: reports.toAdminReport(row, flagged),
        profile: { age: profile?.age ?? null, city: profile?.city ?? null, bio: profile?.bio ?? '', photos: (photos.get(reportedId) ?? []).map(({ _id, url }) => ({ _id, url })) },
        dates: dates.map((date) => ({ _id: date.id, startsAt: date.startsAt.toISOString(), status: date.status, venue: date.venue })),
        messages: messages.map((message) => ({ _id: message.id, fromReporter: message.senderId === reporterId, content: message.content, createdAt: message.createdAt.toISOString() })),
        earlierReports: earlier.map((before) => ({ _id: before.id, reason: before.reason, status: before.status, action: before.action, createdAt: before.createdAt.toISOString() })),
      };
    },

    /**
     * Resolves an open report with one action on the reported member, recorded in the audit log
     * with the admin and the note, in one transaction: dismiss; warn (an inbox item and a mail);
     * remove one of their photos (its file goes once committed); ban (every session ends).
     */
    async resolveReport(admin: Member, reportId: string, body: z.output<typeof ResolveReportBodySchema>) {
      const found = isUuid(reportId) ? await reports.findReport(db, reportId) : undefined;
      if (!found) throw new HttpError(404, REPORT_TEXTS.notFound);
      let removedKey: string | undefined;
      await act(admin, found.report.reportedId, AUDIT_ACTION_OF[body.action], async (tx, target, now) => {
        const report = await reports.lockReport(tx, reportId);
        if (report?.status !== 'open') throw new HttpError(409, REPORT_TEXTS.alreadyResolved);
        if (body.action === 'warn') {
          await createNotification(
            tx,
            { userId: target.id, senderId: null, type: 'safety', title: reports.WARNING_TITLE, message: reports.WARNING_MESSAGE, data: {}, createdAt: now },
            { write: [reports.reportWarningJob(reportId, now)] },
          );
        }
        if (body.action === 'remove_photo') {
          removedKey = isUuid(body.photoId!) ? await profilePhotos.deleteOwnPhoto(tx, target.id, { id: body.photoId!.toLowerCase() }) : undefined;
          if (!removedKey) throw new HttpError(400, NOT_THEIR_PHOTO, [{ field: 'photoId', message: NOT_THEIR_PHOTO }]);
        }
        if (body.action === 'ban') await applyBan(tx, target, true, now);
        await reports.markResolved(tx, reportId, { action: body.action, note: body.note, resolvedBy: admin.id, resolvedAt: now });
        return { result: undefined, reason: body.note };
      });
      if (removedKey) await deps.removePhotoFiles([removedKey]);
      const flagged = await reports.flaggedSince(db, clock.now());
      return { report: reports.toAdminReport((await reports.findReport(db, reportId))!, flagged) };
    },

    async auditLog(targetId: string | undefined): Promise<AuditEntry[]> {
      const rows = await repo.auditEntries(db, { targetId, limit: AUDIT_LOG_LIMIT });
      return rows.map((row) => ({
        _id: row.id,
        action: row.action,
        admin: { _id: row.adminId, email: row.adminEmail },
        target: { _id: row.targetId, kind: row.targetKind, email: row.targetEmail, name: row.targetName },
        reason: row.reason,
        createdAt: row.createdAt.toISOString(),
      }));
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
