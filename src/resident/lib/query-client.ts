/**
 * The resident app's TanStack Query client. Live events (live/index.ts) invalidate what they
 * change; beside them, queries are read again on window focus, on reconnect and after a short
 * stale time, and the open SOS screen polls an open alarm (features/sos). A 4xx is not retried (the
 * server meant it).
 */
import { MutationCache, QueryCache, type QueryClient } from '@tanstack/react-query';
import { FreshQueryClient } from '../../shared/fresh-query-client';
import { ApiError } from './api';

/**
 * A new client for the app's root: answers stay fresh 10 s, a query failing other than with a 4xx
 * is tried twice more, a mutation never again (an SOS press or a request must not be sent twice).
 * A 403 from any call but the profile's reads the profile again: the server holds a resident it
 * did not hold when the profile was read (a temporary password, a block, a Pending account), and
 * the app's guard (app/require-resident.tsx) shows the screen for it instead of failing on each.
 */
export function createQueryClient(): QueryClient {
  const refused = (error: unknown, key?: readonly unknown[]) => {
    if (!(error instanceof ApiError && error.status === 403)) return;
    if (key && key[0] === keys.me[0] && key[1] === keys.me[1]) return;
    void client.invalidateQueries({ queryKey: keys.me, exact: true });
  };
  const client: QueryClient = new FreshQueryClient({
    queryCache: new QueryCache({ onError: (error, query) => refused(error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => refused(error) }),
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
  return client;
}

/**
 * Query keys, one per resident resource: what a live event or a mutation invalidates.
 * `['resident', kind, …]`, so the socket's catch-up reads them all again at once. They carry no
 * resident ID: a change of session empties the cache instead (app/session-changes.ts).
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
