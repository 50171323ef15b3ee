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

/**
 * The society's deadlines: `{desks: DeadlineSetting[]}`, one entry per desk in DEADLINE_DESK_NAMES
 * order (complaint, grocery, doctor), each with `firstActionHours` (new → processing) and
 * `completionHours` (processing → completed) in whole hours 1–8760 or null for off, and
 * `notifyResident`; the defaults (24 h, 72 h) for a desk never set. The error is an ApiError:
 * 403 for staff other than super-admin, 401 (the session ends), status 0 offline.
 */
export function useDeadlines() {
  return useQuery({ queryKey: SETTINGS_KEY, queryFn: ({ signal }) => api.get('/api/deadlines', { schema: ZDeadlines, signal }) });
}

/**
 * Saves the desks given (`DeadlineSetting[]`, 1 to 3, each desk once; desks left out keep theirs)
 * with PUT /api/deadlines, audited by the server. Resolves to every desk's settings after the
 * change, which replace the cached {@link useDeadlines} answer (no refetch). Rejects with an
 * ApiError: 400 naming the field (e.g. `desks.0.firstActionHours`: hours not a whole number from
 * 1 to 8760; `desks.1.desk`: a desk named twice), 403 for staff other than super-admin, 401 (the
 * session ends), status 0 offline.
 */
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
