/**
 * A staff member's display preferences on this browser (which optional columns each table shows,
 * the colour scheme), kept in local storage under keys of their own so that Log Out, which clears
 * local storage (spec section 2 "Log Out"), keeps them: they hold no data of the society, only how
 * one member likes the screens, and the next member signing in on the same desk has their own.
 */

/** Every preference key starts with this; nothing else in local storage does. */
export const PREFERENCE_PREFIX = 'pref:';

/** The local storage key of one member's preference, e.g. `pref:12:columns:not-home`. */
export function preferenceKey(memberId: string, name: string): string {
  return `${PREFERENCE_PREFIX}${memberId}:${name}`;
}

/** Removes every local storage entry except the members' preferences. */
export function clearSessionStorage(storage: Storage): void {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null && !key.startsWith(PREFERENCE_PREFIX)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}
