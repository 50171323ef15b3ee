/**
 * The resident's in-app notifications (src/server/modules/notifications/routes.ts): a page of
 * records with the unread count, mark one read, mark all read. The resident socket's events
 * invalidate them (live/index.ts: most events also write a notification).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResidentNotificationList } from '../../../shared/contracts/resident';
import { api } from '../../lib/api';
import { keys } from '../../lib/query-client';

/** GET /api/resident/notifications?page=: 10 a page, newest first, with `unread` (all pages). */
export function useNotifications(page = 1) {
  return useQuery({
    queryKey: [...keys.notifications, page],
    queryFn: ({ signal }) => api.get<ResidentNotificationList>('/api/resident/notifications', { page }, signal),
  });
}

/** PUT /api/resident/notifications/:id/read, or `'all'`: PUT /api/resident/notifications/read-all. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number | 'all') => api.put(id === 'all' ? '/api/resident/notifications/read-all' : `/api/resident/notifications/${id}/read`),
    onSettled: () => client.invalidateQueries({ queryKey: keys.notifications }),
  });
}
