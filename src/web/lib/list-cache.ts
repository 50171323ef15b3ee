/**
 * The one list cache of the web app (STYLE "Distilled" 6): the query keys of every
 * server-paginated list and the cache rules shared by mutations and live socket events. A module
 * describes its lists (the three desks by stage, not-at-home by state and guard) and gets:
 *
 * - keys `[root, 'list', filters, page, q, cursor]` and `[root, 'detail', id]`;
 * - `applyCreated`: a new item goes on top of the unsearched first page of each cached list it
 *   belongs to (total +1); the other cached pages of those lists are refetched;
 * - `applyUpdated`: a changed item is replaced where it still belongs and removed from the cached
 *   pages it no longer belongs to; the lists it now belongs to and the lists it left are refetched
 *   — except a list whose cached page already held it (its membership did not change);
 * - `patchItem`: an in-place change that moves the item between no lists (no refetch);
 * - `invalidateLists`: after a reconnect, refetch this module's lists.
 *
 * Only cached queries that a change touches are invalidated (and only those on screen refetch).
 */
import { hashKey, type Query, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { PAGE_SIZE } from '../../shared/constants';
import type { ListView } from './list-params';

/**
 * One page of one list as the web keeps it (the shared list contract): `totalExact` false means
 * `total` is a lower bound; `nextAfter`/`prevBefore` are the cursors of the pages next to it.
 */
export interface ListPage<T> {
  items: T[];
  total: number;
  totalExact: boolean;
  nextAfter?: number | null;
  prevBefore?: number | null;
}

/** A list's own filters as sent in the query string, e.g. `{stage: 'new'}`. */
export type ListFilters = Record<string, string>;

export interface ListCacheConfig<TItem extends { _id: number }, TFilters extends ListFilters> {
  /** Query-key root, e.g. 'complaints'. */
  root: string;
  /** Reads the filters back out of a cached key (keys are plain data; this keeps them typed). */
  filtersSchema: z.ZodType<TFilters>;
  /** Whether the list with these filters (unsearched) holds the item in its current state. */
  belongs: (item: TItem, filters: TFilters) => boolean;
  /** The lists an item in this state may have just left (partial filters match every list that has them). */
  cameFrom: (item: TItem) => Partial<TFilters>[];
  /** What a change is (e.g. its stage): the same version twice (our mutation, then its socket echo) is applied once. */
  version: (item: TItem) => string;
}

const ZCursor = z.union([z.strictObject({ after: z.number() }), z.strictObject({ before: z.number() }), z.null()]);

/** Keys of one module's queries. */
export function listKeys<TFilters extends ListFilters>(root: string) {
  return {
    all: [root] as const,
    lists: () => [root, 'list'] as const,
    list: (filters: TFilters, view: ListView) => [root, 'list', filters, view.page, view.q, view.cursor] as const,
    detail: (id: number) => [root, 'detail', id] as const,
  };
}

const matches = <TFilters extends ListFilters>(filters: TFilters, partial: Partial<TFilters>) =>
  Object.entries(partial).every(([key, value]) => filters[key] === value);

/** The keys and cache rules of one module's lists (see the file header). */
export function createListCache<TItem extends { _id: number }, TFilters extends ListFilters>(config: ListCacheConfig<TItem, TFilters>) {
  const keys = listKeys<TFilters>(config.root);
  const keySchema = z.tuple([z.literal(config.root), z.literal('list'), config.filtersSchema, z.number(), z.string(), ZCursor]);

  /** Every cached list query of this module, with its key read back. */
  function cachedLists(queryClient: QueryClient) {
    const found: { query: Query; filters: TFilters; view: ListView }[] = [];
    for (const query of queryClient.getQueryCache().findAll({ queryKey: keys.lists() })) {
      const key = keySchema.safeParse(query.queryKey);
      if (key.success) found.push({ query, filters: key.data[2], view: { page: key.data[3], q: key.data[4], cursor: key.data[5] } });
    }
    return found;
  }

  function invalidate(queryClient: QueryClient, hashes: Set<string>): void {
    if (hashes.size > 0) void queryClient.invalidateQueries({ queryKey: keys.lists(), predicate: (query) => hashes.has(query.queryHash) });
  }

  /** A new item (live event): on top of each cached unsearched first page it belongs to; its lists' other pages refetch. */
  function applyCreated(queryClient: QueryClient, item: TItem): void {
    const refetch = new Set<string>();
    for (const { query, filters, view } of cachedLists(queryClient)) {
      if (!config.belongs(item, filters)) continue;
      const top = view.page === 1 && view.q === '' && view.cursor === null;
      // A first page still loading, or refetching, may answer without the item: fetch it again.
      if (!top || query.state.data === undefined || query.state.fetchStatus === 'fetching') refetch.add(query.queryHash);
      if (!top) continue;
      queryClient.setQueryData<ListPage<TItem>>(query.queryKey, (old) => {
        if (!old || old.items.some((existing) => existing._id === item._id)) return old;
        return { ...old, items: [item, ...old.items].slice(0, PAGE_SIZE), total: old.totalExact ? old.total + 1 : old.total };
      });
    }
    invalidate(queryClient, refetch);
  }

  // A change already applied for this id and version (our own mutation, then echoed by the socket)
  // needs no second pass.
  const applied = new Map<number, string>();

  /** A changed item (our mutation's answer or a live event): see the file header. */
  function applyUpdated(queryClient: QueryClient, item: TItem): void {
    const version = config.version(item);
    if (applied.get(item._id) === version) return;
    applied.set(item._id, version);
    queryClient.setQueryData<TItem>(keys.detail(item._id), (old) => (old ? { ...old, ...item } : old));
    void queryClient.invalidateQueries({ queryKey: keys.detail(item._id), exact: true });

    const lists = cachedLists(queryClient);
    const unchanged = new Set<string>(); // [filters, q] of lists whose cached page held the item and still does
    const left: Partial<TFilters>[] = config.cameFrom(item);
    for (const { query, filters, view } of lists) {
      const old = queryClient.getQueryData<ListPage<TItem>>(query.queryKey);
      if (!old || !old.items.some((existing) => existing._id === item._id)) continue;
      if (config.belongs(item, filters)) {
        unchanged.add(hashKey([filters, view.q]));
        queryClient.setQueryData<ListPage<TItem>>(query.queryKey, {
          ...old,
          items: old.items.map((existing) => (existing._id === item._id ? item : existing)),
        });
      } else {
        left.push(filters);
        const items = old.items.filter((existing) => existing._id !== item._id);
        queryClient.setQueryData<ListPage<TItem>>(query.queryKey, { ...old, items, total: old.totalExact ? Math.max(0, old.total - 1) : old.total });
      }
    }
    const refetch = new Set<string>();
    for (const { query, filters, view } of lists) {
      const now = config.belongs(item, filters) && !unchanged.has(hashKey([filters, view.q]));
      const before = !config.belongs(item, filters) && left.some((partial) => matches(filters, partial));
      if (now || before) refetch.add(query.queryHash);
    }
    invalidate(queryClient, refetch);
  }

  /** Replaces one item in place on every cached page and its detail (a change that moves it between no lists). */
  function patchItem(queryClient: QueryClient, id: number, patch: (item: TItem) => TItem): void {
    for (const { query } of cachedLists(queryClient)) {
      const old = queryClient.getQueryData<ListPage<TItem>>(query.queryKey);
      if (!old || !old.items.some((existing) => existing._id === id)) continue;
      queryClient.setQueryData<ListPage<TItem>>(query.queryKey, {
        ...old,
        items: old.items.map((existing) => (existing._id === id ? patch(existing) : existing)),
      });
    }
    queryClient.setQueryData<TItem>(keys.detail(id), (old) => (old ? { ...old, ...patch(old) } : old));
  }

  /** Refetch every list of the module (after a reconnect, events may have been missed). */
  function invalidateLists(queryClient: QueryClient): Promise<void> {
    return queryClient.invalidateQueries({ queryKey: keys.lists() });
  }

  return { config, keys, applyCreated, applyUpdated, patchItem, invalidateLists };
}

export type ListCache<TItem extends { _id: number }, TFilters extends ListFilters> = ReturnType<typeof createListCache<TItem, TFilters>>;
