/**
 * The server's source of time. Services, jobs and the login throttle read `clock.now()` instead of
 * `new Date()`, so tests move time forward explicitly (no sleeps, no wall-clock polling).
 */
export interface Clock {
  /** The current instant. */
  now(): Date;
}

/** Real time. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to: for tests. */
export interface ManualClock extends Clock {
  /** Moves time forward by `ms` milliseconds. */
  advance(ms: number): void;
  /** Jumps to an instant. */
  set(at: Date): void;
}

/** @param start the first instant (default: the real time at creation). */
export function manualClock(start: Date = new Date()): ManualClock {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance(ms) {
      t += ms;
    },
    set(at) {
      t = at.getTime();
    },
  };
}
