/**
 * What the offline screen shows: the numbers to call, as far as the app knows them
 * (docs/spec-deviations.md row 95). The app keeps the last contacts it saw in localStorage: the
 * society's name and its own emergency contacts (GET /api/resident/society, set by the operator's
 * `society:emergency`), and the guard assigned to the resident's latest not-at-home request (name
 * and phone). National emergency lines come from the catalogue, as the fallback. Nothing here is
 * secret beyond what the resident's own screens show. The guard is the resident's own: it is saved
 * with their resident ID and dropped when the session ends or another resident signs in here (a
 * shared phone); the society's contacts stay (they are the society's, not the resident's).
 */
import { RESIDENT_STORAGE_PREFIX } from '../../shared/constants';
import type { EmergencyContact } from '../../shared/contracts/resident';

const KEY = `${RESIDENT_STORAGE_PREFIX}emergency`;

export interface EmergencyContacts {
  societyName: string | null;
  /** The society's own emergency contacts, in its order (absent in what older versions saved). */
  societyContacts?: EmergencyContact[];
  /** The guard of the resident's latest not-at-home request; `residentId`: whose (absent in what older versions saved). */
  guard: { name: string; phone: string; residentId?: string } | null;
  /** When last written (ISO 8601). */
  savedAt: string;
}

/** One number of the offline list; `kind` says where it came from (the screen groups by it). */
export interface OfflineNumber {
  kind: 'society' | 'guard' | 'national';
  label: string;
  phone: string;
}

/**
 * The offline screen's numbers, in the order to call them: the society's own contacts first (they
 * know the place), then the resident's last assigned guard, then the national lines. A number
 * already listed is not repeated further down (a society may list 1122 itself).
 * @param guardLabel the guard's line label, from the catalogue (given the guard's name)
 */
export function offlineNumbers(
  saved: EmergencyContacts | null,
  national: readonly { label: string; phone: string }[],
  guardLabel: (name: string) => string,
): OfflineNumber[] {
  const all: OfflineNumber[] = [
    ...(saved?.societyContacts ?? []).map((c) => ({ kind: 'society' as const, label: c.label, phone: c.phone })),
    ...(saved?.guard ? [{ kind: 'guard' as const, label: guardLabel(saved.guard.name), phone: saved.guard.phone }] : []),
    ...national.map((n) => ({ kind: 'national' as const, label: n.label, phone: n.phone })),
  ];
  const seen = new Set<string>();
  return all.filter((n) => !seen.has(n.phone) && seen.add(n.phone));
}

/** The contacts saved last, or null when the app never saw any. */
export function readEmergency(): EmergencyContacts | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as EmergencyContacts) : null;
  } catch {
    return null;
  }
}

/**
 * `before` with what a screen just saw (fields left out are kept), stamped `now`; or null when
 * nothing changed (so the saved time stays the time the contacts last changed).
 */
export function mergeEmergency(before: EmergencyContacts | null, seen: Partial<Omit<EmergencyContacts, 'savedAt'>>, now: Date): EmergencyContacts | null {
  const next: EmergencyContacts = {
    societyName: seen.societyName !== undefined ? seen.societyName : (before?.societyName ?? null),
    societyContacts: seen.societyContacts ?? before?.societyContacts ?? [],
    guard: seen.guard !== undefined ? seen.guard : (before?.guard ?? null),
    savedAt: now.toISOString(),
  };
  const same = (a: EmergencyContacts) =>
    a.societyName === next.societyName &&
    JSON.stringify(a.guard) === JSON.stringify(next.guard) &&
    JSON.stringify(a.societyContacts ?? []) === JSON.stringify(next.societyContacts);
  return before && same(before) ? null : next;
}

/** Merges what a screen just saw into the saved contacts (fields left out are kept). */
export function saveEmergency(seen: Partial<Omit<EmergencyContacts, 'savedAt'>>): void {
  const next = mergeEmergency(readEmergency(), seen, new Date());
  if (next) localStorage.setItem(KEY, JSON.stringify(next));
}

/**
 * `saved` without a guard that is not resident `residentId`'s (null: nobody is signed in, so no
 * guard is kept; a guard saved without a resident ID is nobody's); or null when nothing changes.
 */
export function keepOwnGuard(saved: EmergencyContacts | null, residentId: string | null): EmergencyContacts | null {
  if (!saved?.guard) return null;
  if (residentId !== null && saved.guard.residentId === residentId) return null;
  return { ...saved, guard: null };
}

/** Drops the saved guard unless it is resident `residentId`'s (called whenever the session changes). */
export function forgetOthersGuard(residentId: string | null): void {
  try {
    const next = keepOwnGuard(readEmergency(), residentId);
    if (next) localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage unavailable: nothing was saved either.
  }
}
