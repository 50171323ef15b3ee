/**
 * The video panel (spec sections 2 "Video panel", 3 "Video panel entry"):
 * - GET /api/video-panel?page=[&after|&before] → {items: VideoPanelEntry[], total, totalExact}:
 *   the society's entries, newest first (the first is the current one residents get), 10 a page;
 * - PUT /api/video-panel {url} → the new entry (a new row each time: earlier ones are kept with
 *   their time); 400 MSG.videoUrlInvalid naming `url` for anything but an http or https URL.
 *
 * Query keys: `['video-panel', 'list', {}, page, q, cursor]` (lib/list-api.ts). Saving a URL
 * refetches the cached lists.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ZVideoPanelEntry, type VideoPanelEntry } from '../../../../shared/contracts/content';
import { api } from '../../../lib/api-client';
import { createListApi } from '../../../lib/list-api';
import type { ListView } from '../../../lib/list-params';

type NoFilters = Record<string, never>;
const NO_FILTERS: NoFilters = {};

export const videoPanelList = createListApi<VideoPanelEntry, NoFilters>({
  root: 'video-panel',
  path: '/api/video-panel',
  itemSchema: ZVideoPanelEntry,
  filtersSchema: z.record(z.string(), z.never()),
  belongs: () => true,
  cameFrom: () => [],
  version: (entry) => entry.url,
});

/** The first page: its first entry is the current URL. */
export const FIRST_PAGE: ListView = { page: 1, q: '', cursor: null };

/** One page of the society's entries (newest first). */
export function useVideoPanelEntries(view: ListView) {
  return videoPanelList.useList(NO_FILTERS, view);
}

/** Stores a new URL; on success the entry lists are refetched. */
export function useSetVideoPanel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => api.put('/api/video-panel', { url }, { schema: ZVideoPanelEntry }),
    onSuccess: () => videoPanelList.invalidateLists(queryClient),
  });
}
