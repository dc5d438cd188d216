import type { z } from 'zod';
import type { User } from '#shared/api/auth.ts';
import type { MemberSummary, ProfileUpdateBodySchema } from '#shared/api/profiles.ts';
import type { NotificationSettings } from '#shared/domain/profile.ts';
import { HttpError } from '#shared/http-error.ts';
import { isDiscoverable, type MemberRow } from '../auth/auth.read.ts';
import { blockedBetween } from '../blocks/blocks.read.ts';
import { baseProfileOf, coupleInfoOf, findUserById, setNotificationSettings, updateMember } from '../auth/auth.service.ts';
import { NO_DATE_STATS, dateStatsByMember, type DateStats } from '../bookings/bookings.read.ts';
import { resolveLocation, timeZoneAt } from '../geo/geo.service.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { isUuid } from '../platform/ids.ts';
import { listPhotos, photosByMember, type Photo } from './photos.repo.ts';
import type { SummaryRow } from './profiles.read.ts';

export type UserRow = MemberRow;
type ProfileUpdate = z.output<typeof ProfileUpdateBodySchema>;

export const PROFILE_NOT_FOUND = 'Profile not found';

export type { SummaryRow, DateStats };

/** What one member may see of another; `stats` from their date counters (bookings.read's dateStatsRowOf). */
export function toMemberSummary(row: SummaryRow, photos: Photo[], stats: DateStats = NO_DATE_STATS): MemberSummary {
  return {
    _id: row.id,
    accountType: row.accountType,
    profile: { ...baseProfileOf(row, photos), location: { city: row.city, country: row.country } },
    coupleInfo: coupleInfoOf(row),
    reliabilityScore: { current: row.score, stats },
    verificationTier: row.verificationTier,
    isBiometricVerified: row.isBiometricVerified,
    isPhotoVerified: row.isPhotoVerified,
    carTier: row.carTier,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Photos of many members in one query, oldest first per member. */
export const photosOfMembers = (db: Tx, ids: string[]) => photosByMember(db, ids);

/** Summaries of many members with their photos and stats, in the rows' order (one query each, whatever the count). */
export async function memberSummaries(db: Tx, rows: SummaryRow[]): Promise<MemberSummary[]> {
  const ids = [...new Set(rows.map((row) => row.id))];
  const [photos, stats] = await Promise.all([photosByMember(db, ids), dateStatsByMember(db, ids)]);
  return rows.map((row) => toMemberSummary(row, photos.get(row.id) ?? [], stats.get(row.id)));
}

/** Members others can find: verified e-mail, not banned, active. */

export function createProfilesService(deps: {
  db: Db;
  ownView: (row: UserRow) => Promise<User>;
  /** The member's row changed: auth forgets what this instance kept of them. */
  changed: (memberId: string) => void;
}) {
  const { db } = deps;
  return {
    photosOf: (userId: string) => listPhotos(db, userId),

    async update(memberId: string, input: ProfileUpdate): Promise<User> {
      const { profile } = input;
      const place = resolveLocation(profile.location, 'profile.location.city');
      const row = await updateMember(db, memberId, {
        name: profile.name,
        bio: profile.bio,
        interests: profile.interests,
        city: place.city,
        country: place.country,
        longitude: place.coordinates[0],
        latitude: place.coordinates[1],
        timeZone: timeZoneAt(place.coordinates),
        prefDateTypes: profile.preferences.dateTypes,
        prefGenders: profile.preferences.genderPreferences,
        prefAgeMin: profile.preferences.ageRange.min,
        prefAgeMax: profile.preferences.ageRange.max,
        prefDistanceKm: profile.preferences.distance,
        prefAccountTypes: profile.preferences.accountTypes,
      });
      deps.changed(memberId);
      return deps.ownView(row);
    },

    async setNotificationSettings(memberId: string, settings: NotificationSettings): Promise<NotificationSettings> {
      await setNotificationSettings(db, memberId, settings);
      return settings;
    },

    /**
     * A member another member may reach: banned, unverified or closed accounts are not found, nor
     * (given the viewer) one with a block between the two, either way.
     */
    async discoverable(id: string, viewerId?: string): Promise<UserRow> {
      const row = isUuid(id) ? await findUserById(db, id) : undefined;
      if (!row || !isDiscoverable(row) || (viewerId !== undefined && (await blockedBetween(db, viewerId, id)))) throw new HttpError(404, PROFILE_NOT_FOUND);
      return row;
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
