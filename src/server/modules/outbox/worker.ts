import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { intervalJob } from '../../lib/interval-job.js';
import type { OutboxRepo, PushPayload } from './repo.js';

/** Delivers one push. A later issue adds a real push service; until then a logging transport. */
export interface PushTransport {
  send(payload: PushPayload): Promise<void>;
}

/** Logs each push instead of sending it (no push service is configured yet). */
export function logTransport(log: FastifyBaseLogger): PushTransport {
  return {
    async send(p) {
      log.info({ push: { to: p.to, residentId: p.residentId, title: p.title, body: p.body } }, 'push (log transport)');
    },
  };
}

/**
 * Rows are sent one after another, so a whole claim must fit in its lease: with 20 rows and a
 * 60 s lease each send has 3 s on average. A transport that can be slower than
 * `leaseMs / batchSize` needs its own timeout (or a smaller batch); a row whose lease has passed is
 * not sent by this worker but left to the next claim.
 */
export const OUTBOX_DEFAULTS = { batchSize: 20, leaseMs: 60_000, maxAttempts: 8 };

/**
 * Drains the outbox: every `pollMs`, and at once when poked (after an enqueue), on the shared
 * interval job (no overlapping drains; a poke during a drain runs one more). At-least-once: a row
 * is marked sent only after the transport returns, and only while this worker's lease still holds
 * it; a crash in between re-sends it. `poke()` resolves when the drain it asked for is done.
 */
export function outboxWorker(deps: {
  repo: OutboxRepo;
  transport: PushTransport;
  log: FastifyBaseLogger;
  clock: Clock;
  pollMs: number;
  options?: Partial<typeof OUTBOX_DEFAULTS>;
}) {
  const { repo, transport, log, clock } = deps;
  const { batchSize, leaseMs, maxAttempts } = { ...OUTBOX_DEFAULTS, ...deps.options };

  async function drainOnce(): Promise<number> {
    const rows = await repo.claimDue(batchSize, leaseMs);
    for (const row of rows) {
      if (clock.now() >= row.availableAt) {
        log.warn({ outboxId: row.id }, 'outbox lease passed before sending; left to the next claim');
        continue;
      }
      let failure: string | undefined;
      try {
        await transport.send(row.payload as PushPayload);
      } catch (err) {
        failure = String(err);
        log.warn({ err, outboxId: row.id }, 'push delivery failed; will retry');
      }
      const held = failure === undefined ? await repo.markSent(row) : await repo.markFailed(row, failure, maxAttempts);
      if (!held) log.warn({ outboxId: row.id }, 'outbox lease lost during the send; the row belongs to another claim now');
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
  );
  return { poke: job.runOnce, start: job.start, stop: job.stop };
}
export type OutboxWorker = ReturnType<typeof outboxWorker>;
