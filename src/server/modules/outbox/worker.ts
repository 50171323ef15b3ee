import type { FastifyBaseLogger } from 'fastify';
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
 * Drains the outbox: every `pollMs`, and at once when poked (after an enqueue). At-least-once:
 * a row is marked sent only after the transport returns; a crash in between re-sends it.
 */
export function outboxWorker(repo: OutboxRepo, transport: PushTransport, log: FastifyBaseLogger, pollMs: number) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

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

  /** Runs drains back to back until nothing is due; concurrent pokes coalesce. */
  function poke(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          while ((await drainOnce()) > 0);
        } while (again);
      } catch (err) {
        log.error({ err }, 'outbox drain failed');
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  return {
    poke,
    start() {
      timer ??= setInterval(() => void poke(), pollMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
export type OutboxWorker = ReturnType<typeof outboxWorker>;
