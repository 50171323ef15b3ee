import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { EventBus } from '../../lib/events.js';
import type { OutboxWorker } from '../outbox/service.js';
import { deadlinesRepo, type Claimed } from './repo.js';

/** Overdue items the deadline job claims per transaction and stage. */
export const DEADLINE_BATCH = 100;

/**
 * The deadline job's step (modelled on the SOS escalation, security/escalation.ts): complaint,
 * grocery and doctor items whose stage deadline fell by `clock.now()` are escalated ONCE each,
 * even with many instances running it at the same moment: the claim is the unique key
 * `desk_overdue (request_id, stage)` written with `on conflict do nothing returning`, and only
 * the instance whose insert returned the row escalates it. Each batch is one transaction
 * across societies (as the tables' owner): the claims, their audit rows and the resident pushes
 * the societies asked for. After it commits, each item is announced as 'deadline.overdue' (the
 * listeners send 'overdue-raised' and the desk's own updated event) and the outbox is poked.
 * A batch that fails rolls back whole and the error is thrown; the next run picks it up.
 * @returns a function running one pass over both stages, resolving to how many items it escalated
 */
export function deadlineJob(deps: { db: Db; bus: EventBus; clock: Clock; outbox: OutboxWorker; batchSize?: number }) {
  const { db, bus, clock } = deps;
  const batchSize = deps.batchSize ?? DEADLINE_BATCH;

  function runBatch(stage: Claimed['stage']): Promise<Claimed[]> {
    return db.transaction(async (tx) => {
      const at = clock.now();
      const repo = deadlinesRepo(tx);
      const rows = await repo.claimDue(stage, at, batchSize);
      for (const societyId of new Set(rows.map((r) => r.societyId))) {
        await repo.recordEscalations(
          societyId,
          rows.filter((r) => r.societyId === societyId).map((r) => r.id),
          at,
        );
      }
      return rows;
    });
  }

  return async function escalateOverdue(): Promise<number> {
    let total = 0;
    for (const stage of ['new', 'processing'] as const) {
      // Until a batch claims nothing: a batch cut short because another instance claimed some
      // of its rows first must not end this instance's pass while due items remain.
      for (;;) {
        const rows = await runBatch(stage);
        for (const r of rows) {
          bus.emit('deadline.overdue', {
            societyId: r.societyId,
            overdue: { desk: r.desk, stage: r.stage, requestId: r.requestId, residentName: r.residentName, since: r.escalatedAt.toISOString() },
          });
        }
        total += rows.length;
        if (rows.length === 0) break;
      }
    }
    if (total > 0) void deps.outbox.poke();
    return total;
  };
}
