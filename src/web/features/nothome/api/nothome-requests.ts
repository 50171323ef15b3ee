/**
 * Not-at-home requests (spec sections 2 "Not at home", 3, 4, 5, 7). Not a three-stage desk: the
 * lists filter by `state` (active | cancelled | arrived) and, for the bell, by `guard=unassigned`.
 *
 * - GET /api/nothome?state&guard&page&q → {items: NotHome[], total} (newest first, 10 per page)
 * - GET /api/nothome/:id → NotHome
 * - PUT /api/nothome/update/:id {guardName, guardPhone, guardEmail} → NotHome; 400 with the spec's
 *   guard message and `field`; 409 'This request is already over.' when no longer active.
 *
 * Query keys: `['nothome', 'list', state, guard, page, q]` and `['nothome', 'detail', id]`.
 * Live changes land in the cache here (`applyCreated`, `applyUpdated`), touching only the lists
 * of the states involved.
 */
import { hashKey, keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../../../shared/constants';
import type { ListResponse } from '../../../../shared/contracts/common';
import { ZNotHome, ZNotHomeList, type AssignGuard, type NotHome, type NotHomeState } from '../../../../shared/contracts/nothome';
import { api } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

/** 'unassigned': only requests with no guard yet (the bell's "new requests"). */
export type GuardFilter = 'any' | 'unassigned';

export const notHomeKeys = {
  lists: () => ['nothome', 'list'] as const,
  state: (state: NotHomeState) => ['nothome', 'list', state] as const,
  list: (state: NotHomeState, guard: GuardFilter, page: number, q: string) => ['nothome', 'list', state, guard, page, q] as const,
  detail: (id: number) => ['nothome', 'detail', id] as const,
};

type ListKey = ReturnType<typeof notHomeKeys.list>;

export const notHomeListOptions = (state: NotHomeState, guard: GuardFilter, page: number, q: string) =>
  queryOptions({
    queryKey: notHomeKeys.list(state, guard, page, q),
    queryFn: ({ signal }) => api.get('/api/nothome', { query: { state, guard, page, q }, schema: ZNotHomeList, signal }),
    placeholderData: keepPreviousData,
  });

export function useNotHomeList(state: NotHomeState, page: number, q: string, guard: GuardFilter = 'any') {
  return useQuery(notHomeListOptions(state, guard, page, q));
}

export function useNotHomeRequest(id: number | null) {
  return useQuery({
    queryKey: notHomeKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get(`/api/nothome/${id}`, { schema: ZNotHome, signal }),
    enabled: id !== null,
  });
}

const belongs = (key: ListKey, item: NotHome) => key[2] === item.state && (key[3] === 'any' || item.guardName === null);

/** A resident filed a request: on top of the unsearched first pages it belongs to; other pages of its state refetch. */
export function applyCreated(queryClient: QueryClient, item: NotHome): void {
  const firstPages = (['any', 'unassigned'] as const).map((guard) => notHomeKeys.list(item.state, guard, 1, '')).filter((key) => belongs(key, item));
  for (const key of firstPages) {
    queryClient.setQueryData<ListResponse<NotHome>>(key, (old) => {
      if (!old || old.items.some((existing) => existing._id === item._id)) return old;
      return { items: [item, ...old.items].slice(0, PAGE_SIZE), total: old.total + 1 };
    });
  }
  const updated = new Set(firstPages.map((key) => hashKey(key)));
  void queryClient.invalidateQueries({ queryKey: notHomeKeys.state(item.state), predicate: (query) => !updated.has(query.queryHash) });
}

// The same change arrives twice when this screen made it (mutation answer, then the event).
const lastApplied = new Map<number, string>();
const signature = (item: NotHome) => JSON.stringify([item.state, item.guardName, item.guardPhone, item.guardEmail]);

/**
 * A request changed (guard assigned, cancelled, arrived): replaced in place where it still
 * belongs, dropped from the lists it left; then the lists of its state — and the active ones it
 * may have left — refetch for counts and order.
 */
export function applyUpdated(queryClient: QueryClient, item: NotHome): void {
  queryClient.setQueryData(notHomeKeys.detail(item._id), item);
  if (lastApplied.get(item._id) === signature(item)) return;
  lastApplied.set(item._id, signature(item));
  for (const query of queryClient.getQueryCache().findAll({ queryKey: notHomeKeys.lists() })) {
    const key = query.queryKey as ListKey;
    queryClient.setQueryData<ListResponse<NotHome>>(key, (old) => {
      if (!old || !old.items.some((existing) => existing._id === item._id)) return old;
      if (!belongs(key, item)) return { items: old.items.filter((existing) => existing._id !== item._id), total: Math.max(0, old.total - 1) };
      return { ...old, items: old.items.map((existing) => (existing._id === item._id ? item : existing)) };
    });
  }
  void queryClient.invalidateQueries({ queryKey: notHomeKeys.state(item.state) });
  if (item.state !== 'active') void queryClient.invalidateQueries({ queryKey: notHomeKeys.state('active') });
}

/** After a reconnect events may have been missed: refetch every not-at-home list. */
export function invalidateNotHomeLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: notHomeKeys.lists() });
}

export function useAssignGuard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, guard }: { id: number; guard: AssignGuard }) => api.put(`/api/nothome/update/${id}`, guard, { schema: ZNotHome }),
    onSuccess: (item) => applyUpdated(queryClient, item),
    onError: (error, { id }) => {
      // No longer active (409) or gone (404): show the current state.
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
        void invalidateNotHomeLists(queryClient);
        void queryClient.invalidateQueries({ queryKey: notHomeKeys.detail(id) });
      }
    },
  });
}
