/**
 * /Staff's calls (module 'staff', super-admin):
 * - GET /api/staff?page=&q=[&after|&before] → the list response of StaffMember (newest first, 10
 *   a page; `q` a part of the name or email);
 * - POST /api/staff {name, email, subRole} → 201 {_id, temporaryPassword}; 409 for a taken email;
 * - PUT /api/staff/:id {subRole?, disabled?} → StaffMember; 403 for one's own account, 409 for the
 *   society's last super-admin;
 * - POST /api/staff/:id/reset-password → {temporaryPassword};
 * - DELETE /api/staff/:id/sessions → 204.
 * - GET and PUT /api/society/two-factor-policy {requireForSuperAdmins} (409 while the caller has
 *   no two-factor sign-in of their own).
 * Query keys `['staff', 'list', {}, page, q, cursor]` and `['staff', 'two-factor-policy']`; every
 * change refetches the list.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZTwoFactorPolicy } from '../../../../shared/contracts/auth';
import {
  ZStaffCreated,
  ZStaffMember,
  ZTemporaryPassword,
  type StaffCreate,
  type StaffMember,
  type StaffUpdate,
} from '../../../../shared/contracts/staff-admin';
import { api } from '../../../lib/api-client';
import { createListQuery } from '../../../lib/list-api';
import type { ListView } from '../../../lib/list-params';

const LIST = createListQuery<StaffMember, Record<string, never>>({ root: 'staff', path: '/api/staff', itemSchema: ZStaffMember });

/** One page of the society's staff; `view.q` searches names and emails. */
export function useStaffList(view: ListView) {
  return useQuery(LIST.listOptions({}, view));
}

function useStaffMutation<TVars, TResult>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: LIST.keys.lists() }) });
}

export const useAddStaff = () => useStaffMutation((body: StaffCreate) => api.post('/api/staff', body, { schema: ZStaffCreated }));
export const useUpdateStaff = () =>
  useStaffMutation(({ id, ...change }: StaffUpdate & { id: number }) => api.put(`/api/staff/${id}`, change, { schema: ZStaffMember }));
export const useResetStaffPassword = () =>
  useStaffMutation((id: number) => api.post(`/api/staff/${id}/reset-password`, undefined, { schema: ZTemporaryPassword }));
export const useSignStaffOut = () => useStaffMutation((id: number) => api.delete<void>(`/api/staff/${id}/sessions`));

const POLICY_KEY = ['staff', 'two-factor-policy'] as const;

export function useTwoFactorPolicy() {
  return useQuery({ queryKey: POLICY_KEY, queryFn: ({ signal }) => api.get('/api/society/two-factor-policy', { schema: ZTwoFactorPolicy, signal }) });
}

export function useSetTwoFactorPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requireForSuperAdmins: boolean) => api.put('/api/society/two-factor-policy', { requireForSuperAdmins }, { schema: ZTwoFactorPolicy }),
    onSuccess: (policy) => queryClient.setQueryData(POLICY_KEY, policy),
  });
}
