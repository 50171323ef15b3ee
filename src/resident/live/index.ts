/**
 * Live updates for the resident app: the resident socket (Socket.IO on the server's one endpoint,
 * `auth: {token}`, realtime/socket.ts) turns each event about the resident's own items into an
 * invalidation of the queries it touches, so screens update without a reload. On every reconnect
 * everything is refetched (the catch-up: events missed while away are not replayed). The server
 * ends the socket at sign-out or a block; the app then learns it from its next 401.
 *
 * socket.io-client is loaded in a chunk of its own once signed in: the app's first screen does not
 * wait for it, and the open SOS screen also polls its alarm, so nothing depends on the socket.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { ResidentEventName } from '../../shared/contracts/resident-events';
import { keys } from '../lib/query-client';
import { getSession, subscribeSession } from '../lib/session';

/** Which cached lists each resident event changes (names: shared/contracts/resident-events.ts). */
export const LIVE_EVENT_KEYS: Record<ResidentEventName, readonly (readonly string[])[]> = {
  'resident-alarm-acknowledged': [keys.alarms],
  'resident-alarm-escalated': [keys.alarms],
  'resident-alarm-updated': [keys.alarms],
  'resident-complaint-updated': [keys.complaints],
  'resident-not-at-home-updated': [keys.notHome],
  'resident-order-updated': [keys.orders],
  'resident-consultation-updated': [keys.consultations],
  'resident-bill': [keys.bills],
};

/** Invalidates what `event` touches, and the notifications (most events also write one). */
export function applyLiveEvent(client: QueryClient, event: ResidentEventName): void {
  for (const key of LIVE_EVENT_KEYS[event]) void client.invalidateQueries({ queryKey: key });
  void client.invalidateQueries({ queryKey: keys.notifications });
}

/**
 * Mounted once by the signed-in shell: connects the resident socket while a session exists and
 * closes it when the session ends or the shell unmounts.
 */
export function useLiveUpdates(): void {
  const client = useQueryClient();
  const token = useSyncExternalStore(subscribeSession, () => getSession()?.token ?? null);
  useEffect(() => {
    if (!token) return;
    let closed = false;
    let close = () => {};
    void import('socket.io-client').then(({ io }) => {
      if (closed) return;
      const socket = io({ auth: { token } });
      let connectedBefore = false;
      socket.on('connect', () => {
        // A reconnect: whatever changed meanwhile is read again.
        if (connectedBefore) void client.invalidateQueries({ queryKey: keys.all });
        connectedBefore = true;
      });
      for (const event of Object.keys(LIVE_EVENT_KEYS) as ResidentEventName[]) socket.on(event, () => applyLiveEvent(client, event));
      close = () => socket.disconnect();
    });
    return () => {
      closed = true;
      close();
    };
  }, [token, client]);
}
