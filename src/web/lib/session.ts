/**
 * Ends the browser side of a session: clears all local storage (spec section 2 "Log Out") but
 * the members' light/dark choices (lib/color-scheme.ts; docs/spec-deviations.md 82), closes
 * the socket and drops cached data so the next user never sees the previous one's lists.
 * Called on Log Out and whenever the server answers 401. The protected routes react to the
 * cleared user and render /Login.
 *
 * What else holds session state registers itself with {@link onSessionEnd} (the socket does)
 * rather than being imported here: the api client imports this file, and the socket imports the
 * api client, so an import of the socket here would close a circle.
 */
import { COLOR_SCHEME_KEY_PREFIX } from './color-scheme';
import { notifyCurrentUserChanged } from './current-user';
import { queryClient } from './query-client';

const endListeners = new Set<() => void>();

/** Calls `listener` whenever a session ends, after local storage is cleared; returns the unsubscribe function. */
export function onSessionEnd(listener: () => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

export function endSession(): void {
  try {
    const storage = window.localStorage;
    // Collected first: removing while walking the keys shifts their indexes.
    const dropped = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (key): key is string => key !== null && !key.startsWith(COLOR_SCHEME_KEY_PREFIX),
    );
    for (const key of dropped) storage.removeItem(key);
  } catch {
    // storage unavailable: nothing to clear
  }
  for (const listener of endListeners) listener();
  queryClient.clear();
  notifyCurrentUserChanged();
}
