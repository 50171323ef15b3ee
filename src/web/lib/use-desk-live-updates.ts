/**
 * Wires a desk to the socket: a "created" event puts the item on the first page, an "updated"
 * event moves it between stages, and a reconnect refetches the desk's lists. Payloads are checked
 * with the desk's item schema; anything else is ignored (and logged).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Desk, DeskRecord } from './desk-api';
import { onSocketReconnect, useSocketEvent, type SocketEventName } from './socket';

export interface DeskEvents {
  created: SocketEventName;
  updated: SocketEventName;
}

export function useDeskLiveUpdates<TItem extends DeskRecord, TDetail extends TItem, TUpdate>(desk: Desk<TItem, TDetail, TUpdate>, events: DeskEvents): void {
  const queryClient = useQueryClient();

  const parse = (event: string, payload: unknown): TItem | null => {
    const result = desk.config.itemSchema.safeParse(payload);
    if (!result.success) console.warn(`Ignored a malformed '${event}' event`, result.error.issues);
    return result.success ? result.data : null;
  };

  useSocketEvent(events.created, (payload) => {
    const item = parse(events.created, payload);
    if (item) desk.applyCreated(queryClient, item);
  });
  useSocketEvent(events.updated, (payload) => {
    const item = parse(events.updated, payload);
    if (item) desk.applyUpdated(queryClient, item);
  });

  useEffect(() => onSocketReconnect(() => void desk.invalidateLists(queryClient)), [desk, queryClient]);
}
