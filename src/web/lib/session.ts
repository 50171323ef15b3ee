/**
 * Ends the browser side of a session: clears local storage (spec section 2 "Log Out") except the
 * members' display preferences and the resident app's keys (lib/preferences.ts `keptAtLogOut`:
 * their columns and light/dark choice; a resident signed in at /app in this browser; spec
 * deviations 82 and 85), closes the socket and drops cached data so the next user never sees the
 * previous one's lists.
 * Called on Log Out and whenever the server answers 401. The protected routes react to the
 * cleared user and render /Login.
 *
 * What else holds session state registers itself with {@link onSessionEnd} (the socket does)
 * rather than being imported here: the api client imports this file, and the socket imports the
 * api client, so an import of the socket here would close a circle.
 */
import { notifyCurrentUserChanged } from './current-user';
import { clearSessionStorage } from './preferences';
import { queryClient } from './query-client';

const endListeners = new Set<() => void>();

/** Calls `listener` whenever a session ends, after the session's local storage is cleared; returns the unsubscribe function. */
export function onSessionEnd(listener: () => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

export function endSession(): void {
  // Queries still in flight are cancelled first, so none of their answers writes the ended
  // session's state back (the `me` query remembers the society's time zone).
  void queryClient.cancelQueries();
  try {
    clearSessionStorage(window.localStorage);
  } catch {
    // storage unavailable: nothing to clear
  }
  for (const listener of endListeners) listener();
  queryClient.clear();
  notifyCurrentUserChanged();
}
