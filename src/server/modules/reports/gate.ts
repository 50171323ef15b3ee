/**
 * At most `running` reports computed at once on this instance, `waiting` more queued in order;
 * beyond that a report is refused (429), so a burst of report requests cannot queue without end.
 * The same gate with `waiting` infinite caps the connections the reports' figures hold
 * (service.ts), so lists and sign-ins always find one.
 */
import { TooManyRequestsError } from '../../lib/errors.js';
import { MSG, tryAgainIn } from '../../../shared/messages.js';

/** Seconds a refused caller is told to wait (a report takes well under a second). */
const RETRY_AFTER_S = 2;

/**
 * A gate of `running` places and a queue of `waiting` (see the file's note).
 * @returns `run(work)`, which waits for a place or throws TooManyRequestsError, and `load()`
 */
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
