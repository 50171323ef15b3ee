import type { FastifyBaseLogger } from 'fastify';
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

const MAX_ATTEMPTS = 8;

/**
 * Drains the outbox: every `pollMs`, and at once when poked (after an enqueue), on the shared
 * interval job (no overlapping drains; a poke during a drain runs one more). At-least-once: a row
 * is marked sent only after the transport returns; a crash in between re-sends it.
 */
export function outboxWorker(repo: OutboxRepo, transport: PushTransport, log: FastifyBaseLogger, pollMs: number) {
  async function drainOnce(): Promise<number> {
    const rows = await repo.claimDue(50, 60_000);
    for (const row of rows) {
      try {
        await transport.send(row.payload as PushPayload);
        await repo.markSent(row.id);
      } catch (err) {
        log.warn({ err, outboxId: row.id }, 'push delivery failed; will retry');
        await repo.markFailed(row, String(err), MAX_ATTEMPTS);
      }
    }
    return rows.length;
  }

  const job = intervalJob('outbox', pollMs, async () => {
    while ((await drainOnce()) > 0);
  }, log);
  return { poke: job.runOnce, start: job.start, stop: job.stop };
}
export type OutboxWorker = ReturnType<typeof outboxWorker>;
