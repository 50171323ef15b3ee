import { describe, expect, it } from 'vitest';
import { manualClock, offsetClock } from '../../src/server/lib/clock.js';
import { loadConfig } from '../../src/server/config.js';
import { isClockCommand, runClockCommand } from '../../src/server/operator/test-clock.js';

const HOUR = 3_600_000;
const START = new Date('2026-11-27T09:00:00Z');

describe('the browser tests clock', () => {
  it('is real time plus a forward-only offset', () => {
    const base = manualClock(START);
    const clock = offsetClock(base);
    expect(clock.now()).toEqual(START);
    clock.shift(2 * HOUR);
    base.advance(1000);
    expect(clock.now().getTime()).toBe(START.getTime() + 2 * HOUR + 1000);
    expect(() => clock.shift(-1)).toThrow(RangeError);
    expect(() => clock.shift(Number.NaN)).toThrow(RangeError);
    clock.reset();
    expect(clock.now().getTime()).toBe(START.getTime() + 1000);
  });

  it('moves by hours or to an instant through the operator commands, forward only', () => {
    const clock = offsetClock(manualClock(START));
    expect(isClockCommand(['clock:shift'])).toBe(true);
    expect(isClockCommand(['staff:list'])).toBe(false);
    expect(runClockCommand(['clock:shift', '--hours', '25'], clock)).toMatchObject({ code: 0 });
    expect(clock.now().toISOString()).toBe('2026-11-28T10:00:00.000Z');
    expect(runClockCommand(['clock:shift', '--to', '2026-11-30T00:00:00Z'], clock)).toMatchObject({ code: 0 });
    expect(clock.now().toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(runClockCommand(['clock:shift', '--to', '2026-11-01T00:00:00Z'], clock).code).toBe(2);
    expect(runClockCommand(['clock:shift', '--hours', '-1'], clock).code).toBe(2);
    expect(runClockCommand(['clock:shift', '--hours', 'x'], clock).code).toBe(2);
    expect(runClockCommand(['clock:shift'], clock).code).toBe(2);
    expect(runClockCommand(['clock:shift', '--hours', '1', '--to', '2027-01-01T00:00:00Z'], clock).code).toBe(2);
    expect(runClockCommand(['clock:stop'], clock).code).toBe(2);
    expect(clock.now().toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(runClockCommand(['clock:reset'], clock)).toMatchObject({ code: 0 });
    expect(clock.now()).toEqual(START);
  });

  it('is refused without TEST_CLOCK and in production', () => {
    expect(runClockCommand(['clock:shift', '--hours', '1'], undefined)).toMatchObject({ code: 2, err: [expect.stringContaining('TEST_CLOCK=1')] });
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_CLOCK: '1' })).toThrow(/TEST_CLOCK/);
    expect(loadConfig({ NODE_ENV: 'test', TEST_CLOCK: '1' }).TEST_CLOCK).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).TEST_CLOCK).toBe(false);
  });
});
