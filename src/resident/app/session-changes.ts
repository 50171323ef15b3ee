/**
 * What follows every change of the session in this browser (sign-in, sign-out, a 401, a sign-in or
 * sign-out in another tab), wherever it came from. The query keys carry no resident ID, so the
 * cached answers of the previous session are dropped: on a shared phone the next resident never sees
 * the previous one's data, not even for a moment. The saved guard of the offline screen is kept only
 * for the resident now signed in (lib/emergency.ts). And this browser's Web Push subscription
 * follows the session (features/account/web-push.ts): unsubscribed when the session ends (after a
 * 401 the server can no longer be asked; the push service answers its next push 410 and the server
 * forgets the row), and stored for the resident who signs in, so it never delivers the previous
 * resident's pushes while Profile says "On".
 */
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { forgetOthersGuard } from '../lib/emergency';
import { keys } from '../lib/query-client';
import { getSession, subscribeSession } from '../lib/session';

/** Mounted once, by the app's root, with its query client. */
export function useSessionChanges(client: QueryClient): void {
  useEffect(() => {
    let last = getSession()?.token ?? null;
    return subscribeSession(() => {
      const session = getSession();
      const token = session?.token ?? null;
      if (token === last) return;
      last = token;
      void client.cancelQueries();
      if (session) {
        // Signed in (perhaps in place of someone else, from another tab): the screens still mounted
        // read again as the new resident; the rest of the cache is emptied.
        void client.resetQueries();
      } else {
        client.removeQueries();
      }
      forgetOthersGuard(session?.who.residentId ?? null);
      void import('../features/account/web-push')
        .then((push) => (session ? push.adoptBrowserSubscription() : push.dropBrowserSubscription()))
        .then(() => client.invalidateQueries({ queryKey: keys.push }));
    });
  }, [client]);
}
