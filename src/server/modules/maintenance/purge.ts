import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import type { MaintenanceRepo } from './repo.js';

/** How many rows of each kind one purge run deleted. */
export interface PurgeCounts {
  outbox: number;
  staffSessions: number;
  residentSessions: number;
}

const DAY_MS = 86_400_000;

/**
 * The purge job's work (issue 6 finding 12): deletes sent outbox rows sent more than
 * `retentionDays` ago (`OUTBOX_RETENTION_DAYS`) and staff and resident sessions that have expired,
 * in batches of `batchSize` rows (default 500) until none is left. Times come from `clock`.
 * Failed outbox rows are kept for inspection.
 */
export function purgeService(deps: { repo: MaintenanceRepo; clock: Clock; retentionDays: number; log: FastifyBaseLogger; batchSize?: number }) {
  const { repo, clock, log } = deps;
  const batchSize = deps.batchSize ?? 500;

  async function drain(deleteBatch: (limit: number) => Promise<number>): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await deleteBatch(batchSize);
      total += n;
      if (n < batchSize) return total;
    }
  }

  return {
    /** One purge run. @returns the counts deleted. */
    async purgeOnce(): Promise<PurgeCounts> {
      const now = clock.now();
      const cutoff = new Date(now.getTime() - deps.retentionDays * DAY_MS);
      const counts: PurgeCounts = {
        outbox: await drain((limit) => repo.deleteSentOutboxBefore(cutoff, limit)),
        staffSessions: await drain((limit) => repo.deleteExpiredStaffSessions(now, limit)),
        residentSessions: await drain((limit) => repo.deleteExpiredResidentSessions(now, limit)),
      };
      if (counts.outbox + counts.staffSessions + counts.residentSessions > 0) log.info({ purged: counts }, 'purged old rows');
      return counts;
    },
  };
}
export type PurgeService = ReturnType<typeof purgeService>;
