import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAlarmStore } from '../../src/web/features/security/alarm/alarm-store.js';
import type { SecurityAlert } from '../../src/shared/contracts/security.js';

/** A factory with overrides (STYLE 9). */
function alert(overrides: Partial<SecurityAlert> = {}): SecurityAlert {
  return {
    _id: 1,
    securityComplain: '',
    response: null,
    stage: 'new',
    securityStatus: false,
    edit: false,
    pressedTime: '2026-11-21T10:00:00.000Z',
    proceededAt: null,
    completedAt: null,
    societyName: 'Green Valley',
    resident: {
      residentId: 'GV0001', name: 'Ayesha Khan', phoneNo: '03000000001', address: 'House 1, Street 1, Block A', email: 'a@mail.test',
      age: 30, designation: 'Teacher', owner: true, fname: 'Imran Khan', fPhoneNo: '03330000001', fmName: 'Ali', fmphoneNo: '03330000002',
      fmName1: 'Sara', fmphoneNo1: '03330000003',
    },
    acknowledgedAt: null,
    acknowledgedBy: null,
    ackSeconds: null,
    escalated: false,
    escalatedAt: null,
    notHomeActive: false,
    ...overrides,
  };
}

describe('alarm store (the alarm toast rules of issue 3)', () => {
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

  it('reset forgets everything (sign-out)', () => {
    const s = store();
    s.offer(alert(), 'all');
    s.reset();
    expect(s.getSnapshot()).toHaveLength(0);
    expect(s.isRinging()).toBe(false);
  });
});
