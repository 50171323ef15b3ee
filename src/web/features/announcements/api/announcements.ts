/**
 * Announcements (spec sections 2 "Announcements", 3, 5, 7):
 * - GET /api/announcement?page=&q=[&after|&before] → {items: Announcement[], total, totalExact}:
 *   the society's announcements, newest first, 10 a page, searched in title and description;
 * - POST /api/announcement {title, description, mediaId?} → 201 Announcement; 400 {message,
 *   field} with the shared schema's messages (MSG.mediaCountOrDescription for a missing
 *   description, MSG.mediaUnknown / MSG.mediaNotImage for a bad `mediaId`).
 *
 * Query keys: `['announcements', 'list', {}, page, q, cursor]` (lib/list-api.ts). A new
 * announcement refetches the cached lists (its seen count starts at 0; no live event).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ZAnnouncement, type Announcement, type CreateAnnouncement } from '../../../../shared/contracts/content';
import { api } from '../../../lib/api-client';
import { createListApi } from '../../../lib/list-api';
import type { ListView } from '../../../lib/list-params';

/** The announcement list has no filters of its own (one list per society). */
type NoFilters = Record<string, never>;
const NO_FILTERS: NoFilters = {};

export const announcementList = createListApi<Announcement, NoFilters>({
  root: 'announcements',
  path: '/api/announcement',
  itemSchema: ZAnnouncement,
  filtersSchema: z.record(z.string(), z.never()),
  belongs: () => true,
  cameFrom: () => [],
  version: (item) => String(item.seenCount),
});

/** One page of the society's announcements. */
export function useAnnouncements(view: ListView) {
  return announcementList.useList(NO_FILTERS, view);
}

/** Posts an announcement; on success the announcement lists are refetched. */
export function useCreateAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAnnouncement) => api.post('/api/announcement', input, { schema: ZAnnouncement }),
    onSuccess: () => announcementList.invalidateLists(queryClient),
  });
}
