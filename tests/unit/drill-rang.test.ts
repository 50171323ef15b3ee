import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlarmEntry } from '../../src/web/features/security/alarm/alarm-store.js';
import type { SecurityAlert } from '../../src/shared/contracts/security.js';

const post = vi.fn((_path: string, _body?: unknown) => Promise.resolve(undefined));
vi.mock('../../src/web/lib/api-client.js', () => ({ api: { post: (path: string, body?: unknown) => post(path, body) } }));
const { createDrillRang } = await import('../../src/web/features/security/alarm/drill-rang.js');

const entry = (id: number, alert: Partial<SecurityAlert>, status: AlarmEntry['status'] = 'ringing'): AlarmEntry =>
  ({ id, alert: { _id: id, drill: false, drillId: null, ...alert }, status, acknowledgedBy: null, ackSeconds: null, error: null, seenSeq: 1 }) as AlarmEntry;

/** A screen reports its time to ring for a drill once, when the siren really plays; never for a real alarm. */
describe('drill rang report', () => {
  beforeEach(() => post.mockClear());

  it('posts once per drill, with the time from the alarm reaching the page to the siren playing', () => {
    let now = 1_000;
    const report = createDrillRang(() => now);
    const drill = entry(7, { drill: true, drillId: 3 });
    report([drill], { state: 'stopped', context: 'suspended' });
    expect(post).not.toHaveBeenCalled();
    now = 1_250;
    report([drill], { state: 'playing', context: 'running' });
    report([drill], { state: 'playing', context: 'running' });
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/api/security/drills/3/rang', { screen: expect.stringMatching(/^tab-/), ringMs: 250 });
  });

  it('never posts for a real alarm, nor for a drill this screen no longer rings for', () => {
    const report = createDrillRang(() => 0);
    report([entry(1, {}), entry(2, { drill: true, drillId: 4 }, 'acknowledged')], { state: 'playing', context: 'running' });
    expect(post).not.toHaveBeenCalled();
  });
});
