import type { SQL } from 'drizzle-orm';
import type { AuditFilters, AuditQuery, AuditRow } from '../../../shared/contracts/audit.js';
import type { AuditEntry, ListResponse } from '../../../shared/contracts/common.js';
import { inSociety } from '../../db/society-scope.js';
import type { Db } from '../../db/client.js';
import type { StaffContext } from '../../lib/caller-context.js';
import { societyTimeZone } from '../../lib/society-time-zone.js';
import { auditRepo, insertAuditsSql, type AuditRecord, type AuditsSelect } from './repo.js';

export type { AuditRecord, AuditsSelect };

/**
 * The audit trail as other modules use it (modules reach each other through services).
 * `recordAudit` is called inside the caller's transaction (`tx`), so the state change and its
 * audit row commit together.
 */
export function recordAudit(tx: Db, entry: AuditRecord): Promise<void> {
  return auditRepo(tx).record(entry);
}

/** The actor fields of an audit row for a staff member's change in their own society. */
export function staffActor(staff: StaffContext): Pick<AuditRecord, 'societyId' | 'actorKind' | 'actorId' | 'actorName'> {
  return { societyId: staff.societyId, actorKind: 'staff', actorId: staff.id, actorName: staff.name };
}

/**
 * Many audit rows in one statement, for a change made to many rows at once (a bill import): the
 * `INSERT … SELECT` writing one row per row of `select.from`, as an SQL statement to place in
 * the caller's statement (a `WITH` item), so each change and its audit row commit together.
 */
export function recordAuditsSql(select: AuditsSelect): SQL {
  return insertAuditsSql(select);
}

/** One entity's history, oldest first, scoped to the society. */
export function auditHistory(db: Db, societyId: number, entity: string, entityId: number): Promise<AuditEntry[]> {
  return auditRepo(db).history(societyId, entity, entityId);
}

/**
 * /Audit (module 'audit', super-admin): the society's audit log, newest first, 10 a page, with
 * its filters; everything inside the super-admin's society (`inSociety`).
 */
export function auditLogService({ db }: { db: Db }) {
  return {
    /** GET /api/audit: one page; the day range is read in the society's time zone. */
    async page(staff: StaffContext, query: AuditQuery): Promise<ListResponse<AuditRow>> {
      return inSociety(db, staff.societyId, async (tx) => {
        const repo = auditRepo(tx);
        return repo.page(staff.societyId, await societyTimeZone(tx, staff.societyId), query, query);
      });
    },
    /** GET /api/audit/filters: the staff members and actions to filter by. */
    filters(staff: StaffContext): Promise<AuditFilters> {
      return inSociety(db, staff.societyId, (tx) => auditRepo(tx).filterChoices(staff.societyId));
    },
  };
}
export type AuditLogService = ReturnType<typeof auditLogService>;
