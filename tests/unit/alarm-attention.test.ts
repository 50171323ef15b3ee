import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SecurityAlert } from '../../src/shared/contracts/security.js';
import { createAttention, TITLE_FLASH_MS, type NotificationCtorLike, type NotificationLike } from '../../src/web/features/security/alarm/alarm-attention.js';
import type { AlarmEntry } from '../../src/web/features/security/alarm/alarm-store.js';
import { keepScreenAwake } from '../../src/web/features/security/alarm/wake-lock.js';

const entry = (id: number, name: string, status: AlarmEntry['status'] = 'ringing'): AlarmEntry =>
  ({
    id,
    alert: { _id: id, drill: false, resident: { name, address: `House ${id}`, phoneNo: '0300' } } as SecurityAlert,
    status,
    acknowledgedBy: null,
    ackSeconds: null,
    error: null,
    seenSeq: id,
  }) as AlarmEntry;

interface Shown {
  title: string;
  options: NotificationOptions;
  closed: boolean;
}

/** A stand-in for window.Notification that records what was shown and closed. */
function fakeNotification(permission: NotificationPermission) {
  const shown: Shown[] = [];
  const requestPermission = vi.fn(() => Promise.resolve<NotificationPermission>('granted'));
  class Fake implements NotificationLike {
    static permission = permission;
    static requestPermission = requestPermission;
    onclick: NotificationLike['onclick'] = null;
    private record: Shown;
    constructor(title: string, options: NotificationOptions) {
      this.record = { title, options, closed: false };
      shown.push(this.record);
    }
    close() {
      this.record.closed = true;
    }
  }
  return { Ctor: Fake satisfies NotificationCtorLike, shown, requestPermission };
}

describe('an alarm reaches a member who is not looking at the tab', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows one lasting system notification per ringing alarm and closes it when the alarm is answered', () => {
    const fake = fakeNotification('granted');
    const attention = createAttention({ Notification: fake.Ctor, page: { title: 'Society Desk' }, focus: () => undefined });
    attention.update([entry(7, 'Ayesha Khan')]);
    attention.update([entry(7, 'Ayesha Khan')]);
    expect(fake.shown).toHaveLength(1);
    expect(fake.shown[0]).toMatchObject({ title: 'SOS — Ayesha Khan', options: { tag: 'alarm-7', requireInteraction: true }, closed: false });

    attention.update([entry(7, 'Ayesha Khan', 'acknowledging')]);
    expect(fake.shown[0]?.closed).toBe(true);
    // Answered stays answered: a later change does not show it again.
    attention.update([entry(7, 'Ayesha Khan', 'closed')]);
    expect(fake.shown).toHaveLength(1);
  });

  it('shows nothing without the permission, and asks for it once, only while undecided', () => {
    const undecided = fakeNotification('default');
    const attention = createAttention({ Notification: undecided.Ctor, page: { title: 'x' }, focus: () => undefined });
    attention.askPermission();
    attention.askPermission();
    expect(undecided.requestPermission).toHaveBeenCalledTimes(1);
    attention.update([entry(1, 'Bilal Ahmed')]);
    expect(undecided.shown).toHaveLength(0);

    const denied = fakeNotification('denied');
    createAttention({ Notification: denied.Ctor, page: { title: 'x' }, focus: () => undefined }).askPermission();
    expect(denied.requestPermission).not.toHaveBeenCalled();
    // No Notification API at all: nothing breaks.
    const none = createAttention({ Notification: undefined, page: { title: 'x' }, focus: () => undefined });
    none.askPermission();
    none.update([entry(1, 'Bilal Ahmed')]);
  });

  it('flashes the tab title while any alarm rings and puts it back when none does', () => {
    const page = { title: 'Society Desk' };
    const attention = createAttention({ Notification: undefined, page, focus: () => undefined });
    attention.update([entry(3, 'Ayesha Khan')]);
    expect(page.title).toBe('SOS — Ayesha Khan');
    vi.advanceTimersByTime(TITLE_FLASH_MS);
    expect(page.title).toBe('Society Desk');
    vi.advanceTimersByTime(TITLE_FLASH_MS);
    expect(page.title).toBe('SOS — Ayesha Khan');

    attention.update([entry(3, 'Ayesha Khan', 'acknowledged')]);
    expect(page.title).toBe('Society Desk');
    vi.advanceTimersByTime(5 * TITLE_FLASH_MS);
    expect(page.title).toBe('Society Desk');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('closes every notification and stops the flash on sign-out', () => {
    const fake = fakeNotification('granted');
    const page = { title: 'Society Desk' };
    const attention = createAttention({ Notification: fake.Ctor, page, focus: () => undefined });
    attention.update([entry(1, 'A'), entry(2, 'B')]);
    attention.dispose();
    expect(fake.shown.map((s) => s.closed)).toEqual([true, true]);
    expect(page.title).toBe('Society Desk');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('the security desk keeps its display awake', () => {
  function fakeDoc(visibilityState: DocumentVisibilityState) {
    const listeners = new Set<() => void>();
    return {
      visibilityState,
      addEventListener: (_type: string, fn: () => void) => listeners.add(fn),
      removeEventListener: (_type: string, fn: () => void) => listeners.delete(fn),
      fire: () => listeners.forEach((fn) => fn()),
      listeners,
    };
  }

  it('holds a screen wake lock, asks again when the page is visible again, releases it at sign-out', async () => {
    const release = vi.fn(() => Promise.resolve());
    const request = vi.fn((_type: 'screen') => Promise.resolve({ release }));
    const doc = fakeDoc('visible');
    const stop = keepScreenAwake({ wakeLock: { request }, doc });
    expect(request).toHaveBeenCalledWith('screen');
    await Promise.resolve();
    // Hidden: the browser dropped the lock; back to visible: asked for again.
    doc.visibilityState = 'hidden';
    doc.fire();
    expect(request).toHaveBeenCalledTimes(1);
    doc.visibilityState = 'visible';
    doc.fire();
    expect(request).toHaveBeenCalledTimes(2);
    await Promise.resolve();
    stop();
    expect(release).toHaveBeenCalled();
    expect(doc.listeners.size).toBe(0);
  });

  it('does nothing where the browser has no wake lock', () => {
    const doc = fakeDoc('visible');
    keepScreenAwake({ wakeLock: undefined, doc })();
    expect(doc.listeners.size).toBe(0);
  });
});
