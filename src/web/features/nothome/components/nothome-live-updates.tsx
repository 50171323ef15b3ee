/**
 * Keeps the not-at-home lists and the bell live while button-one staff are signed in:
 * 'receive-not-at-home' (a resident filed one) and 'not-at-home-updated' (guard assigned,
 * cancelled, arrived); a reconnect refetches the lists.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ZNotHome, type NotHome } from '../../../../shared/contracts/nothome';
import { onSocketReconnect, useSocketEvent } from '../../../lib/socket';
import { applyCreated, applyUpdated, invalidateNotHomeLists } from '../api/nothome-requests';

function parse(event: string, payload: unknown): NotHome | null {
  const result = ZNotHome.safeParse(payload);
  if (!result.success) console.warn(`Ignored a malformed '${event}' event`, result.error.issues);
  return result.success ? result.data : null;
}

export function NotHomeLiveUpdates() {
  const queryClient = useQueryClient();
  useSocketEvent('receive-not-at-home', (payload) => {
    const item = parse('receive-not-at-home', payload);
    if (item) applyCreated(queryClient, item);
  });
  useSocketEvent('not-at-home-updated', (payload) => {
    const item = parse('not-at-home-updated', payload);
    if (item) applyUpdated(queryClient, item);
  });
  useEffect(() => onSocketReconnect(() => void invalidateNotHomeLists(queryClient)), [queryClient]);
  return null;
}
