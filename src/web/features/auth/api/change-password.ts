/**
 * PUT /api/society/me/password {currentPassword, newPassword} → 204. Errors: 400 naming
 * `currentPassword` (wrong) or `newPassword` (the current one again, or refused by the policy, with
 * the reason). On success the `me` query is read again, so a shell held for a temporary password
 * opens (lib/me-query.ts `mustChangePassword`).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '../../../../shared/contracts/auth';
import { api } from '../../../lib/api-client';
import { meQueryOptions } from '../../../lib/me-query';

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => api.put<void>('/api/society/me/password', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });
}
