import type { SecurityAlert } from '../../../shared/contracts/security.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { EventBus } from '../../lib/events.js';
import { recordAudit } from '../audit/service.js';
import { deskRepo } from '../../desk/repo.js';
import { alarmRepo } from './alarm-repo.js';
import { toSecurityAlerts } from './definition.js';

/** Alarms the escalation job marks per transaction. */
export const ESCALATE_BATCH = 100;

/**
 * The escalation job's step: alarms unacknowledged `afterS` seconds after
 * their first press are marked escalated, in batches of `batchSize`. Each batch is one
 * transaction — the marks, their audit rows and the alarms as announced are written and read
 * together — and its 'alarm.escalated' events go out after it commits. A batch that fails rolls
 * back whole (none of its alarms is marked) and the error is thrown; earlier batches stay done,
 * and the next run picks the rest up. Cutoff and escalation time come from `clock`.
 */
export function escalation(deps: { db: Db; bus: EventBus; clock: Clock; batchSize: number }) {
  const { db, bus, clock } = deps;

  /** One batch. @returns how many alarms it marked and what to announce. */
  function runBatch(afterS: number, batchSize: number) {
    return db.transaction(async (tx) => {
      const at = clock.now();
      const rows = await alarmRepo(tx).escalateBatch(new Date(at.getTime() - afterS * 1000), at, batchSize);
      for (const r of rows) {
        await recordAudit(tx, {
          societyId: r.societyId,
          actorKind: 'system',
          actorId: null,
          actorName: 'Escalation',
          entity: 'security',
          entityId: r.id,
          action: 'escalate',
          fromStage: null,
          toStage: null,
          at,
        });
      }
      const announce: { societyId: number; residentId: number; item: SecurityAlert }[] = [];
      for (const societyId of new Set(rows.map((r) => r.societyId))) {
        const ids = rows.filter((r) => r.societyId === societyId).map((r) => r.id);
        const found = await deskRepo(tx, 'security').getMany(societyId, ids);
        // toSecurityAlerts keeps the rows' order: item i is found[i]'s.
        (await toSecurityAlerts(tx, found)).forEach((item, i) => announce.push({ societyId, residentId: found[i]!.resident.id, item }));
      }
      return { marked: rows.length, announce };
    });
  }

  /**
   * @param afterS seconds an alarm may stay unacknowledged (ESCALATE_AFTER_S)
   * @param batchSize alarms per transaction (default the service's, normally ESCALATE_BATCH)
   * @returns how many alarms this run escalated; throws if a batch failed (after earlier ones committed)
   */
  return async function escalateDue(afterS: number, batchSize = deps.batchSize): Promise<number> {
    let total = 0;
    for (;;) {
      const { marked, announce } = await runBatch(afterS, batchSize);
      for (const e of announce) bus.emit('alarm.escalated', e);
      total += marked;
      if (marked < batchSize) return total;
    }
  };
}
