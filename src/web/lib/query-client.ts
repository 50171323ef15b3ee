/**
 * The app's single TanStack Query client. 4xx answers are not retried (they will not change on
 * their own); network failures and other 5xx are retried twice. A 503 — the server refusing work
 * while it is overloaded or its database is away — is retried quietly for about a minute, with
 * back-off that honours its `Retry-After` (components/busy-notice.tsx says "busy, retrying" only
 * if it lasts). Live socket events keep lists fresh, so a 30 s stale time avoids refetching on
 * every remount.
 */
import { FreshQueryClient } from '../../shared/fresh-query-client';
import { ApiError } from './api-error';

/** Retries of a read the server refused as busy (503): 1, 2, 4, 8, 10, 10, … s apart, about a minute in all. */
export const BUSY_RETRIES = 9;

/** Whether a failed read is tried again after `failureCount` failures. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status === 503) return failureCount < BUSY_RETRIES;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * Milliseconds before retry number `failureCount` (1-based): doubling from 1 s up to 10 s, never
 * sooner than the server's Retry-After, with up to 20% jitter so refused screens do not return
 * all at once.
 */
export function retryDelay(failureCount: number, error: unknown, random: () => number = Math.random): number {
  const backoff = Math.min(1000 * 2 ** (failureCount - 1), 10_000);
  const asked = error instanceof ApiError && error.retryAfterS !== undefined ? error.retryAfterS * 1000 : 0;
  return Math.max(backoff, asked) * (1 + 0.2 * random());
}

export const queryClient = new FreshQueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, retryDelay: (n, error) => retryDelay(n, error), staleTime: 30_000 },
    mutations: { retry: false },
  },
});
