/**
 * The resident app's TanStack Query client. Until the resident socket exists (live/index.ts),
 * freshness comes from refetching: on window focus, on reconnect, and on a short stale time;
 * the open SOS screen polls its alarm (features/sos). A 4xx is not retried (the server meant it).
 */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Query keys, one per resident resource: what a live event (later) or a mutation invalidates.
 * `['resident', kind, …]` so sign-out can drop them all at once.
 */
export const keys = {
  all: ['resident'] as const,
  me: ['resident', 'me'] as const,
  /** The resident's society and its emergency contacts (GET /api/resident/society). */
  society: ['resident', 'society'] as const,
  alarms: ['resident', 'alarms'] as const,
  complaints: ['resident', 'complaints'] as const,
  notHome: ['resident', 'nothome'] as const,
  orders: ['resident', 'orders'] as const,
  consultations: ['resident', 'consultations'] as const,
  bills: ['resident', 'bills'] as const,
  notifications: ['resident', 'notifications'] as const,
  feed: ['resident', 'feed'] as const,
  discounts: ['resident', 'discounts'] as const,
  plots: ['resident', 'plots'] as const,
  announcements: ['resident', 'announcements'] as const,
  video: ['resident', 'video'] as const,
  /** Whether notifications are on in this browser (features/account/web-push.ts). */
  push: ['resident', 'push'] as const,
};
