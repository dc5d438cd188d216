import { BLOCK_TEXTS } from '#shared/api/blocks.paths.ts';
import type { BlockedMember } from '#shared/api/blocks.ts';
import { photoUrl } from '#shared/api/profiles.ts';
import { HttpError } from '#shared/http-error.ts';
import { endBookingsOfBlock } from '../bookings/bookings.service.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { isUuid } from '../platform/ids.ts';
import { announce } from '../platform/realtime/announce.ts';
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
    if (!isUuid(otherId) || !(await repo.memberExists(tx, otherId))) throw new HttpError(404, MEMBER_NOT_FOUND);
  }

  /**
   * Blocks `otherId` for `memberId`, in `tx` when a report blocks too. A new block ends what is
   * still ahead between the two in the same transaction: pending requests, and confirmed dates
   * that have not begun (no penalty; the other party is told only that the date is cancelled).
   * Blocking again changes nothing.
   */
  async function block(memberId: string, otherId: string, tx?: Tx): Promise<void> {
    const work = async (tx: Tx) => {
      await requireOther(tx, memberId, otherId);
      const now = clock.now();
      if (!(await repo.insertBlock(tx, memberId, otherId, now))) return;
      await endBookingsOfBlock(tx, memberId, otherId, now);
      await announce(tx, [memberId, otherId], { type: 'chatAccessChanged' });
    };
    await (tx ? work(tx) : db.transaction(work));
    forgetChatAccess([memberId, otherId]);
  }

  return {
    block,

    /** Lifts the block: each can see the other again; what the block cancelled stays cancelled. */
    async unblock(memberId: string, otherId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await requireOther(tx, memberId, otherId);
        await repo.deleteBlock(tx, memberId, otherId);
        await announce(tx, [memberId, otherId], { type: 'chatAccessChanged' });
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
