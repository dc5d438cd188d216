import type { Tx } from '../platform/db/client.ts';
import { contactMessages, feedback, jobApplications } from './support.tables.ts';

export async function insertContactMessage(db: Tx, row: typeof contactMessages.$inferInsert): Promise<void> {
  await db.insert(contactMessages).values(row);
}

export async function insertFeedback(db: Tx, row: typeof feedback.$inferInsert): Promise<void> {
  await db.insert(feedback).values(row);
}

export async function insertJobApplication(db: Tx, row: typeof jobApplications.$inferInsert): Promise<void> {
  await db.insert(jobApplications).values(row);
}
