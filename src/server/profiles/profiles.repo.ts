import { eq } from 'drizzle-orm';
import type { NotificationSettings } from '#shared/domain/profile.ts';
import { users } from '../auth/auth.tables.ts';
import type { Tx } from '../platform/db/client.ts';

export type UserRow = typeof users.$inferSelect;

export async function findMember(db: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function updateProfile(db: Tx, id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row!;
}

export async function setNotificationSettings(db: Tx, id: string, settings: NotificationSettings): Promise<void> {
  await db.update(users).set({ notificationSettings: settings }).where(eq(users.id, id));
}
