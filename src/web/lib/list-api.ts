/**
 * The one web list helper: the fetcher, keys and query options of every server-paginated list
 * (`createListQuery`), and on top of the list cache (`list-cache.ts`) the list hook and item
 * mutation hook of a list that live events change (`createListApi`). Every list in the app (the
 * desks through `createDesk`, not-at-home, the resident searches) is made here, so fetching and
 * keys are written once.
 *
 * Request: `GET <path>?<filters>&page=N&q=text[&after=<id>|&before=<id>]` (the shared list query,
 * docs/adr/0003): with a cursor the server reads the rows after (or before) that id, newest
 * first; without one it reads page N by offset. Response: `{items, total, totalExact, nextAfter,
 * prevBefore}`.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './api-client';
import { ApiError } from './api-error';
import { createListCache, listKeys, type ListCacheConfig, type ListFilters, type ListPage } from './list-cache';
import type { ListCursor, ListView } from './list-params';

/**
 * `{items, total, totalExact, nextAfter, prevBefore}` (shared `listResponse`); a missing
 * `totalExact` reads as true (an older server counted every match exactly), missing cursors as none.
 */
export function listPageSchema<TItem>(item: z.ZodType<TItem>): z.ZodType<ListPage<TItem>> {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    totalExact: z.boolean().default(true),
    nextAfter: z.number().int().nullable().default(null),
    prevBefore: z.number().int().nullable().default(null),
  });
}

export interface ListApiConfig<TItem extends { _id: number }, TFilters extends ListFilters> extends ListCacheConfig<TItem, TFilters> {
  /** The list URL, e.g. '/api/nothome'. */
  path: string;
  /** One row of the list (also checks live event payloads). */
  itemSchema: z.ZodType<TItem>;
}

function cursorQuery(cursor: ListCursor): { after?: number; before?: number } {
  if (cursor === null) return {};
  return 'after' in cursor ? { after: cursor.after } : { before: cursor.before };
}

/** What {@link createListQuery} needs: the key root, the URL and the row schema. */
export interface ListQueryConfig<TItem> {
  /** Query-key root, e.g. 'complaints'. */
  root: string;
  /** The list URL, e.g. '/api/nothome'. */
  path: string;
  /** One row of the list. */
  itemSchema: z.ZodType<TItem>;
}

/**
 * A list's fetcher and query options, keyed `[root, 'list', filters, page, q, cursor]`
 * (`listKeys`). Alone, it serves a list no live event changes (the resident searches);
 * {@link createListApi} adds the cache rules for the rest.
 */
export function createListQuery<TItem, TFilters extends ListFilters>(config: ListQueryConfig<TItem>) {
  const keys = listKeys<TFilters>(config.root);
  const pageSchema = listPageSchema(config.itemSchema);

  /** Query options of one page; the previous page stays on screen while the next one loads. */
  const listOptions = (filters: TFilters, view: ListView) =>
    queryOptions({
      queryKey: keys.list(filters, view),
      queryFn: ({ signal }) =>
        api.get(config.path, { query: { ...filters, page: view.page, q: view.q, ...cursorQuery(view.cursor) }, schema: pageSchema, signal }),
      placeholderData: keepPreviousData,
    });

  /** One page of the list with these filters. */
  function useList(filters: TFilters, view: ListView) {
    return useQuery(listOptions(filters, view));
  }

  return { keys, listOptions, useList };
}

/** A module's list that live events change: the list cache plus its fetcher and hooks. */
export function createListApi<TItem extends { _id: number }, TFilters extends ListFilters>(config: ListApiConfig<TItem, TFilters>) {
  const cache = createListCache(config);
  const { listOptions, useList } = createListQuery<TItem, TFilters>(config);

  /**
   * A change of one item by this screen (answered with the item): the cache is updated like a
   * live event. 409 (someone else moved it on) or 404 (gone) refetch the lists and the item.
   */
  function useItemMutation<TVars extends { id: number }>(mutationFn: (vars: TVars) => Promise<TItem>) {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn,
      onSuccess: (item) => cache.applyUpdated(queryClient, item),
      onError: (error, { id }) => {
        if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
          void cache.invalidateLists(queryClient);
          void queryClient.invalidateQueries({ queryKey: cache.keys.detail(id) });
        }
      },
    });
  }

  /** One item from `<path>/<id>`, read with `schema` (e.g. the item with its history); disabled while `id` is null. */
  function useDetail<TDetail>(id: number | null, schema: z.ZodType<TDetail>) {
    return useQuery({
      queryKey: cache.keys.detail(id ?? 0),
      queryFn: ({ signal }) => api.get(`${config.path}/${id}`, { schema, signal }),
      enabled: id !== null,
    });
  }

  return { ...cache, itemSchema: config.itemSchema, listOptions, useList, useItemMutation, useDetail };
}

export type ListApi<TItem extends { _id: number }, TFilters extends ListFilters> = ReturnType<typeof createListApi<TItem, TFilters>>;
