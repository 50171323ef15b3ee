/** The logger a job reports failures to (Fastify's logger fits). */
export interface JobLog {
  error(obj: object, msg: string): void;
}

/**
 * Runs `work` every `everyMs`, never two runs at once; errors are logged, never thrown.
 * `runOnce()` asks for a run now (tests, start-up, or a poke after new work was queued): if a run
 * is already going, one more run follows it, and the returned promise settles after that one —
 * so whatever was queued before the call has been seen when it resolves. A run that throws is
 * logged and does not cancel the run asked for during it.
 */
export function intervalJob(name: string, everyMs: number, work: () => Promise<unknown>, log: JobLog) {
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
          } catch (err) {
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
