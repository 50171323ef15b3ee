/**
 * /Status's calls (spec sections 2 "Status", 5, 8), all module 'status':
 * - GET /api/residents?q=&page=[&after|&before] → the list response of ResidentRow (full-name
 *   prefix, case-insensitive; newest first, 10 a page)
 * - GET /api/residents/pending?q=&page= → the same shape, Pending registrations only
 * - GET /api/residents/:id → ResidentStatusDetail (the row plus its account history)
 * - PUT /api/residents/:id/status {status: 'Approve'|'Block'} → ResidentStatusDetail
 * - POST /api/residents/:id/reset-password → {temporaryPassword} (shown once; the resident's
 *   tokens are revoked and the app asks for a new password at their next sign-in)
 *
 * Query keys: `['status', 'list', {}, page, q, cursor]`, `['status-pending', 'list', …]` (the one
 * list helper's keys) and `['status', 'detail', id]`. A saved status refetches this screen's lists
 * (a row may leave the pending list) and sets the detail.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZResidentRow, ZResidentStatusDetail, type ResidentRow, type StatusUpdate } from '../../../../shared/contracts/residents-admin';
import { ZTemporaryPassword } from '../../../../shared/contracts/staff-admin';
import { api } from '../../../lib/api-client';
import { createListQuery } from '../../../lib/list-api';
import type { ListView } from '../../../lib/list-params';

/** 'all': the name search; 'pending': registrations waiting for a decision. */
export type ResidentListKind = 'all' | 'pending';

const LISTS = {
  all: createListQuery<ResidentRow, Record<string, never>>({ root: 'status', path: '/api/residents', itemSchema: ZResidentRow }),
  pending: createListQuery<ResidentRow, Record<string, never>>({ root: 'status-pending', path: '/api/residents/pending', itemSchema: ZResidentRow }),
} satisfies Record<ResidentListKind, unknown>;

/** One page of a resident list; `view.q` is the name searched. */
export function useResidentList(kind: ResidentListKind, view: ListView) {
  return useQuery(LISTS[kind].listOptions({}, view));
}

/** One resident with their history (disabled while `id` is null). */
export function useResidentDetail(id: number | null) {
  return useQuery({
    queryKey: ['status', 'detail', id],
    queryFn: ({ signal }) => api.get(`/api/residents/${id}`, { schema: ZResidentStatusDetail, signal }),
    enabled: id !== null,
  });
}

/** Saves Approve or Block. */
export function useSetResidentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number } & StatusUpdate) => api.put(`/api/residents/${id}/status`, { status }, { schema: ZResidentStatusDetail }),
    onSuccess: (detail) => {
      queryClient.setQueryData(['status', 'detail', detail._id], detail);
      for (const list of Object.values(LISTS)) void queryClient.invalidateQueries({ queryKey: list.keys.lists() });
    },
  });
}

/** Resets a resident's password; then the detail is read again (its history gains the reset). */
export function useResetResidentPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`/api/residents/${id}/reset-password`, undefined, { schema: ZTemporaryPassword }),
    onSuccess: (_answer, id) => queryClient.invalidateQueries({ queryKey: ['status', 'detail', id] }),
  });
}
