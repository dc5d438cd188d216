import type { Tx } from '../platform/db/client.ts';
import * as repo from './notifications.repo.ts';

export type NewNotification = Omit<repo.NewNotification, 'id' | 'isRead' | 'archivedAt'>;

/** Puts an item in a member's inbox, inside the caller's transaction (so it exists exactly when the change does). */
export function createNotification(tx: Tx, notification: NewNotification): Promise<string> {
  return repo.insertNotification(tx, notification);
}
