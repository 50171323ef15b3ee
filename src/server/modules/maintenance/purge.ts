import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { KEY_TTL_MS } from '../../plugins/idempotency.js';
import type { MaintenanceRepo } from './repo.js';

/** How many rows of each kind one purge run deleted. */
export interface PurgeCounts {
  outbox: number;
  staffSessions: number;
  residentSessions: number;
  /** Shared sign-in throttle rows older than the window (none on the embedded database). */
  loginAttempts: number;
  /** Rate-limit rows whose window has ended (none on the embedded database, which counts in memory). */
  rateLimits: number;
  /** Idempotency keys and their stored answers older than 24 h (plugins/idempotency.ts). */
  idempotencyKeys: number;
}

const DAY_MS = 86_400_000;

/**
 * The purge job's work: deletes sent outbox rows sent more than
 * `retentionDays` ago (`OUTBOX_RETENTION_DAYS`) and staff and resident sessions that have expired,
 * in batches of `batchSize` rows (default 500) until none is left. Times come from `clock`.
 * Failed outbox rows are kept for inspection. With `loginWindowMs` (the sign-in throttle's window,
 * LOGIN_WINDOW_S) it also deletes shared throttle rows older than that window. Rate-limit
 * rows whose window has ended go too, and idempotency keys older than 24 h (KEY_TTL_MS).
 */
export function purgeService(deps: {
  repo: MaintenanceRepo;
  clock: Clock;
  retentionDays: number;
  log: FastifyBaseLogger;
  batchSize?: number;
  loginWindowMs?: number;
}) {
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
        loginAttempts:
          deps.loginWindowMs === undefined ? 0 : await drain((limit) => repo.deleteLoginAttemptsBefore(new Date(now.getTime() - deps.loginWindowMs!), limit)),
        rateLimits: await drain((limit) => repo.deleteEndedRateLimits(now, limit)),
        idempotencyKeys: await drain((limit) => repo.deleteIdempotencyKeysBefore(new Date(now.getTime() - KEY_TTL_MS), limit)),
      };
      if (Object.values(counts).some((n) => n > 0)) log.info({ purged: counts }, 'purged old rows');
      return counts;
    },
  };
}
export type PurgeService = ReturnType<typeof purgeService>;
