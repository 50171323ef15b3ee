/**
 * "Busy, retrying": shown only while some read has been refused as busy (503) and is being retried
 * for longer than {@link BUSY_NOTICE_AFTER_MS}. Shorter refusals stay silent: the query client
 * retries them with back-off (lib/query-client.ts), and the screen simply fills in a moment later.
 */
import { Paper, Text } from '@mantine/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { SHELL_MSG } from '../../shared/shell-messages';
import { ApiError } from '../lib/api-error';

/** How long (ms) refusals must last before the notice appears. */
export const BUSY_NOTICE_AFTER_MS = 3000;

/** True when a query is fetching again after a 503. */
export function retryingBusy(client: QueryClient): boolean {
  return client
    .getQueryCache()
    .getAll()
    .some(
      (q) =>
        q.state.fetchStatus === 'fetching' &&
        q.state.fetchFailureCount > 0 &&
        q.state.fetchFailureReason instanceof ApiError &&
        q.state.fetchFailureReason.status === 503,
    );
}

export function BusyNotice() {
  const client = useQueryClient();
  const [shown, setShown] = useState(false);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      if (!retryingBusy(client)) {
        clearTimeout(timer);
        timer = undefined;
        setShown(false);
      } else timer ??= setTimeout(() => setShown(retryingBusy(client)), BUSY_NOTICE_AFTER_MS);
    };
    const unsubscribe = client.getQueryCache().subscribe(update);
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [client]);

  if (!shown) return null;
  return (
    <Paper role="status" aria-live="polite" withBorder shadow="md" p="sm" pos="fixed" bottom={16} left={16} style={{ zIndex: 400 }} data-testid="busy-notice">
      <Text size="sm">{SHELL_MSG.busyRetrying}</Text>
    </Paper>
  );
}
