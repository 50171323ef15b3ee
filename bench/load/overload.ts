/**
 * The two measurements of bench/load.ts's --overload scenario: the machine's list capacity (a
 * closed-loop probe before the run) and how long an instance takes to drain after the load stops.
 */
import type { RequestTemplate } from './protocol.js';

/**
 * This machine's list capacity: `clients` closed-loop clients (each sends its next list request
 * when the previous is answered) read the list mix for `seconds`, straight from the instances
 * (`bases`, in turn): nginx's cap on requests in flight (--max-conns) does not lower the figure,
 * so runs with different caps are loaded alike.
 * @returns 2xx answers per second.
 */
export async function probeCapacity(bases: readonly string[], lists: readonly RequestTemplate[], clients: number, seconds: number): Promise<number> {
  const end = performance.now() + seconds * 1000;
  let ok = 0;
  let k = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const t = lists[k % lists.length]!;
        const base = bases[k++ % bases.length]!;
        const res = await fetch(base + t.path, { headers: t.headers, signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
        if (res) await res.arrayBuffer();
        if (res?.ok) ok++;
      }
    }),
  );
  return ok / seconds;
}

/**
 * Seconds from `loadEndEpochMs` until the instance answers /api/health within 50 ms three times in
 * a row (counted to the first of the three; 0 when it already does at the load's end); gives up at 60 s.
 */
export async function drainedAfter(base: string, loadEndEpochMs: number): Promise<number> {
  const wait = loadEndEpochMs - (performance.timeOrigin + performance.now());
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  let firstFast: number | undefined;
  let fast = 0;
  while (fast < 3) {
    const t = performance.timeOrigin + performance.now();
    if (t - loadEndEpochMs > 60_000) return 60;
    const ok = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(60_000) }).then(
      (r) => r.ok,
      () => false,
    );
    const took = performance.timeOrigin + performance.now() - t;
    if (ok && took < 50) {
      fast++;
      firstFast ??= t;
    } else {
      fast = 0;
      firstFast = undefined;
    }
    if (fast < 3) await new Promise((r) => setTimeout(r, 20));
  }
  return Math.max(0, (firstFast! - loadEndEpochMs) / 1000);
}
