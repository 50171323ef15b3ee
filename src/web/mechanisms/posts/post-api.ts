/**
 * The three post lists (feed, discounts, plots; spec section 2 "Feed posts",
 * "Discounts", "Plots"), on the app's one list helper (list-api.ts) with no filters:
 *
 * - GET <path>?page=N&q=text[&after|&before] → {items, total, totalExact}: newest first, 5 a page
 *   (POST_PAGE_SIZE), the society's own posts (every society's for SUPER_SOCIETY, spec section 6);
 * - POST <path> <body> → 201 the created post; 400 {message, field} with the spec's message;
 * - DELETE <path>/:id → 204 (or 200); 404 when the caller cannot see it.
 *
 * Query keys `[root, 'list', {}, page, q, cursor]`. A create or delete by this screen refetches
 * the module's lists (TanStack Query invalidation, no page reload; spec section 4 reloads).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client';
import { createListApi } from '../../lib/list-api';
import type { ListView } from '../../lib/list-params';

/** Post lists take no filters besides page, search and cursor. */
type NoFilters = Record<string, never>;
const NO_FILTERS: NoFilters = {};

export interface PostApiConfig<TItem extends { _id: number }> {
  /** Query-key root, e.g. 'feed'. */
  root: string;
  /** The list URL, e.g. '/api/feed' (also POST, and DELETE `<path>/:id`). */
  path: string;
  itemSchema: z.ZodType<TItem>;
}

/** One post kind's list, create and delete hooks. */
export function createPostApi<TItem extends { _id: number }, TCreate>(config: PostApiConfig<TItem>) {
  const list = createListApi<TItem, NoFilters>({
    root: config.root,
    path: config.path,
    itemSchema: config.itemSchema,
    filtersSchema: z.record(z.string(), z.never()),
    // Posts do not move between lists; live events are not sent for them.
    belongs: () => true,
    cameFrom: () => [],
    version: (item) => String(item._id),
  });

  /** One page of the list (the previous page stays on screen while the next loads). */
  function usePosts(view: ListView) {
    return list.useList(NO_FILTERS, view);
  }

  /** Creates a post; on success the lists are refetched. */
  function useCreatePost() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: (body: TCreate) => api.post(config.path, body, { schema: config.itemSchema }),
      onSuccess: () => list.invalidateLists(queryClient),
    });
  }

  /** Deletes a post by id; on success the lists are refetched. */
  function useDeletePost() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: (id: number) => api.delete(`${config.path}/${id}`),
      onSuccess: () => list.invalidateLists(queryClient),
    });
  }

  return { keys: list.keys, path: config.path, usePosts, useCreatePost, useDeletePost };
}

/** What the post list reads of a post kind's api (its page, its delete, and its path for the export). */
export type PostListApi<TItem extends { _id: number }> = Pick<ReturnType<typeof createPostApi<TItem, never>>, 'path' | 'usePosts' | 'useDeletePost'>;
