import { describe, expect, it } from 'vitest';
import { EventBus, onOverdue, type OverdueEvent } from '../../src/server/lib/events.js';

const event = (requestId: number, desk: OverdueEvent['overdue']['desk'] = 'complaint'): OverdueEvent => ({
  societyId: 1,
  overdue: { desk, stage: 'new', requestId, residentName: 'Ayesha Khan', since: '2026-11-27T00:00:00.000Z' },
});

/** Resolves once every queued microtask and timer of this turn has run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('onOverdue', () => {
  it("re-announces a desk's overdue items one at a time, in order, and goes on after a failure", async () => {
    const bus = new EventBus();
    const errors: unknown[] = [];
    let running = 0;
    let most = 0;
    const done: number[] = [];
    const pending = new Map<number, () => void>();
    onOverdue(
      bus,
      'complaint',
      async (e) => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => pending.set(e.overdue.requestId, resolve));
        running--;
        if (e.overdue.requestId === 2) throw new Error('database away');
        done.push(e.overdue.requestId);
      },
      { error: (obj) => errors.push(obj) },
    );
    for (const id of [1, 2, 3]) bus.emit('deadline.overdue', event(id));
    bus.emit('deadline.overdue', event(9, 'grocery')); // another desk's: not this listener's
    for (const id of [1, 2, 3]) {
      await settle();
      expect([...pending.keys()]).toEqual([id]); // only the head of the queue has started
      pending.get(id)!();
      pending.delete(id);
    }
    await settle();
    expect(done).toEqual([1, 3]);
    expect(most).toBe(1);
    expect(errors).toHaveLength(1);
  });
});
