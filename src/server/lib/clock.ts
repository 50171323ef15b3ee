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

/** Real time moved forward by an offset: the browser tests' clock (TEST_CLOCK=1), so timers and sockets keep running. */
export interface OffsetClock extends Clock {
  /** Moves time forward by `ms` (≥ 0) milliseconds. @throws RangeError for a negative or non-finite `ms`. */
  shift(ms: number): void;
  /** Back to real time. */
  reset(): void;
  /** The offset in milliseconds (0 after reset). */
  offsetMs(): number;
}

/**
 * @param base the real time it offsets (default the system clock).
 * `shift` moves forward only: a clock that went back would let a session, a deadline or an
 * escalation run twice. `reset` goes back to real time, for a test that starts over.
 */
export function offsetClock(base: Clock = systemClock): OffsetClock {
  let offset = 0;
  return {
    now: () => new Date(base.now().getTime() + offset),
    shift(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('The test clock only moves forward.');
      offset += ms;
    },
    reset() {
      offset = 0;
    },
    offsetMs: () => offset,
  };
}
