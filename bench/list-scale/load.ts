/**
 * Load runs for bench/list-scale.ts: autocannon against one URL, with every 2xx latency kept at
 * full precision (autocannon's own histogram rounds to whole milliseconds, too coarse for a 2 ms
 * health p99).
 */
import { loadavg } from 'node:os';
import autocannon from 'autocannon';

/** Percentile `p` (0–100) of ascending `sorted` values (nearest rank); NaN when empty. */
export function pct(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * One load run's figures. Latencies in ms over 2xx responses and timed-out requests, a timed-out
 * request counting as the timeout (it waited at least that long); when p99 falls on one,
 * `p99AtLeast` is true and the true p99 is unknown beyond the timeout.
 */
export interface LoadResult {
  name: string;
  path: string;
  connections: number;
  seconds: number;
  requests: number;
  p50: number;
  p99: number;
  p99AtLeast: boolean;
  max: number;
  reqPerSec: number;
  non2xx: number;
  /** Connection errors, timeouts included (autocannon's count). */
  errors: number;
  timeouts: number;
  timeoutMs: number;
  /** Load average (1 min) when the run ended. */
  load1: number;
}

export interface LoadOptions {
  base: string;
  path: string;
  name: string;
  cookie: string;
  connections: number;
  seconds: number;
  /** Per-request timeout in seconds (autocannon's default is 10). */
  timeoutS?: number;
}

/**
 * Starts a run; `done` resolves with its figures, `firstResponse` at its first answer (any
 * status), `stop()` ends it early.
 */
export function startLoad(o: LoadOptions): { done: Promise<LoadResult>; firstResponse: Promise<void>; stop: () => void } {
  const latencies: number[] = [];
  let non2xx = 0;
  let finish: (r: LoadResult) => void = () => {};
  let fail: (e: unknown) => void = () => {};
  const done = new Promise<LoadResult>((resolve, reject) => ((finish = resolve), (fail = reject)));
  const timeoutMs = (o.timeoutS ?? 10) * 1000;
  const instance = autocannon(
    { url: o.base + o.path, connections: o.connections, duration: o.seconds, timeout: timeoutMs / 1000, headers: { cookie: o.cookie } },
    (err, r) => {
      if (err) return fail(err);
      const answered = latencies.length;
      for (let i = 0; i < r.timeouts; i++) latencies.push(timeoutMs);
      const sorted = latencies.sort((a, b) => a - b);
      const p99 = pct(sorted, 99);
      finish({
        name: o.name,
        path: o.path,
        connections: o.connections,
        seconds: r.duration,
        requests: answered + non2xx,
        p50: pct(sorted, 50),
        p99,
        p99AtLeast: r.timeouts > 0 && p99 >= timeoutMs,
        max: sorted.at(-1) ?? Number.NaN,
        reqPerSec: (answered + non2xx) / r.duration,
        non2xx,
        errors: r.errors,
        timeouts: r.timeouts,
        timeoutMs,
        load1: Math.round(loadavg()[0]! * 100) / 100,
      });
    },
  );
  let answered: () => void = () => {};
  const firstResponse = new Promise<void>((resolve) => (answered = resolve));
  instance.on('response', (_client, status, _bytes, ms) => {
    answered();
    if (status >= 200 && status < 300) latencies.push(ms);
    else non2xx++;
  });
  return { done, firstResponse, stop: () => instance.stop() };
}

/** Runs `o` for its full duration. */
export function runLoad(o: LoadOptions): Promise<LoadResult> {
  return startLoad(o).done;
}
