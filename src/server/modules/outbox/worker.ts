import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { intervalJob, type JobMetrics } from '../../lib/interval-job.js';
import { deliver, type PushOutcome, type PushTransport } from './push-contract.js';
import type { OutboxRepo, OutboxRow, PushPayload } from './repo.js';

export { logTransport, type PushOutcome, type PushTransport } from './push-contract.js';

/**
 * Rows are sent one after another, so a whole claim must fit in its lease: with 20 rows and a
 * 60 s lease each send has 3 s on average. A transport that can be slower than
 * `leaseMs / batchSize` needs its own timeout (or a smaller batch); a row whose lease has passed is
 * not sent by this worker but left to the next claim.
 */
export const OUTBOX_DEFAULTS = { batchSize: 20, leaseMs: 60_000, maxAttempts: 8 };

/** Where the worker reports its drains (as a job) and each failure it records (the metrics module). */
export interface OutboxMetrics extends JobMetrics {
  /** `retry`: the row waits for another attempt; `dead`: the row is failed for good. */
  pushFailed(outcome: 'retry' | 'dead'): void;
}

/**
 * Drains the outbox: every `pollMs`, and at once when poked (after an enqueue), on the shared
 * interval job (no overlapping drains; a poke during a drain runs one more). At-least-once: a row
 * is marked sent only after the transport returns, and only while this worker's lease still holds
 * it; a crash in between re-sends it. The transport's outcome decides the rest (`PushOutcome`):
 * retry after back-off or Retry-After, or fail at once (clearing an unregistered device token, or
 * removing a Web Push subscription that is gone). Each row is one target (see `PushPayload`).
 * `poke()` resolves when the drain it asked for is done.
 */
export function outboxWorker(deps: {
  repo: OutboxRepo;
  transport: PushTransport;
  log: FastifyBaseLogger;
  clock: Clock;
  pollMs: number;
  options?: Partial<typeof OUTBOX_DEFAULTS>;
  metrics?: OutboxMetrics;
  /** Removes a Web Push subscription its push service called gone (404/410); a row's `payload.webPush`. */
  forgetWebPush?: (subscriptionId: number) => Promise<unknown>;
}) {
  const { repo, transport, log, clock, metrics } = deps;
  const { batchSize, leaseMs, maxAttempts } = { ...OUTBOX_DEFAULTS, ...deps.options };

  /** Records `outcome` for the claimed `row`. @returns false if the claim was lost meanwhile. */
  async function settle(row: OutboxRow, outcome: PushOutcome): Promise<boolean> {
    switch (outcome.status) {
      case 'sent':
        return repo.markSent(row);
      case 'retry':
        log.warn({ outboxId: row.id, error: outcome.error, retryAfterMs: outcome.retryAfterMs }, 'push delivery failed; will retry');
        return repo.markFailed(row, outcome.error, maxAttempts, outcome.retryAfterMs);
      case 'unregistered': {
        const { to, residentId, webPush } = row.payload as PushPayload;
        if (webPush !== undefined) {
          await deps.forgetWebPush?.(webPush);
          log.info({ outboxId: row.id, residentId, webPush, error: outcome.error }, 'web push subscription gone or refused; removed, push not retried');
        } else {
          if (to !== null) await repo.clearPushToken(residentId, to);
          log.info({ outboxId: row.id, residentId }, 'device token unregistered; cleared, push not retried');
        }
        return repo.markUndeliverable(row, outcome.error);
      }
      case 'rejected':
        log.warn({ outboxId: row.id, error: outcome.error }, 'push cannot be delivered; not retried');
        return repo.markUndeliverable(row, outcome.error);
    }
  }

  async function drainOnce(): Promise<number> {
    const rows = await repo.claimDue(batchSize, leaseMs);
    for (const row of rows) {
      if (clock.now() >= row.availableAt) {
        log.warn({ outboxId: row.id }, 'outbox lease passed before sending; left to the next claim');
        continue;
      }
      const outcome = await deliver(transport, row.payload as PushPayload);
      const recorded = await settle(row, outcome);
      // Counted only when this claim wrote it down (a lost claim's outcome belongs to nobody); a
      // retry after the last attempt is failed for good (markFailed).
      if (recorded && outcome.status !== 'sent') metrics?.pushFailed(outcome.status === 'retry' && row.attempts < maxAttempts ? 'retry' : 'dead');
      if (!recorded) log.warn({ outboxId: row.id }, 'outbox lease lost during the send; the row belongs to another claim now');
    }
    return rows.length;
  }

  const job = intervalJob(
    'outbox',
    deps.pollMs,
    async () => {
      // A full batch may mean more is due; a short one means the outbox is drained.
      while ((await drainOnce()) === batchSize);
    },
    log,
    metrics,
  );
  return { poke: job.runOnce, start: job.start, stop: job.stop };
}
export type OutboxWorker = ReturnType<typeof outboxWorker>;
