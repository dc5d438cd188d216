import { and, desc, eq, or, sql } from 'drizzle-orm';
import { users } from '../auth/auth.read.ts';
import { notBlockedWith } from '../blocks/blocks.read.ts';
import type { Tx } from '../platform/db/client.ts';
import { preparedPerDb } from '../platform/db/prepared.ts';
import { likes } from './likes.tables.ts';

export async function insertLike(db: Tx, likerId: string, likedId: string, at: Date): Promise<void> {
  await db.insert(likes).values({ likerId, likedId, createdAt: at }).onConflictDoNothing();
}

export async function deleteLike(db: Tx, likerId: string, likedId: string): Promise<void> {
  await db.delete(likes).where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId)));
}

// A member page's like button asks it at every visit: prepared once, then only executed.
const isLikedStatement = preparedPerDb((db) =>
  db
    .select({ at: likes.createdAt })
    .from(likes)
    .where(and(eq(likes.likerId, sql.placeholder('likerId')), eq(likes.likedId, sql.placeholder('likedId'))))
    .limit(1)
    .prepare('likes_is_liked'),
);
export async function isLiked(db: Tx, likerId: string, likedId: string): Promise<boolean> {
  const rows = await isLikedStatement(db).execute({ likerId, likedId });
  return rows.length > 0;
}

/** Members the member liked, or who liked the member, newest first, with when. */
export async function likedMembers(db: Tx, memberId: string, direction: 'given' | 'received') {
  const [self, other] = direction === 'given' ? [likes.likerId, likes.likedId] : [likes.likedId, likes.likerId];
  return db
    .select({ user: users, likedAt: likes.createdAt })
    .from(likes)
    .innerJoin(users, eq(users.id, other))
    .where(and(eq(self, memberId), notBlockedWith(other, memberId)))
    .orderBy(desc(likes.createdAt));
}

/** A removed member's likes, given and received. */
export async function eraseMember(tx: Tx, userId: string): Promise<void> {
  await tx.delete(likes).where(or(eq(likes.likerId, userId), eq(likes.likedId, userId)));
}
