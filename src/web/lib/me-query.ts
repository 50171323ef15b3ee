/**
 * GET /api/society/me → 200 {user, logoUrl, timeZone} or 401: the signed-in staff member's details,
 * the society's logo and time zone. The answer sets the zone dates are written in (lib/time-zone.ts)
 * as it arrives, before any component reads it. The shell checks it once (features/auth `useSessionCheck`); the header, the
 * /Logo screen and the logo's socket listener read and write its `logoUrl`, so a new logo shows on
 * every screen at once. It lives in lib because the shell and several features share it.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from './api-client';
import { setSocietyTimeZone } from './time-zone';

/**
 * The validator of the answer, loaded on first use: the initial load carries no zod. The login
 * page loads the same shared contract (features/auth/api/auth-contract.ts).
 */
export const loadLoginResponse = () => import('../../shared/contracts/auth').then((contract) => contract.ZLoginResponse);
/** The validator of the sign-in's answer (signed in, or a two-factor challenge), loaded the same way. */
export const loadLoginAnswer = () => import('../../shared/contracts/auth').then((contract) => contract.ZLoginAnswer);

export const meQueryOptions = queryOptions({
  queryKey: ['auth', 'me'],
  queryFn: async ({ signal }) => {
    const answer = await api.get('/api/society/me', { loadSchema: loadLoginResponse, signal });
    // An answer that arrives after Log Out (endSession cancels the query) must not remember the
    // zone in the storage the Log Out has just cleared.
    if (signal.aborted) throw new DOMException('The session ended', 'AbortError');
    setSocietyTimeZone(answer.timeZone);
    return answer;
  },
  staleTime: Infinity,
  retry: false,
});

/** The society's logo URL: null when none is set, undefined until the `me` query has answered. */
export function useSocietyLogo(): string | null | undefined {
  const { data } = useQuery(meQueryOptions);
  return data ? (data.logoUrl ?? null) : undefined;
}

/** Writes a new logo URL into the `me` query (every header re-renders with it). */
export function useSetSocietyLogo(): (logoUrl: string | null) => void {
  const queryClient = useQueryClient();
  return useCallback((logoUrl: string | null) => queryClient.setQueryData(meQueryOptions.queryKey, (old) => (old ? { ...old, logoUrl } : old)), [queryClient]);
}
