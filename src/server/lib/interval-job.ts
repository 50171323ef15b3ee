import { isDatabaseUnavailable } from '../db/unavailable.js';

/** The logger a job reports failures to (Fastify's logger fits). */
export interface JobLog {
  error(obj: object, msg: string): void;
  /** Pauses and resumes (database outages); falls back to `error` when absent. */
  warn?(obj: object, msg: string): void;
}

/** Where a job reports each run (the metrics module: runs and failures by job name). */
export interface JobMetrics {
  jobRan(job: string, ok: boolean): void;
}

/**
 * Runs `work` every `everyMs`, never two runs at once; errors are logged, never thrown.
 * While the database is away (a run fails with an error {@link isDatabaseUnavailable} accepts) the
 * job is paused: it logs that once, and each later tick only tries again, silently, until a run
 * succeeds, which it logs as resumed. So an outage costs one failed attempt a tick, not a log line
 * a tick, and the job picks its work up by itself when the database is back. `paused()` tells.
 * `runOnce()` asks for a run now (tests, start-up, or a poke after new work was queued): if a run
 * is already going, one more run follows it, and the returned promise settles after that one —
 * so whatever was queued before the call has been seen when it resolves. A run that throws is
 * logged and does not cancel the run asked for during it. Each call of `work` is reported to
 * `metrics` (if given) as one run, failed when it threw.
 */
export function intervalJob(name: string, everyMs: number, work: () => Promise<unknown>, log: JobLog, metrics?: JobMetrics) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let pausedSince: number | undefined;
  const warn = (obj: object, msg: string) => (log.warn ?? log.error).call(log, obj, msg);

  function runOnce(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          try {
            await work();
            metrics?.jobRan(name, true);
            if (pausedSince !== undefined) {
              warn({ job: name, pausedMs: Date.now() - pausedSince }, 'job resumed: the database answers again');
              pausedSince = undefined;
            }
          } catch (err) {
            metrics?.jobRan(name, false);
            if (!isDatabaseUnavailable(err)) log.error({ err, job: name }, 'job failed');
            else if (pausedSince === undefined) {
              pausedSince = Date.now();
              warn({ job: name, err: (err as Error).message }, 'job paused: the database is unavailable');
            }
          }
        } while (again);
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  return {
    runOnce,
    /** True while the last run met a database outage (the job only retries until one succeeds). */
    paused: () => pausedSince !== undefined,
    start() {
      timer ??= setInterval(() => void runOnce(), everyMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
export type IntervalJob = ReturnType<typeof intervalJob>;
