/**
 * The shell's session check on GET /api/society/me (`meQueryOptions`, lib/me-query.ts), once when
 * the signed-in shell mounts: a stored user whose server session has gone is sent to /Login at
 * once (the API client ends the session on 401), and a user whose details changed on the server
 * gets the fresh copy, then and whenever the server has closed the live socket.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getCurrentUser, storeCurrentUser } from '../../../lib/current-user';
import { meQueryOptions } from '../../../lib/me-query';
import { setWhoAmI } from '../../../lib/socket';

export function useSessionCheck(): void {
  const { data } = useQuery(meQueryOptions);
  const queryClient = useQueryClient();
  // When the server closes the socket, its question "who am I?" refreshes this query (a new sub-role → a new menu).
  useEffect(() => setWhoAmI(() => queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 })), [queryClient]);
  useEffect(() => {
    if (!data) return;
    const stored = getCurrentUser();
    if (!stored || JSON.stringify(stored) !== JSON.stringify(data.user)) storeCurrentUser(data.user);
  }, [data]);
}

/**
 * What holds the member at their own account (GET /api/society/me): 'password' while a temporary
 * password is not yet replaced, 'two-factor' while their society requires two-factor sign-in they
 * have not turned on; null otherwise. The server refuses every screen's requests meanwhile.
 */
export function useAccountHold(): 'password' | 'two-factor' | null {
  const data = useQuery(meQueryOptions).data;
  if (data?.mustChangePassword) return 'password';
  return data?.mustEnrolTwoFactor ? 'two-factor' : null;
}
