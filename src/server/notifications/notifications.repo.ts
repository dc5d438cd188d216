import type { Tx } from '../platform/db/client.ts';
import { notifications } from './notifications.tables.ts';

export type NewNotification = typeof notifications.$inferInsert;

export async function insertNotification(db: Tx, values: NewNotification): Promise<string> {
  const [row] = await db.insert(notifications).values(values).returning({ id: notifications.id });
  return row!.id;
}
