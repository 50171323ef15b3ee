/**
 * At most `running` reports computed at once on this instance, `waiting` more queued in order;
 * beyond that a report is refused (429), so a burst of report requests cannot hold every pooled
 * connection (or, embedded, the one main lane) while alarms and lists wait.
 */
import { TooManyRequestsError } from '../../lib/errors.js';
import { MSG, tryAgainIn } from '../../../shared/messages.js';

/** Seconds a refused caller is told to wait (a report takes well under a second). */
const RETRY_AFTER_S = 2;

export function reportGate(running = 2, waiting = 8) {
  let active = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else active--;
  };
  return {
    /**
     * Runs `work` when a place is free. @throws TooManyRequestsError (429, Retry-After 2 s) when
     * `running` reports run and `waiting` wait already.
     */
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (active >= running) {
        if (queue.length >= waiting) throw new TooManyRequestsError(tryAgainIn(MSG.reportBusy, RETRY_AFTER_S), RETRY_AFTER_S);
        // The releasing caller hands its place over: `active` stays the same.
        await new Promise<void>((resolve) => queue.push(resolve));
      } else active++;
      try {
        return await work();
      } finally {
        release();
      }
    },
    /** Reports running and waiting now (tests). */
    load: () => ({ active, waiting: queue.length }),
  };
}
export type ReportGate = ReturnType<typeof reportGate>;
