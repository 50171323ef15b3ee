/**
 * /Status's calls (issue 9; spec sections 2 "Status", 5, 8), all module 'status':
 * - GET /api/residents?name=&page=[&after|&before] → {items: ResidentRow[], total, totalExact}
 *   (full-name prefix, case-insensitive; newest first, 10 a page)
 * - GET /api/residents/pending?name=&page= → the same shape, Pending registrations only
 * - GET /api/residents/:id → ResidentStatusDetail (the row plus its account history)
 * - PUT /api/residents/:id/status {status: 'Approve'|'Block'} → ResidentStatusDetail
 *
 * Query keys: `['status', 'list', kind, page, q, cursor]` and `['status', 'detail', id]`. A saved
 * status refetches this screen's lists (a row may leave the pending list) and sets the detail.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZResidentRow, ZResidentStatusDetail, type StatusUpdate } from '../../../../shared/contracts/residents-admin';
import { api } from '../../../lib/api-client';
import { listPageSchema } from '../../../lib/list-api';
import type { ListView } from '../../../lib/list-params';

/** 'all': the name search; 'pending': registrations waiting for a decision. */
export type ResidentListKind = 'all' | 'pending';

const pageSchema = listPageSchema(ZResidentRow);
const PATHS: Record<ResidentListKind, string> = { all: '/api/residents', pending: '/api/residents/pending' };

/** One page of a resident list; `view.q` is sent as `name`. */
export function useResidentList(kind: ResidentListKind, view: ListView) {
  const cursor = view.cursor === null ? {} : 'after' in view.cursor ? { after: view.cursor.after } : { before: view.cursor.before };
  return useQuery({
    queryKey: ['status', 'list', kind, view.page, view.q, view.cursor],
    queryFn: ({ signal }) => api.get(PATHS[kind], { query: { name: view.q, page: view.page, ...cursor }, schema: pageSchema, signal }),
    placeholderData: keepPreviousData,
  });
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
      void queryClient.invalidateQueries({ queryKey: ['status', 'list'] });
    },
  });
}
