/**
 * Not-at-home requests (spec sections 2 "Not at home", 3, 4, 5, 7). Not a three-stage desk: the
 * lists filter by `state` (active | cancelled | arrived) and, for the bell, by `guard=unassigned`;
 * they run on the app's one list helper (lib/list-api.ts, lib/list-cache.ts).
 *
 * - GET /api/nothome?state&guard&page&q[&after|&before] → {items: NotHome[], total, totalExact}
 *   (newest first, 10 per page; cursors: docs/adr/0003)
 * - GET /api/nothome/:id → NotHome
 * - PUT /api/nothome/update/:id {guardName, guardPhone, guardEmail} → NotHome; 400 with the spec's
 *   guard message and `field`; 409 'This request is already over.' when no longer active.
 *
 * Query keys: `['notHome', 'list', {state, guard}, page, q, cursor]` and `['notHome', 'detail', id]`.
 */
import { z } from 'zod';
import { ZNotHome, ZNotHomeState, type AssignGuard, type NotHome, type NotHomeState } from '../../../../shared/contracts/not-home';
import { api } from '../../../lib/api-client';
import { createListApi } from '../../../lib/list-api';
import type { ListView } from '../../../lib/list-params';

/** 'unassigned': only requests with no guard yet (the bell's "new requests"). */
export type GuardFilter = 'any' | 'unassigned';

/** The filters of a not-at-home list. */
export type NotHomeFilters = { state: NotHomeState; guard: GuardFilter };

/**
 * A request is in the lists of its state, and in the unassigned ones while it has no guard. A
 * request that is over may have just left the active lists; one with a guard, the unassigned ones.
 */
export const notHomeRequests = createListApi<NotHome, NotHomeFilters>({
  root: 'notHome',
  path: '/api/nothome',
  itemSchema: ZNotHome,
  filtersSchema: z.object({ state: ZNotHomeState, guard: z.enum(['any', 'unassigned']) }),
  belongs: (item, filters) => item.state === filters.state && (filters.guard === 'any' || item.guardName === null),
  cameFrom: (item) => {
    if (item.state !== 'active') return [{ state: 'active' }];
    return item.guardName === null ? [] : [{ state: 'active', guard: 'unassigned' }];
  },
  version: (item) => JSON.stringify([item.state, item.guardName, item.guardPhone, item.guardEmail]),
});

/** One page of the list of a state (`guard='unassigned'`: the bell's list). */
export function useNotHomeList(state: NotHomeState, view: ListView, guard: GuardFilter = 'any') {
  return notHomeRequests.useList({ state, guard }, view);
}

/** One request (disabled while `id` is null). */
export function useNotHomeRequest(id: number | null) {
  return notHomeRequests.useDetail(id, ZNotHome);
}

/** Assigns a guard; the answer updates the lists like the socket event that follows it. */
export function useAssignGuard() {
  return notHomeRequests.useItemMutation(({ id, guard }: { id: number; guard: AssignGuard }) =>
    api.put(`/api/nothome/update/${id}`, guard, { schema: ZNotHome }),
  );
}
