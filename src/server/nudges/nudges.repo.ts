import type { Tx } from '../platform/db/client.ts';
import { nudges } from './nudges.tables.ts';

/** Records the nudge unless this sender already nudged this recipient that day; true when recorded. */
export async function insertNudge(db: Tx, values: typeof nudges.$inferInsert): Promise<boolean> {
  const rows = await db.insert(nudges).values(values).onConflictDoNothing().returning({ id: nudges.id });
  return rows.length > 0;
}
