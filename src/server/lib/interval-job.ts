/** The logger a job reports failures to (Fastify's logger fits). */
export interface JobLog {
  error(obj: object, msg: string): void;
}

/** Where a job reports each run (the metrics module: runs and failures by job name). */
export interface JobMetrics {
  jobRan(job: string, ok: boolean): void;
}

/**
 * Runs `work` every `everyMs`, never two runs at once; errors are logged, never thrown.
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
          } catch (err) {
            metrics?.jobRan(name, false);
            log.error({ err, job: name }, 'job failed');
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
