/**
 * Wires a list (a desk's or not-at-home's, from `createListApi`) to the socket: a "created" event
 * puts the item on the unsearched first page, an "updated" event moves it between lists, and every
 * (re)connect refetches the module's lists (events may have been missed). Payloads are checked with
 * the list's item schema; anything else is ignored (and logged). With `announce`, a created item is
 * also announced politely to screen readers (lib/live-announcer, throttled).
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { z } from 'zod';
import { liveAnnouncer } from './live-announcer';
import { onSocketCatchUp, useSocketEvent, type SocketEventName } from './socket';

/** What the hook needs of a list: its row schema and the list cache's rules. */
export interface LiveList<TItem> {
  itemSchema: z.ZodType<TItem>;
  applyCreated: (queryClient: QueryClient, item: TItem) => void;
  applyUpdated: (queryClient: QueryClient, item: TItem) => void;
  invalidateLists: (queryClient: QueryClient) => Promise<void>;
}

/** The module's two socket events, e.g. 'receive-complain' and 'complain-updated'. */
export interface ListEvents {
  created: SocketEventName;
  updated: SocketEventName;
}

/**
 * Applies the module's socket events to its lists while the calling component is mounted.
 * `announce` gives a created item's announcement, e.g. 'New complaint from Ayesha Khan'.
 */
export function useListLiveUpdates<TItem>(list: LiveList<TItem>, events: ListEvents, announce?: (item: TItem) => string): void {
  const queryClient = useQueryClient();

  const parse = (event: string, payload: unknown): TItem | null => {
    const result = list.itemSchema.safeParse(payload);
    if (!result.success) console.warn(`Ignored a malformed '${event}' event`, result.error.issues);
    return result.success ? result.data : null;
  };

  useSocketEvent(events.created, (payload) => {
    const item = parse(events.created, payload);
    if (!item) return;
    list.applyCreated(queryClient, item);
    if (announce) liveAnnouncer.announce(announce(item));
  });
  useSocketEvent(events.updated, (payload) => {
    const item = parse(events.updated, payload);
    if (item) list.applyUpdated(queryClient, item);
  });

  useEffect(() => onSocketCatchUp(() => void list.invalidateLists(queryClient)), [list, queryClient]);
}
