import { desc, eq } from 'drizzle-orm';
import type { AdminAction, AuditTargetKind } from '#shared/api/admin.ts';
import type { Tx } from '../platform/db/client.ts';
import { adminAuditLog } from './admin.tables.ts';

export type AuditRow = typeof adminAuditLog.$inferSelect;

export async function insertAudit(
  tx: Tx,
  entry: {
    adminId: string;
    adminEmail: string;
    action: AdminAction;
    targetKind: AuditTargetKind;
    targetId: string;
    targetEmail: string | null;
    targetName?: string | null;
    reason: string | null;
    createdAt: Date;
  },
): Promise<void> {
  await tx.insert(adminAuditLog).values(entry);
}

export async function auditEntries(db: Tx, filter: { targetId?: string; limit: number }): Promise<AuditRow[]> {
  return db
    .select()
    .from(adminAuditLog)
    .where(filter.targetId ? eq(adminAuditLog.targetId, filter.targetId) : undefined)
    .orderBy(desc(adminAuditLog.seq))
    .limit(filter.limit);
}
