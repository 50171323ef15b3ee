import { and, asc, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deskRequests } from '../../db/schema.js';

/** Alarm-only queries on the shared desk table (acknowledgement and escalation). */
export function alarmRepo(db: Db) {
  const alarm = (societyId: number) => and(eq(deskRequests.desk, 'security'), eq(deskRequests.societyId, societyId));
  return {
    /** Ids of the society's unacknowledged alarms, oldest first (at most `limit`). */
    async unacknowledgedIds(societyId: number, escalatedOnly: boolean, limit = 200): Promise<number[]> {
      const rows = await db
        .select({ id: deskRequests.id })
        .from(deskRequests)
        .where(and(alarm(societyId), isNull(deskRequests.acknowledgedAt), escalatedOnly ? isNotNull(deskRequests.escalatedAt) : undefined))
        .orderBy(asc(deskRequests.createdAt), asc(deskRequests.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },
    /** Records the acknowledgement if none is recorded yet. @returns true if this call recorded it. */
    async acknowledge(societyId: number, id: number, staffId: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(deskRequests)
        .set({ acknowledgedAt: at, acknowledgedBy: staffId })
        .where(and(alarm(societyId), eq(deskRequests.id, id), isNull(deskRequests.acknowledgedAt)))
        .returning({ id: deskRequests.id });
      return rows.length === 1;
    },
    /**
     * Marks every alarm (all societies) pressed before `cutoff`, still unacknowledged and not yet
     * escalated, as escalated now. @returns the escalated rows' ids and societies.
     */
    async escalateDue(cutoff: Date): Promise<{ id: number; societyId: number }[]> {
      return db
        .update(deskRequests)
        .set({ escalatedAt: new Date() })
        .where(
          and(
            eq(deskRequests.desk, 'security'),
            isNull(deskRequests.acknowledgedAt),
            isNull(deskRequests.escalatedAt),
            lt(deskRequests.createdAt, cutoff),
          ),
        )
        .returning({ id: deskRequests.id, societyId: deskRequests.societyId });
    },
  };
}
