import type { LikedMember, LikesResponse } from '#shared/api/likes.ts';
import { CANNOT_LIKE_YOURSELF } from '#shared/api/likes.ts';
import { HttpError } from '#shared/http-error.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/client.ts';
import { isUuid } from '../platform/ids.ts';
import { isDiscoverable } from '../auth/auth.read.ts';
import { PROFILE_NOT_FOUND, memberSummaries, type ProfilesService } from '../profiles/profiles.service.ts';
import * as repo from './likes.repo.ts';

/** Erasing a removed member (decision 21) is each feature's own part, called by admin in one transaction. */
export { eraseMember } from './likes.repo.ts';

export function createLikesService(deps: { db: Db; clock: Clock; profiles: ProfilesService }) {
  const { db, clock, profiles } = deps;

  async function listed(memberId: string, direction: 'given' | 'received'): Promise<LikedMember[]> {
    const rows = (await repo.likedMembers(db, memberId, direction)).filter(({ user }) => isDiscoverable(user));
    const summaries = await memberSummaries(db, rows.map(({ user }) => user));
    return summaries.map((summary, i) => ({ ...summary, likedAt: rows[i]!.likedAt.toISOString() }));
  }

  return {
    async like(memberId: string, targetId: string): Promise<void> {
      if (memberId === targetId) throw new HttpError(400, CANNOT_LIKE_YOURSELF);
      await profiles.discoverable(targetId, memberId);
      await repo.insertLike(db, memberId, targetId, clock.now());
    },

    async unlike(memberId: string, targetId: string): Promise<void> {
      if (!isUuid(targetId)) throw new HttpError(404, PROFILE_NOT_FOUND);
      await repo.deleteLike(db, memberId, targetId);
    },

    async isLiked(memberId: string, targetId: string): Promise<boolean> {
      if (!isUuid(targetId)) throw new HttpError(404, PROFILE_NOT_FOUND);
      return repo.isLiked(db, memberId, targetId);
    },

    async likes(memberId: string): Promise<LikesResponse> {
      const [given, received] = await Promise.all([listed(memberId, 'given'), listed(memberId, 'received')]);
      return { given, received };
    },
  };
}

export type LikesService = ReturnType<typeof createLikesService>;
