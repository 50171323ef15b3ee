/**
 * /Deadlines' calls (module 'deadlines', super-admin):
 * - GET /api/deadlines → {desks: DeadlineSetting[]} (hours per stage, null = off);
 * - PUT /api/deadlines {desks} → the same, after the change (audited);
 * - GET /api/deadlines/overdue?page=&q=[&after|&before] → the list response of OverdueItem.
 * Query keys `['deadlines', 'settings']` and `['deadlines', 'list', {}, page, q, cursor]` (the
 * overdue list: the screen's table and, with FIRST_PAGE, the header bell).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZDeadlines, ZOverdueItem, type DeadlineSetting, type Deadlines, type OverdueItem } from '../../../../shared/contracts/deadlines';
import { api } from '../../../lib/api-client';
import { createListQuery } from '../../../lib/list-api';
import type { ListView } from '../../../lib/list-params';

const SETTINGS_KEY = ['deadlines', 'settings'] as const;
const OVERDUE = createListQuery<OverdueItem, Record<string, never>>({ root: 'deadlines', path: '/api/deadlines/overdue', itemSchema: ZOverdueItem });

/** The overdue list's key prefix: invalidated when an item becomes overdue ('overdue-raised'). */
export const overdueListsKey = OVERDUE.keys.lists();

export function useDeadlines() {
  return useQuery({ queryKey: SETTINGS_KEY, queryFn: ({ signal }) => api.get('/api/deadlines', { schema: ZDeadlines, signal }) });
}

export function useSaveDeadlines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (desks: DeadlineSetting[]) => api.put('/api/deadlines', { desks }, { schema: ZDeadlines }),
    onSuccess: (saved: Deadlines) => queryClient.setQueryData(SETTINGS_KEY, saved),
  });
}

/** One page of the society's overdue items, newest first. */
export function useOverdueItems(view: ListView) {
  return OVERDUE.useList({}, view);
}
