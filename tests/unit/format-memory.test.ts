/**
 * Both apps write dates with the one shared formatter, in the society's zone, and each remembers
 * that zone under its own key: the resident app's (GET /api/resident/me's `timeZone`) survives a
 * staff Log Out, and the same instant reads the same on a phone as on a desk.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const instant = '2026-11-27T12:00:00.000Z';

function fakeStorage(initial: Record<string, string> = {}) {
  const store = new Map(Object.entries(initial));
  return {
    store,
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
}

describe("each app remembers the society's zone under its own key", () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.unstubAllGlobals());

  it('the resident app reads its remembered zone at load and writes 12-hour DD/MM/YYYY in it', async () => {
    const storage = fakeStorage({ 'sd.resident.time-zone': 'America/New_York' });
    vi.stubGlobal('window', { localStorage: storage });
    const { setDisplayTimeZone } = await import('../../src/resident/lib/time-zone');
    const { formatDateTime, formatTime } = await import('../../src/shared/format/dates');
    expect(formatDateTime(instant)).toBe('27/11/2026 7:00 AM');
    setDisplayTimeZone('Asia/Karachi');
    expect(formatDateTime(instant)).toBe('27/11/2026 5:00 PM');
    expect(formatTime(instant)).toBe('5:00 PM');
    expect(storage.store.get('sd.resident.time-zone')).toBe('Asia/Karachi');
    expect(storage.store.has('societyTimeZone')).toBe(false);
  });

  it('the dashboard remembers its zone under societyTimeZone and ignores an unknown name', async () => {
    const storage = fakeStorage();
    vi.stubGlobal('window', { localStorage: storage });
    const { setSocietyTimeZone, societyTimeZone } = await import('../../src/web/lib/time-zone');
    expect(societyTimeZone()).toBe('Asia/Karachi');
    setSocietyTimeZone('Asia/Dubai');
    setSocietyTimeZone('Mars/Olympus_Mons');
    expect(societyTimeZone()).toBe('Asia/Dubai');
    expect(storage.store.get('societyTimeZone')).toBe('Asia/Dubai');
  });
});
