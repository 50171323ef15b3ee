import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';
import type { AuditEntry } from '../../../shared/contracts/common.js';

export type AuditRecord = typeof auditLog.$inferInsert;

/**
 * Many audit rows as ONE `INSERT … SELECT`: one row per row of `from`, all by the same actor,
 * with the same action and time; `entityId` is an expression over `from` (e.g. `ins.id`).
 * No stages (`from_stage`, `to_stage` null).
 */
export interface AuditsSelect {
  societyId: number;
  /** The rows audited: a FROM list, e.g. sql`ins`. */
  from: SQL;
  actorKind: AuditRecord['actorKind'];
  actorId: number | null;
  actorName: string;
  entity: string;
  /** The audited row's id (an int expression). */
  entityId: SQL;
  action: string;
  at: Date;
}

/**
 * The statement writing {@link AuditsSelect}'s rows: place it where a statement may stand,
 * typically a data-modifying `WITH` item of the statement making the change, so each change and
 * its audit row commit together.
 */
export function insertAuditsSql(a: AuditsSelect): SQL {
  return sql`insert into audit_log (society_id, actor_kind, actor_id, actor_name, entity, entity_id, action, at)
    select ${a.societyId}::int, ${a.actorKind}::text, ${a.actorId}::int, ${a.actorName}::text, ${a.entity}::text, ${a.entityId}, ${a.action}::text, ${a.at.toISOString()}::timestamptz
    from ${a.from}`;
}

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
