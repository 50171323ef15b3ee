import { describe, expect, it } from 'vitest';
import { ANNOUNCE_INTERVAL_MS, createAnnouncer, newRowAnnouncement } from '../../src/web/lib/live-announcer.js';

describe('the polite live announcer', () => {
  it('announces at most once per interval, by the injected clock', () => {
    let now = 1_000;
    const announcer = createAnnouncer(() => now);
    const seen: string[] = [];
    announcer.subscribe(() => seen.push(announcer.getSnapshot()));
    expect(announcer.getSnapshot()).toBe('');

    expect(announcer.announce(newRowAnnouncement('complaint', 'Ayesha Khan'))).toBe(true);
    now += ANNOUNCE_INTERVAL_MS - 1;
    expect(announcer.announce(newRowAnnouncement('complaint', 'Bilal Ahmed'))).toBe(false);
    expect(announcer.getSnapshot()).toBe('New complaint from Ayesha Khan');
    now += 1;
    expect(announcer.announce(newRowAnnouncement('grocery request', 'Bilal Ahmed'))).toBe(true);
    expect(seen).toEqual(['New complaint from Ayesha Khan', 'New grocery request from Bilal Ahmed']);
  });

  it('stops telling a listener once it unsubscribes', () => {
    const announcer = createAnnouncer(() => 0);
    let calls = 0;
    const off = announcer.subscribe(() => calls++);
    off();
    announcer.announce('New complaint from Ayesha Khan');
    expect(calls).toBe(0);
  });
});
