import { NUDGE_ONCE_A_DAY } from '#shared/api/likes.ts';
import { HttpError } from '#shared/http-error.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/client.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import { nudgeMailJob } from './nudges.mails.ts';
import * as repo from './nudges.repo.ts';

/** Erasing a removed member (decision 21) is each feature's own part, called by admin in one transaction. */
export { eraseMember } from './nudges.repo.ts';

export const CANNOT_NUDGE_YOURSELF = 'You cannot nudge yourself';

/** The UTC calendar day of an instant, as the nudge rule counts days. */
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export function createNudgesService(deps: { db: Db; clock: Clock; profiles: ProfilesService }) {
  const { db, clock, profiles } = deps;
  return {
    /**
     * One nudge per sender, recipient and day: the unique index decides, so two at once still make
     * one. The recipient's inbox item and mail job are written in the same transaction.
     */
    async nudge(senderId: string, recipientId: string): Promise<void> {
      if (senderId === recipientId) throw new HttpError(400, CANNOT_NUDGE_YOURSELF);
      const recipient = await profiles.discoverable(recipientId, senderId);
      const sender = await profiles.discoverable(senderId);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const nudgeId = await repo.insertNudge(tx, { senderId, recipientId, day: utcDay(now), createdAt: now });
        if (!nudgeId) throw new HttpError(429, NUDGE_ONCE_A_DAY);
        await createNotification(
          tx,
          {
            userId: recipient.id,
            senderId,
            type: 'nudge',
            title: 'You got a nudge',
            message: `${sender.name} would like to meet you. Add a time you are free so they can book it.`,
            data: { profileId: senderId },
            createdAt: now,
          },
          { write: [nudgeMailJob(nudgeId, now)] },
        );
      });
    },
  };
}

export type NudgesService = ReturnType<typeof createNudgesService>;
