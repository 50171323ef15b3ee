/**
 * GET /api/society/me → 200 {user} or 401. Checked once when the signed-in shell mounts: a
 * stored user whose server session has gone is sent to /Login at once (the API client ends the
 * session on 401), and a user whose details changed on the server gets the fresh copy.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client';
import { getCurrentUser, storeCurrentUser } from '../../../lib/current-user';
import { loadLoginResponse } from './auth-contract';

export const meQueryOptions = queryOptions({
  queryKey: ['auth', 'me'],
  queryFn: ({ signal }) => api.get('/api/society/me', { loadSchema: loadLoginResponse, signal }),
  staleTime: Infinity,
  retry: false,
});

export function useSessionCheck(): void {
  const { data } = useQuery(meQueryOptions);
  useEffect(() => {
    if (!data) return;
    const stored = getCurrentUser();
    if (!stored || JSON.stringify(stored) !== JSON.stringify(data.user)) storeCurrentUser(data.user);
  }, [data]);
}
