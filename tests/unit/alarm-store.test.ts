import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAlarmStore } from '../../src/web/features/security/alarm/alarm-store.js';
import { fetchAllPending } from '../../src/web/features/security/alarm/pending-pages.js';
import type { PendingAlarms, SecurityAlert } from '../../src/shared/contracts/security.js';
import { residentCard } from '../support/factories.js';

/** A factory with overrides (STYLE 9). */
function alert(overrides: Partial<SecurityAlert> = {}): SecurityAlert {
  return {
    _id: 1,
    securityComplain: '',
    staffNote: null,
    response: null,
    stage: 'new',
    securityStatus: false,
    edit: false,
    pressedTime: '2026-11-21T10:00:00.000Z',
    pressCount: 1,
    lastPressedTime: '2026-11-21T10:00:00.000Z',
    proceededAt: null,
    completedAt: null,
    societyName: 'Green Valley',
    resident: residentCard(),
    acknowledgedAt: null,
    acknowledgedBy: null,
    ackSeconds: null,
    escalated: false,
    escalatedAt: null,
    notHomeActive: false,
    drill: false,
    drillId: null,
    ...overrides,
  };
}

describe('alarm store (the alarm toast rules)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const store = () => createAlarmStore({ acknowledgedToastMs: 15_000 });

  it('shows an alarm once, however often the fetch and live events offer it', () => {
    const s = store();
    expect(s.offer(alert(), 'all')).toBe(true);
    expect(s.offer(alert(), 'all')).toBe(false);
    expect(s.offer(alert({ escalated: true }), 'all')).toBe(false);
    expect(s.getSnapshot()).toHaveLength(1);
    expect(s.get(1)?.alert?.escalated).toBe(true);
    expect(s.isRinging()).toBe(true);
  });

  it('super-admin hears escalated alarms only', () => {
    const s = store();
    expect(s.offer(alert(), 'escalated')).toBe(false);
    expect(s.isRinging()).toBe(false);
    expect(s.offer(alert({ escalated: true }), 'escalated')).toBe(true);
  });

  it('closing acknowledges; a failed acknowledgement rings again with the reason', () => {
    const s = store();
    s.offer(alert(), 'all');
    expect(s.close(1)).toBe('acknowledge');
    expect(s.isRinging()).toBe(false);
    s.ackFailed(1, 'Network error');
    expect(s.get(1)).toMatchObject({ status: 'ringing', error: 'Network error' });
    expect(s.close(1)).toBe('acknowledge');
    s.ackDone(1);
    expect(s.get(1)?.status).toBe('closed');
    expect(s.offer(alert(), 'all')).toBe(false); // never back
  });

  it('acknowledged elsewhere: stops ringing, says who, closes itself after the delay', () => {
    const s = store();
    s.offer(alert(), 'all');
    s.acknowledged({ _id: 1, acknowledgedBy: 'Imran Qureshi', ackSeconds: 4.2 });
    expect(s.get(1)).toMatchObject({ status: 'acknowledged', acknowledgedBy: 'Imran Qureshi', ackSeconds: 4.2 });
    expect(s.isRinging()).toBe(false);
    expect(s.close(1)).toBe('dismissed'); // closing it sends nothing
    s.offer(alert({ _id: 2 }), 'all');
    s.acknowledged({ _id: 2, acknowledgedBy: 'X' });
    vi.advanceTimersByTime(15_000);
    expect(s.get(2)?.status).toBe('closed');
  });

  it('an acknowledgement heard before the alarm leaves a tombstone, so a late fetch cannot revive it', () => {
    const s = store();
    s.acknowledged({ _id: 7, acknowledgedBy: 'X' });
    expect(s.offer(alert({ _id: 7 }), 'all')).toBe(false);
    expect(s.isRinging()).toBe(false);
  });

  it('an alarm already acknowledged when first seen never rings', () => {
    const s = store();
    expect(s.offer(alert({ acknowledgedAt: '2026-11-21T10:00:05.000Z', acknowledgedBy: 'X', ackSeconds: 5 }), 'all')).toBe(false);
    expect(s.isRinging()).toBe(false);
  });

  it('reconcile: a ringing alarm seen before the fetch and missing from it was acknowledged meanwhile', () => {
    const s = store();
    s.offer(alert({ _id: 1 }), 'all');
    const marker = s.syncMarker();
    s.offer(alert({ _id: 2 }), 'all'); // heard after the fetch was sent: must not be touched
    expect(s.reconcile(marker, new Set([3]), false)).toEqual([]); // a possibly truncated answer proves nothing
    expect(s.reconcile(marker, new Set([3]), true)).toEqual([1]);
    expect(s.get(1)?.status).toBe('acknowledged');
    expect(s.get(2)?.status).toBe('ringing');
  });

  it('a merged press refreshes the press count of a ringing alarm, which keeps ringing', () => {
    const s = store();
    s.offer(alert(), 'all');
    expect(s.offer(alert({ pressCount: 3, lastPressedTime: '2026-11-21T10:00:42.000Z' }), 'all')).toBe(false);
    expect(s.get(1)).toMatchObject({ status: 'ringing', alert: { pressCount: 3, lastPressedTime: '2026-11-21T10:00:42.000Z' } });
    expect(s.getSnapshot()).toHaveLength(1);
    expect(s.isRinging()).toBe(true);
  });

  it('reset forgets everything (sign-out)', () => {
    const s = store();
    s.offer(alert(), 'all');
    s.reset();
    expect(s.getSnapshot()).toHaveLength(0);
    expect(s.isRinging()).toBe(false);
  });
});

/** A fake inbox: `pending` ids newest first, `size` a page, keyset cursor like the server's. */
function fakeInbox(pending: number[], size: number) {
  const asked: (number | undefined)[] = [];
  const fetchPage = async (before: number | undefined): Promise<PendingAlarms> => {
    asked.push(before);
    const rest = pending.filter((id) => before === undefined || id < before);
    const page = rest.slice(0, size);
    const next = rest.length > size ? page[page.length - 1]! : null;
    return {
      items: page.map((id) => alert({ _id: id })),
      total: pending.length,
      totalExact: true,
      nextAfter: next,
      prevBefore: null,
      nextBefore: next,
      connectedSecurityStaff: 2,
    };
  };
  return { fetchPage, asked };
}

describe('catch-up over every page of the alarm inbox', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const ids = (n: number) => Array.from({ length: n }, (_, i) => n - i); // newest (highest id) first

  it('fetches every page with the cursor the server gave, and says the answer is complete', async () => {
    const inbox = fakeInbox(ids(250), 100);
    const all = await fetchAllPending(inbox.fetchPage);
    expect(all.complete).toBe(true);
    expect(all.items.map((a) => a._id)).toEqual(ids(250));
    expect(inbox.asked).toEqual([undefined, 151, 51]);
    expect(all.connectedSecurityStaff).toBe(2);
  });

  it('an answer cut short (too many pages, or a cursor that does not move down) is not complete', async () => {
    expect((await fetchAllPending(fakeInbox(ids(250), 100).fetchPage, 2)).complete).toBe(false);
    const stuck = async (): Promise<PendingAlarms> => ({
      items: [alert({ _id: 9 })],
      total: 2,
      totalExact: true,
      nextAfter: 9,
      prevBefore: null,
      nextBefore: 9,
      connectedSecurityStaff: 0,
    });
    const answer = await fetchAllPending(stuck, 10);
    expect(answer.complete).toBe(false);
    expect(answer.items).toHaveLength(2);
  });

  it('with 250 alarms ringing, reconciling the full answer marks only the one acknowledged meanwhile', async () => {
    const s = createAlarmStore({ acknowledgedToastMs: 15_000 });
    for (const id of ids(250)) s.offer(alert({ _id: id }), 'all');
    const marker = s.syncMarker();
    const stillPending = ids(250).filter((id) => id !== 7);
    const all = await fetchAllPending(fakeInbox(stillPending, 100).fetchPage);
    expect(s.reconcile(marker, new Set(all.items.map((a) => a._id)), all.complete)).toEqual([7]);
    expect(s.getSnapshot().filter((e) => e.status === 'ringing')).toHaveLength(249);
  });
});
