/**
 * The SOS button's hold-to-press rule (src/resident/lib/hold-press.ts) on a fake clock: it fires
 * only after 2 s held, once, never on an early release, and only the source that started a hold
 * can end it. Also the alarm phases the SOS screen shows (features/sos/sos-api.ts).
 */
import { describe, expect, it } from 'vitest';
import { createHoldPress, type HoldTimers } from '../../src/resident/lib/hold-press';
import { alarmPhase } from '../../src/resident/features/sos/sos-api';

/** A clock and timers that move only when told (`advance`). */
function fakeTimers() {
  let now = 0;
  let seq = 0;
  const pending = new Map<number, { at: number; fn: () => void }>();
  const timers: HoldTimers = {
    now: () => now,
    setTimeout: (fn, ms) => {
      pending.set(++seq, { at: now + ms, fn });
      return seq;
    },
    clearTimeout: (handle) => void pending.delete(handle as number),
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const next = [...pending.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!next) break;
      pending.delete(next[0]);
      now = next[1].at;
      next[1].fn();
    }
    now = until;
  };
  return { timers, advance, pendingCount: () => pending.size };
}

function setup(durationMs = 2_000) {
  const clock = fakeTimers();
  const progress: number[] = [];
  let completed = 0;
  const hold = createHoldPress({ durationMs, tickMs: 100, timers: clock.timers, onProgress: (f) => progress.push(f), onComplete: () => completed++ });
  return { ...clock, hold, progress, completed: () => completed, lastProgress: () => progress.at(-1) };
}

describe('hold to press (SOS)', () => {
  it('fires once when held for the full 2 s, with progress rising to 1 on the way', () => {
    const s = setup();
    s.hold.start('pointer');
    s.advance(1_000);
    expect(s.completed()).toBe(0);
    expect(s.lastProgress()).toBeCloseTo(0.5, 5);
    s.advance(999);
    expect(s.completed()).toBe(0);
    s.advance(1);
    expect(s.completed()).toBe(1);
    expect(s.lastProgress()).toBe(1);
    // Progress never goes down while held, and stays full (no more ticks) until release.
    expect(s.progress).toEqual([...s.progress].sort((a, b) => a - b));
    s.advance(5_000);
    expect(s.completed()).toBe(1);
    expect(s.pendingCount()).toBe(0);
    s.hold.release('pointer');
    expect(s.lastProgress()).toBe(0);
  });

  it('a release before 2 s (a tap, a pocket brushing it) fires nothing and empties the ring', () => {
    const s = setup();
    s.hold.start('pointer');
    s.advance(1_999);
    s.hold.release('pointer');
    expect(s.lastProgress()).toBe(0);
    s.advance(10_000);
    expect(s.completed()).toBe(0);
    expect(s.pendingCount()).toBe(0);
  });

  it('a new hold after an early release starts from zero', () => {
    const s = setup();
    s.hold.start('key');
    s.advance(1_500);
    s.hold.release('key');
    s.hold.start('key');
    s.advance(1_500);
    expect(s.completed()).toBe(0);
    s.advance(500);
    expect(s.completed()).toBe(1);
  });

  it('works the same with Space/Enter held (source key), and a second start while holding is ignored', () => {
    const s = setup();
    s.hold.start('key');
    s.advance(1_000);
    s.hold.start('key'); // key repeat, or a second key: the hold keeps its start time
    s.hold.start('pointer'); // a finger while the key holds: ignored too
    s.advance(1_000);
    expect(s.completed()).toBe(1);
  });

  it('only the source that started the hold can end it', () => {
    const s = setup();
    s.hold.start('pointer');
    s.advance(500);
    s.hold.release('key'); // a key lifted elsewhere does not cancel the finger's hold
    s.advance(1_500);
    expect(s.completed()).toBe(1);
  });

  it('after firing, a new press needs a release first (holding on does not fire again)', () => {
    const s = setup();
    s.hold.start('pointer');
    s.advance(2_000);
    s.hold.start('pointer');
    s.advance(4_000);
    expect(s.completed()).toBe(1);
    s.hold.release('pointer');
    s.hold.start('pointer');
    s.advance(2_000);
    expect(s.completed()).toBe(2);
  });

  it('dispose (the screen unmounts mid-hold) stops every timer: nothing fires later', () => {
    const s = setup();
    s.hold.start('pointer');
    s.advance(1_000);
    s.hold.dispose();
    s.advance(5_000);
    expect(s.completed()).toBe(0);
    expect(s.pendingCount()).toBe(0);
  });
});

describe('alarm phases shown to the resident', () => {
  it('Sent until acknowledged, then Acknowledged, Processing once proceeded, Resolved once completed', () => {
    expect(alarmPhase({ stage: 'new', acknowledgedAt: null })).toBe('sent');
    expect(alarmPhase({ stage: 'new', acknowledgedAt: '2026-11-27T10:00:05.000Z' })).toBe('acknowledged');
    expect(alarmPhase({ stage: 'processing', acknowledgedAt: '2026-11-27T10:00:05.000Z' })).toBe('processing');
    // Proceeded without anyone closing the toast: still past "Sent".
    expect(alarmPhase({ stage: 'processing', acknowledgedAt: null })).toBe('processing');
    expect(alarmPhase({ stage: 'completed', acknowledgedAt: null })).toBe('resolved');
  });
});
