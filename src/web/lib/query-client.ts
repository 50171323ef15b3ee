/**
 * The app's single TanStack Query client. 4xx answers are not retried (they will not change on
 * their own); network failures and 5xx are retried twice. Live socket events keep lists fresh,
 * so a 30 s stale time avoids refetching on every remount.
 */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
