import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `work` every `everyMs` without overlapping runs; errors are logged, never thrown.
 * `runOnce()` lets tests and start-up run it on demand.
 */
export function intervalJob(name: string, everyMs: number, work: () => Promise<unknown>, log: FastifyBaseLogger) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const runOnce = (): Promise<void> =>
    (running ??= (async () => {
      try {
        await work();
      } catch (err) {
        log.error({ err, job: name }, 'job failed');
      } finally {
        running = undefined;
      }
    })());
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
