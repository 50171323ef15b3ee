/**
 * SOS drill calls (button-one and super-admin):
 * - GET /api/security/drills?page=N[&after=<id>|&before=<id>] → the list response of Drill,
 *   newest first, 10 a page (the shared list query, no search);
 * - GET /api/security/drills/:id → DrillReport (screens that rang, acknowledgement, timeline);
 * - POST /api/security/drills → Drill (201; 409 while one runs);
 * - POST /api/security/drills/:id/end → Drill.
 * Query keys `['drills', 'list', {}, page, q, cursor]` (lib/list-api.ts) and `['drills', 'report', id]`; a start or an end
 * refetches both (a drill changes on its own too: screens ring, someone acknowledges).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZDrill, ZDrillReport, type Drill } from '../../../shared/contracts/drills';
import { api } from '../../lib/api-client';
import { useSocketEvent } from '../../lib/socket';
import { createListQuery } from '../../lib/list-api';
import type { ListView } from '../../lib/list-params';

export const DRILL_KEYS = { all: ['drills'] as const };

const DRILLS = createListQuery<Drill, Record<string, never>>({ root: 'drills', path: '/api/security/drills', itemSchema: ZDrill });

/**
 * One page of the society's drills, newest first, 10 a page: `{items: Drill[], total, totalExact,
 * nextAfter, prevBefore}` (the shared list response) for the page and keyset cursor of `view`
 * (its `q` is ignored: the server does not search drills). The previous page stays on screen while
 * the next one loads. The error is an ApiError: 403 for staff who may not run drills (only
 * button-one and super-admin may), 400 naming `page`, `after` or `before` when one is malformed,
 * 401 (the session ends), status 0 offline.
 * It keeps up with drills run from other screens: any alarm arriving on this screen's socket (a
 * drill's among them; the list is only mounted while the drills panel is open) refetches it, and
 * while it shows a running drill it is read again every {@link RUNNING_DRILL_REFRESH_MS} (a drill
 * ends by an acknowledgement anywhere).
 */
export function useDrills(view: ListView) {
  const queryClient = useQueryClient();
  useSocketEvent('receive-security', () => void queryClient.invalidateQueries({ queryKey: DRILL_KEYS.all }));
  return useQuery({
    ...DRILLS.listOptions({}, view),
    refetchInterval: (q) => (q.state.data?.items.some((d) => d.endedAt === null) ? RUNNING_DRILL_REFRESH_MS : false),
  });
}

/** How often (ms) a drills list showing a running drill is read again. */
export const RUNNING_DRILL_REFRESH_MS = 3_000;

/** One drill's report; polled every 2 s while the drill runs (screens report as they ring). */
export function useDrillReport(id: number | null) {
  return useQuery({
    queryKey: ['drills', 'report', id],
    queryFn: ({ signal }) => api.get(`/api/security/drills/${id}`, { schema: ZDrillReport, signal }),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && q.state.data.endedAt === null ? 2_000 : false),
  });
}

function useDrillMutation<TVars, TResult>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: DRILL_KEYS.all }) });
}

/**
 * Starts a drill (no variables): a practice alarm, marked DRILL, rings on every security screen.
 * Resolves to the new Drill (201: `_id`, `startedAt` ISO 8601, `screensAtStart`, `endedAt` null).
 * Rejects with an ApiError: 409 while another drill of the society runs, 403 for staff who may not
 * run drills, 401 (the session ends), status 0 offline. Settled either way, the drill lists and
 * reports are refetched.
 */
export const useStartDrill = () => useDrillMutation(() => api.post('/api/security/drills', undefined, { schema: ZDrill }));

/**
 * Ends the drill with this `_id` (its alarm is acknowledged if nobody did). Resolves to the ended
 * Drill (`endedAt`, `endedBy` set); ending an ended drill resolves to it unchanged. Rejects with
 * an ApiError: 404 for a drill not of this society, 403 for staff who may not run drills, 401 (the
 * session ends), status 0 offline. Settled either way, the drill lists and reports are refetched.
 */
export const useEndDrill = () => useDrillMutation((id: number) => api.post(`/api/security/drills/${id}/end`, undefined, { schema: ZDrill }));
