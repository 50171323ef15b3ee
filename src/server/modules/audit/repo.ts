import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';
import type { AuditEntry } from '../../../shared/contracts/common.js';

export type AuditRecord = typeof auditLog.$inferInsert;

/** The audit trail: one row per state change (who, what, when, from → to). */
export function auditRepo(db: Db) {
  return {
    async record(entry: AuditRecord): Promise<void> {
      await db.insert(auditLog).values(entry);
    },
    /** Oldest first, scoped to the society. */
    async history(societyId: number, entity: string, entityId: number): Promise<AuditEntry[]> {
      const rows = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.societyId, societyId), eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
        .orderBy(asc(auditLog.at), asc(auditLog.id));
      return rows.map((r) => ({
        action: r.action,
        actorName: r.actorName,
        fromStage: r.fromStage,
        toStage: r.toStage,
        at: r.at.toISOString(),
      }));
    },
  };
}
