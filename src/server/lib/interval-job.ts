import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `work` every `everyMs`, never two runs at once; errors are logged, never thrown.
 * `runOnce()` asks for a run now (tests, start-up, or a poke after new work was queued): if a run
 * is already going, one more run follows it, and the returned promise settles after that one —
 * so whatever was queued before the call has been seen when it resolves.
 */
export function intervalJob(name: string, everyMs: number, work: () => Promise<unknown>, log: FastifyBaseLogger) {
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
          await work();
        } while (again);
      } catch (err) {
        log.error({ err, job: name }, 'job failed');
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
