/**
 * The resident app's offline numbers (src/resident/lib/emergency.ts): the society's own contacts
 * first, then the assigned guard, then the national lines; and what the app saves when a screen
 * sees the society's contacts.
 */
import { describe, expect, it } from 'vitest';
import { keepOwnGuard, mergeEmergency, offlineNumbers, type EmergencyContacts } from '../../src/resident/lib/emergency';

const NATIONAL = [
  { label: 'Police', phone: '15' },
  { label: 'Rescue', phone: '1122' },
];
const guardLabel = (name: string) => `Guard ${name}`;
const saved = (over: Partial<EmergencyContacts> = {}): EmergencyContacts => ({
  societyName: 'Green Valley',
  societyContacts: [
    { label: 'Guard room', phone: '04235761200' },
    { label: 'Office', phone: '04235761201' },
  ],
  guard: { name: 'Bilal', phone: '03001112222' },
  savedAt: '2026-11-27T10:00:00.000Z',
  ...over,
});

describe('offline numbers', () => {
  it("lists the society's contacts in its order, then the guard, then the national lines", () => {
    expect(offlineNumbers(saved(), NATIONAL, guardLabel)).toEqual([
      { kind: 'society', label: 'Guard room', phone: '04235761200' },
      { kind: 'society', label: 'Office', phone: '04235761201' },
      { kind: 'guard', label: 'Guard Bilal', phone: '03001112222' },
      { kind: 'national', label: 'Police', phone: '15' },
      { kind: 'national', label: 'Rescue', phone: '1122' },
    ]);
  });

  it('falls back to the national lines when nothing was saved, or what an older version saved (no society contacts)', () => {
    expect(offlineNumbers(null, NATIONAL, guardLabel).map((n) => n.kind)).toEqual(['national', 'national']);
    const { societyContacts: _, ...older } = saved({ guard: null });
    expect(offlineNumbers(older, NATIONAL, guardLabel).map((n) => n.phone)).toEqual(['15', '1122']);
  });

  it('lists a number once, where it comes first (a society listing 1122 itself)', () => {
    const numbers = offlineNumbers(saved({ societyContacts: [{ label: 'Ambulance', phone: '1122' }], guard: null }), NATIONAL, guardLabel);
    expect(numbers).toEqual([
      { kind: 'society', label: 'Ambulance', phone: '1122' },
      { kind: 'national', label: 'Police', phone: '15' },
    ]);
  });
});

describe('saving what a screen saw', () => {
  const now = new Date('2026-11-27T12:00:00Z');

  it("replaces the society's contacts and keeps the guard a screen did not see", () => {
    const next = mergeEmergency(saved(), { societyName: 'Green Valley', societyContacts: [{ label: 'Gate', phone: '1122' }] }, now);
    expect(next).toEqual({ ...saved(), societyContacts: [{ label: 'Gate', phone: '1122' }], savedAt: now.toISOString() });
  });

  it('writes nothing when nothing changed, so the saved time stays when they last changed', () => {
    expect(mergeEmergency(saved(), { societyName: 'Green Valley', societyContacts: saved().societyContacts }, now)).toBeNull();
    expect(mergeEmergency(null, { societyContacts: [] }, now)).toEqual({ societyName: null, societyContacts: [], guard: null, savedAt: now.toISOString() });
  });
});

describe("the saved guard is the signed-in resident's only", () => {
  const withGuard = (residentId?: string) => saved({ guard: { name: 'Bilal', phone: '03001112222', ...(residentId && { residentId }) } });

  it('keeps the guard of the resident signed in', () => {
    expect(keepOwnGuard(withGuard('GV-7'), 'GV-7')).toBeNull();
  });

  it("drops another resident's guard, or any guard once signed out, and keeps the society's contacts", () => {
    const other = keepOwnGuard(withGuard('GV-7'), 'GV-8');
    expect(other?.guard).toBeNull();
    expect(other?.societyContacts).toEqual(withGuard('GV-7').societyContacts);
    expect(keepOwnGuard(withGuard('GV-7'), null)?.guard).toBeNull();
    expect(offlineNumbers(keepOwnGuard(withGuard('GV-7'), null), NATIONAL, guardLabel).map((n) => n.kind)).not.toContain('guard');
  });

  it("drops a guard saved without a resident ID (an older version's): nobody's", () => {
    expect(keepOwnGuard(withGuard(), 'GV-7')?.guard).toBeNull();
  });

  it('changes nothing when no guard is saved', () => {
    expect(keepOwnGuard(saved({ guard: null }), 'GV-7')).toBeNull();
    expect(keepOwnGuard(null, null)).toBeNull();
  });
});
