import { afterEach, describe, expect, it, vi } from 'vitest';
import { LaneGate } from '../../src/server/db/lanes.js';

/** Records the order in which waiters get the gate. */
function recorder(gate: LaneGate) {
  const order: string[] = [];
  const take = (name: string, urgent: boolean) => gate.acquire(urgent).then(() => order.push(name));
  return { order, take };
}

describe('LaneGate (db/lanes.ts)', () => {
  afterEach(() => vi.useRealTimers());

  it('hands the gate to a waiting urgent caller before main-lane callers that waited longer', async () => {
    const gate = new LaneGate(0);
    const { order, take } = recorder(gate);
    await gate.acquire(false);
    const waits = [take('main 1', false), take('main 2', false), take('alarm', true)];
    gate.release(false);
    await Promise.resolve();
    expect(order).toEqual(['alarm']);
    gate.release(true);
    await Promise.resolve();
    gate.release(false);
    await Promise.all(waits);
    expect(order).toEqual(['alarm', 'main 1', 'main 2']);
  });

  it("keeps the gate for the alarm path's next step during the grace window, then gives it to the main lane", async () => {
    vi.useFakeTimers();
    const gate = new LaneGate(2);
    const { order, take } = recorder(gate);
    await gate.acquire(true); // the alarm's token check
    const main = take('main', false);
    gate.release(true);
    await Promise.resolve();
    expect(order).toEqual([]); // the main lane waits through the grace window…
    await take('alarm step 2', true); // …and the alarm's next step gets the gate at once
    gate.release(true);
    vi.advanceTimersByTime(1);
    await Promise.resolve();
    expect(order).toEqual(['alarm step 2']);
    vi.advanceTimersByTime(1); // the window ends: the main lane goes on
    await main;
    expect(order).toEqual(['alarm step 2', 'main']);
    expect(gate.waiting).toEqual({ urgent: 0, normal: 0 });
  });

  it('opens at once after an urgent holder when nobody waits, and a main-lane release never keeps it', async () => {
    vi.useFakeTimers();
    const gate = new LaneGate(2);
    const { order, take } = recorder(gate);
    await gate.acquire(true);
    gate.release(true);
    await take('main right after', false); // nobody was waiting: no grace, the gate is open
    const next = take('main 2', false);
    gate.release(false);
    await next;
    expect(order).toEqual(['main right after', 'main 2']);
  });
});
