/**
 * The shell's session check on GET /api/society/me (`meQueryOptions`, lib/me-query.ts), once when
 * the signed-in shell mounts: a stored user whose server session has gone is sent to /Login at
 * once (the API client ends the session on 401), and a user whose details changed on the server
 * gets the fresh copy.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getCurrentUser, storeCurrentUser } from '../../../lib/current-user';
import { meQueryOptions } from '../../../lib/me-query';

export function useSessionCheck(): void {
  const { data } = useQuery(meQueryOptions);
  useEffect(() => {
    if (!data) return;
    const stored = getCurrentUser();
    if (!stored || JSON.stringify(stored) !== JSON.stringify(data.user)) storeCurrentUser(data.user);
  }, [data]);
}

/** True while the member signed in with a temporary password has not chosen their own (GET /api/society/me). */
export function useMustChangePassword(): boolean {
  return useQuery(meQueryOptions).data?.mustChangePassword === true;
}
