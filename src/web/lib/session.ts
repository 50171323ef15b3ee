/**
 * Ends the browser side of a session: clears ALL local storage (spec section 2 "Log Out"),
 * closes the socket and drops cached data so the next user never sees the previous one's lists.
 * Called on Log Out and whenever the server answers 401. The protected routes react to the
 * cleared user and render /Login.
 */
import { notifyCurrentUserChanged } from './current-user';
import { queryClient } from './query-client';
import { disconnectSocket } from './socket';

export function endSession(): void {
  try {
    window.localStorage.clear();
  } catch {
    // storage unavailable: nothing to clear
  }
  disconnectSocket();
  queryClient.clear();
  notifyCurrentUserChanged();
}
