import { eq, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.read.ts';
import { recipientColumns } from '../notifications/notifications.read.ts';
import type { Tx } from '../platform/db/client.ts';
import { nudges } from './nudges.tables.ts';

/** Records the nudge unless this sender already nudged this recipient that day; its id when recorded. */
export async function insertNudge(db: Tx, values: typeof nudges.$inferInsert): Promise<string | undefined> {
  const [row] = await db.insert(nudges).values(values).onConflictDoNothing().returning({ id: nudges.id });
  return row?.id;
}

const sender = alias(users, 'nudge_sender');
const recipient = alias(users, 'nudge_recipient');

/** A nudge's two members as its mail is written from them (nudges.mails `nudgeMail`), in one read. */
export async function mailFactsOf(db: Tx, nudgeId: string) {
  const [row] = await db
    .select({ senderId: nudges.senderId, sender: recipientColumns(sender), recipient: recipientColumns(recipient) })
    .from(nudges)
    .innerJoin(sender, eq(sender.id, nudges.senderId))
    .innerJoin(recipient, eq(recipient.id, nudges.recipientId))
    .where(eq(nudges.id, nudgeId));
  return row;
}

/** A removed member's nudges, sent and received. */
export async function eraseMember(tx: Tx, userId: string): Promise<void> {
  await tx.delete(nudges).where(or(eq(nudges.senderId, userId), eq(nudges.recipientId, userId)));
}
