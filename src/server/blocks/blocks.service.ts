import { sql } from 'drizzle-orm';
import { BLOCK_TEXTS } from '#shared/api/blocks.paths.ts';
import type { BlockedMember } from '#shared/api/blocks.ts';
import { photoUrl } from '#shared/api/profiles.ts';
import { HttpError } from '#shared/http-error.ts';
import { findUserById } from '../auth/auth.service.ts';
import { chatPartnersSql } from '../bookings/bookings.read.ts';
import { endBookingsOfBlock } from '../bookings/bookings.service.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { isUuid } from '../platform/ids.ts';
import { announce } from '../platform/realtime/announce.ts';
import { announcePresenceBetween } from '../platform/realtime/presence.ts';
import * as repo from './blocks.repo.ts';

export { eraseMember } from './blocks.repo.ts';

const MEMBER_NOT_FOUND = 'User not found';

export function createBlocksService(deps: {
  db: Db;
  clock: Clock;
  /** Realtime's: this instance's sockets forget whether the two may chat (typing stops at once). */
  forgetChatAccess: (memberIds: string[]) => void;
}) {
  const { db, clock, forgetChatAccess } = deps;

  async function requireOther(tx: Tx, memberId: string, otherId: string) {
    if (memberId === otherId) throw new HttpError(400, BLOCK_TEXTS.notYourself);
    if (!isUuid(otherId) || !(await findUserById(tx, otherId))) throw new HttpError(404, MEMBER_NOT_FOUND);
  }

  /**
   * Blocks `otherId` for `memberId`, in `tx` when a report blocks too. A new block ends what is
   * still ahead between the two in the same transaction: pending requests, and confirmed dates
   * that have not begun (no penalty; the other party is told only that the date is cancelled).
   * The pair's lock keeps a booking request between the two from slipping in beside it.
   * Blocking again changes nothing.
   */
  async function block(memberId: string, otherMember: string, tx?: Tx): Promise<void> {
    const otherId = otherMember.toLowerCase();
    const work = async (tx: Tx) => {
      await requireOther(tx, memberId, otherId);
      await repo.lockPair(tx, memberId, otherId);
      const now = clock.now();
      if (!(await repo.insertBlock(tx, memberId, otherId, now))) return;
      await endBookingsOfBlock(tx, memberId, otherId, now);
      await announce(tx, [memberId, otherId], { type: 'chatAccessChanged' });
      // Open sockets stop showing the other as online (presence goes to partners only from now on).
      await announcePresenceBetween(tx, memberId, otherId, 'userOffline');
    };
    await (tx ? work(tx) : db.transaction(work));
    // In a report's transaction this runs before the commit: harmless. Forgetting only makes the
    // sockets ask again; an answer read before the commit is forgotten once more when the commit
    // delivers the announcement (and a report rolled back changed nothing to forget).
    forgetChatAccess([memberId, otherId]);
  }

  return {
    block,

    /** Lifts the block: each can see the other again; what the block cancelled stays cancelled. */
    async unblock(memberId: string, otherMember: string): Promise<void> {
      const otherId = otherMember.toLowerCase();
      await db.transaction(async (tx) => {
        await requireOther(tx, memberId, otherId);
        await repo.deleteBlock(tx, memberId, otherId);
        await announce(tx, [memberId, otherId], { type: 'chatAccessChanged' });
        // Partners again (an agreed date, and no block left the other way): open sockets show the other online.
        await announcePresenceBetween(tx, memberId, otherId, 'userOnline', chatPartnersSql(sql`${memberId}::uuid`, sql`${otherId}::uuid`));
      });
      forgetChatAccess([memberId, otherId]);
    },

    async blocked(memberId: string): Promise<BlockedMember[]> {
      const rows = await repo.blockedBy(db, memberId);
      return rows.map((row) => ({
        _id: row.id,
        firstName: row.name.split(' ')[0] ?? row.name,
        photo: row.photoKey === null ? null : photoUrl(row.photoKey),
        blockedAt: row.blockedAt.toISOString(),
      }));
    },
  };
}

export type BlocksService = ReturnType<typeof createBlocksService>;
