/**
 * What the staff dashboard's Log Out keeps in local storage (src/web/lib/preferences.ts; spec
 * section 2 "Log Out clears all local storage", deviations 82 and 85): the members' display
 * preferences and the resident app's keys, which share the origin's storage; nothing else.
 */
import { describe, expect, it } from 'vitest';
import { RESIDENT_STORAGE_PREFIX } from '../../src/shared/constants';
import { clearSessionStorage, keptAtLogOut } from '../../src/web/lib/preferences';

/** A local storage holding `items` (insertion order, as a browser keeps it). */
function storage(items: Record<string, string>): Storage {
  const map = new Map(Object.entries(items));
  return {
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    clear: () => map.clear(),
  };
}

describe('Log Out and local storage', () => {
  it("clears the staff session's keys and keeps display preferences and the resident app's session", () => {
    const s = storage({
      currentUser: '{"_id":"1"}',
      societyTimeZone: 'Asia/Karachi',
      'pref:1:color-scheme': 'dark',
      'sd.resident.token': 'abc',
      'sd.resident.who': '{}',
      'sd.resident.emergency': '{}',
      'sd.residentX': 'not the resident app’s',
    });
    clearSessionStorage(s);
    const left = Array.from({ length: s.length }, (_, i) => s.key(i));
    expect(left.sort()).toEqual(['pref:1:color-scheme', 'sd.resident.emergency', 'sd.resident.token', 'sd.resident.who']);
  });

  it("the resident app's keys are the ones under its prefix", () => {
    expect(RESIDENT_STORAGE_PREFIX).toBe('sd.resident.');
    expect(keptAtLogOut(`${RESIDENT_STORAGE_PREFIX}token`)).toBe(true);
    expect(keptAtLogOut('pref:12:columns:not-home')).toBe(true);
    expect(keptAtLogOut('currentUser')).toBe(false);
    expect(keptAtLogOut('sd.resident')).toBe(false);
  });
});
