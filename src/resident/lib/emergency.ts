/**
 * What the offline screen shows: the society's emergency numbers, as far as the app knows them
 * (docs/spec-deviations.md row 95). The resident API has no emergency contacts of a society, so the app keeps
 * the last contacts it saw in localStorage: the society's name (profile) and the guard assigned to
 * the resident's latest not-at-home request (name and phone). National emergency lines come from
 * the catalogue. Nothing here is secret beyond what the resident's own screens show.
 */
import { RESIDENT_STORAGE_PREFIX } from '../../shared/constants';

const KEY = `${RESIDENT_STORAGE_PREFIX}emergency`;

export interface EmergencyContacts {
  societyName: string | null;
  guard: { name: string; phone: string } | null;
  /** When last written (ISO 8601). */
  savedAt: string;
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

/** Merges what a screen just saw into the saved contacts (fields left out are kept). */
export function saveEmergency(seen: Partial<Omit<EmergencyContacts, 'savedAt'>>): void {
  const before = readEmergency();
  const next: EmergencyContacts = {
    societyName: seen.societyName !== undefined ? seen.societyName : (before?.societyName ?? null),
    guard: seen.guard !== undefined ? seen.guard : (before?.guard ?? null),
    savedAt: new Date().toISOString(),
  };
  if (before && before.societyName === next.societyName && JSON.stringify(before.guard) === JSON.stringify(next.guard)) return;
  localStorage.setItem(KEY, JSON.stringify(next));
}
