/**
 * A staff member's display preferences on this browser (which optional columns each table shows,
 * the colour scheme), kept in local storage under keys of their own so that Log Out, which clears
 * local storage (spec section 2 "Log Out"), keeps them: they hold no data of the society, only how
 * one member likes the screens, and the next member signing in on the same desk has their own.
 * Log Out also keeps the resident app's keys (`sd.resident.…`): that app is served from the same
 * origin, so it shares this local storage, and a staff Log Out must not sign a resident out.
 */
import { RESIDENT_STORAGE_PREFIX } from '../../shared/constants';

/** Every preference key starts with this; nothing else in local storage does. */
export const PREFERENCE_PREFIX = 'pref:';

/** The local storage key of one member's preference, e.g. `pref:12:columns:not-home`. */
export function preferenceKey(memberId: string, name: string): string {
  return `${PREFERENCE_PREFIX}${memberId}:${name}`;
}

/**
 * Whether Log Out keeps local storage entry `key` (spec deviations 82 and 85): a member's display
 * preference (`pref:…`) or the resident app's (`sd.resident.…`); every other key is the session's.
 */
export function keptAtLogOut(key: string): boolean {
  return key.startsWith(PREFERENCE_PREFIX) || key.startsWith(RESIDENT_STORAGE_PREFIX);
}

/** Removes every local storage entry Log Out does not keep ({@link keptAtLogOut}). */
export function clearSessionStorage(storage: Storage): void {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null && !keptAtLogOut(key)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}
