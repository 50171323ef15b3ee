/**
 * One mechanism for the three-stage desks (complaints now; security, grocery and doctor later):
 * STYLE "Distilled" 4. A desk is configured with its REST base and shared zod schemas and gets:
 *
 * - query keys: `[key, 'list', stage, page, q]` and `[key, 'detail', id]`;
 * - `useList(stage, page, q)`: GET {basePath}?stage&page&q → {items, total} (10 per page);
 * - `useDetail(id)`: GET {basePath}/:id → item + history (audit trail);
 * - `useTransition()`: PUT {basePath}/:id with the desk's update body ({action:'proceed'} or
 *   {action:'submit', response, confirmed:true}; security's proceed also carries a note);
 * - cache updates shared by the mutation and the live socket events (`applyCreated`,
 *   `applyUpdated`, `invalidateLists`), which touch only the keys of the stages involved.
 */
import { hashKey, keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { PAGE_SIZE } from '../../shared/constants';
import type { ListResponse } from '../../shared/contracts/common';
import { STAGES, type Stage, type SubmitInput } from '../../shared/contracts/desk';
import { api } from './api-client';
import { ApiError } from './api-error';

/** What every desk item has: a numeric id and its stage. */
export interface DeskRecord {
  _id: number;
  stage: Stage;
}

/** PUT body of a stage change, as most desks have it (shared ZProceed | ZSubmit). */
export type DeskTransition = { action: 'proceed' } | SubmitInput;

export interface DeskConfig<TItem extends DeskRecord, TDetail extends TItem, TUpdate> {
  /** Query-key root, e.g. 'complaints'. */
  key: string;
  /** REST base, e.g. '/api/complain'. */
  basePath: string;
  itemSchema: z.ZodType<TItem>;
  listSchema: z.ZodType<ListResponse<TItem>>;
  detailSchema: z.ZodType<TDetail>;
  /** PUT body schema (e.g. ZComplaintUpdate); only its input type is used, to type the mutation. */
  updateSchema: z.ZodType<unknown, TUpdate>;
}

function without<T extends DeskRecord>(list: ListResponse<T> | undefined, id: number): ListResponse<T> | undefined {
  if (!list || !list.items.some((item) => item._id === id)) return list;
  return { items: list.items.filter((item) => item._id !== id), total: Math.max(0, list.total - 1) };
}

export function createDesk<TItem extends DeskRecord, TDetail extends TItem, TUpdate>(config: DeskConfig<TItem, TDetail, TUpdate>) {
  const keys = {
    all: [config.key] as const,
    lists: () => [config.key, 'list'] as const,
    stage: (stage: Stage) => [config.key, 'list', stage] as const,
    list: (stage: Stage, page: number, q: string) => [config.key, 'list', stage, page, q] as const,
    detail: (id: number) => [config.key, 'detail', id] as const,
  };

  const listOptions = (stage: Stage, page: number, q: string) =>
    queryOptions({
      queryKey: keys.list(stage, page, q),
      queryFn: ({ signal }) => api.get(config.basePath, { query: { stage, page, q }, schema: config.listSchema, signal }),
      // Keep the previous page on screen while the next one loads (no flashing empty table).
      placeholderData: keepPreviousData,
    });

  const detailOptions = (id: number) =>
    queryOptions({
      queryKey: keys.detail(id),
      queryFn: ({ signal }) => api.get(`${config.basePath}/${id}`, { schema: config.detailSchema, signal }),
    });

  // Stage changes are one-way (new → processing → completed), so a change already applied for
  // this id and stage (by our own mutation, then echoed by the socket) needs no second refetch.
  const applied = new Map<number, Stage>();

  /** An item changed stage: drop it from other stages' cached pages, refetch the two stages involved. */
  function applyUpdated(queryClient: QueryClient, item: TItem): void {
    if (applied.get(item._id) === item.stage) return;
    applied.set(item._id, item.stage);
    for (const stage of STAGES) {
      if (stage === item.stage) continue;
      queryClient.setQueriesData<ListResponse<TItem>>({ queryKey: keys.stage(stage) }, (old) => without(old, item._id));
    }
    const index = STAGES.indexOf(item.stage);
    const from = index > 0 ? STAGES[index - 1] : undefined;
    void queryClient.invalidateQueries({ queryKey: keys.stage(item.stage) });
    if (from) void queryClient.invalidateQueries({ queryKey: keys.stage(from) });
    void queryClient.invalidateQueries({ queryKey: keys.detail(item._id) });
  }

  /** A new item arrived: put it on top of the unsearched first page; refetch the other pages of its stage. */
  function applyCreated(queryClient: QueryClient, item: TItem): void {
    const firstPage = keys.list(item.stage, 1, '');
    queryClient.setQueryData<ListResponse<TItem>>(firstPage, (old) => {
      if (!old || old.items.some((existing) => existing._id === item._id)) return old;
      return { items: [item, ...old.items].slice(0, PAGE_SIZE), total: old.total + 1 };
    });
    const firstHash = hashKey(firstPage);
    void queryClient.invalidateQueries({ queryKey: keys.stage(item.stage), predicate: (query) => query.queryHash !== firstHash });
  }

  /** Refetch every list of this desk (after a socket reconnect, events may have been missed). */
  function invalidateLists(queryClient: QueryClient): Promise<void> {
    return queryClient.invalidateQueries({ queryKey: keys.lists() });
  }

  function useList(stage: Stage, page: number, q: string) {
    return useQuery(listOptions(stage, page, q));
  }

  function useDetail(id: number | null) {
    return useQuery({ ...detailOptions(id ?? 0), enabled: id !== null });
  }

  function useTransition() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: ({ id, body }: { id: number; body: TUpdate }) =>
        api.put(`${config.basePath}/${id}`, body, { schema: config.itemSchema }),
      onSuccess: (item) => applyUpdated(queryClient, item),
      onError: (error, { id }) => {
        // Someone else moved it on (409) or it is gone (404): show the current state.
        if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
          void invalidateLists(queryClient);
          void queryClient.invalidateQueries({ queryKey: keys.detail(id) });
        }
      },
    });
  }

  return { config, keys, listOptions, detailOptions, applyUpdated, applyCreated, invalidateLists, useList, useDetail, useTransition };
}

export type Desk<TItem extends DeskRecord, TDetail extends TItem, TUpdate> = ReturnType<typeof createDesk<TItem, TDetail, TUpdate>>;
