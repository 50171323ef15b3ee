/**
 * The member's own account beyond the password (My account), all `ownAccount` routes:
 * - GET /api/society/me/2fa → {on, required};
 * - POST /api/society/me/2fa → {otpauthUrl, secret, qrSvg} (409 when already on);
 * - POST /api/society/me/2fa/confirm {code} → {recoveryCodes} (400 naming `code`);
 * - DELETE /api/society/me/2fa {currentPassword} → 204 (400 naming `currentPassword`, 403 when required);
 * - GET /api/society/me/sessions → {items: OwnSession[]};
 * - DELETE /api/society/me/sessions → {ended}.
 * Query keys `['auth', 'two-factor']` and `['auth', 'sessions']`. Turning two-factor on or off
 * refetches its status; a member held by the requirement is released by `useReleaseHold`.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ZOwnSessions, ZRecoveryCodes, ZTwoFactorEnrolment, ZTwoFactorStatus } from '../../../../shared/contracts/auth';
import { api } from '../../../lib/api-client';
import { meQueryOptions } from '../../../lib/me-query';

const TWO_FACTOR_KEY = ['auth', 'two-factor'] as const;
const SESSIONS_KEY = ['auth', 'sessions'] as const;

export function useTwoFactorStatus() {
  return useQuery({ queryKey: TWO_FACTOR_KEY, queryFn: ({ signal }) => api.get('/api/society/me/2fa', { schema: ZTwoFactorStatus, signal }) });
}

function useTwoFactorChange<TVars, TResult>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY }) });
}

/**
 * Reads `me` again: a member held by the two-factor requirement is released once it is on. Called
 * when they have seen their recovery codes, not at the confirm: the shell would replace the
 * setup, codes and all, at once.
 */
export function useReleaseHold(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
}

export const useEnrolTwoFactor = () => useMutation({ mutationFn: () => api.post('/api/society/me/2fa', undefined, { schema: ZTwoFactorEnrolment }) });
export const useConfirmTwoFactor = () => useTwoFactorChange((code: string) => api.post('/api/society/me/2fa/confirm', { code }, { schema: ZRecoveryCodes }));
export const useTurnOffTwoFactor = () =>
  useTwoFactorChange((currentPassword: string) => api.delete<void>('/api/society/me/2fa', { body: { currentPassword } }));

export function useOwnSessions() {
  return useQuery({ queryKey: SESSIONS_KEY, queryFn: ({ signal }) => api.get('/api/society/me/sessions', { schema: ZOwnSessions, signal }) });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete('/api/society/me/sessions', { schema: z.object({ ended: z.number() }) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
