/**
 * Hold-to-press (the SOS button must be held for 2 s, so a pocket cannot press it). The
 * rule, apart from React and the DOM so it is tested with an injected clock and timers:
 * - `start(source)` begins a hold (pointer down, or Space/Enter down); a second start while one
 *   runs is ignored, and so is a start before the previous completed hold was released;
 * - `release(source)` before `durationMs` cancels it (progress back to 0); only the source that
 *   started the hold can release it (lifting a key does not cancel a finger's hold);
 * - held for `durationMs`, `onComplete` is called once, and progress stays 1 until release;
 * - `onProgress(fraction)` (0–1) is called every `tickMs` while holding, for the ring.
 */

/** The clock and timers a hold runs on (the browser's in the app, a fake one in tests). */
export interface HoldTimers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export type HoldSource = 'pointer' | 'key';

export interface HoldPressOptions {
  /** How long the press must be held, ms (2,000 for SOS). */
  durationMs: number;
  /** How often progress is reported while holding, ms. */
  tickMs?: number;
  timers: HoldTimers;
  onProgress(fraction: number): void;
  onComplete(): void;
}

export interface HoldPress {
  start(source: HoldSource): void;
  release(source: HoldSource): void;
  /** Stops everything (unmount): no callback is called after it. */
  dispose(): void;
}

/** Creates one hold-to-press controller (see the file header). */
export function createHoldPress(options: HoldPressOptions): HoldPress {
  const { durationMs, timers, onProgress, onComplete } = options;
  const tickMs = options.tickMs ?? 50;
  let source: HoldSource | null = null;
  let startedAt = 0;
  let tick: unknown = null;
  let finish: unknown = null;

  const clear = () => {
    if (tick !== null) timers.clearTimeout(tick);
    if (finish !== null) timers.clearTimeout(finish);
    tick = finish = null;
  };
  const report = () => {
    onProgress(Math.min(1, (timers.now() - startedAt) / durationMs));
    tick = timers.setTimeout(report, tickMs);
  };

  return {
    start(from) {
      if (source !== null) return;
      source = from;
      startedAt = timers.now();
      onProgress(0);
      tick = timers.setTimeout(report, tickMs);
      finish = timers.setTimeout(() => {
        clear();
        onProgress(1);
        onComplete();
      }, durationMs);
    },
    release(from) {
      if (source !== from) return;
      source = null;
      clear();
      onProgress(0);
    },
    dispose() {
      clear();
      source = null;
    },
  };
}

/** The browser's clock and timers. */
export const browserTimers: HoldTimers = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};
