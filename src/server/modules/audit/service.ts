import type { AuditEntry } from '../../../shared/contracts/common.js';
import type { Db } from '../../db/client.js';
import { auditRepo, type AuditRecord } from './repo.js';

export type { AuditRecord };

/**
 * The audit trail as other modules use it (issue 6: modules reach each other through services).
 * `recordAudit` is called inside the caller's transaction (`tx`), so the state change and its
 * audit row commit together.
 */
export function recordAudit(tx: Db, entry: AuditRecord): Promise<void> {
  return auditRepo(tx).record(entry);
}

/** One entity's history, oldest first, scoped to the society. */
export function auditHistory(db: Db, societyId: number, entity: string, entityId: number): Promise<AuditEntry[]> {
  return auditRepo(db).history(societyId, entity, entityId);
}
