/**
 * Live updates for the resident app: the resident socket (Socket.IO on the server's one endpoint,
 * `auth: {token}`, realtime/socket.ts) turns each event about the resident's own items into an
 * invalidation of the queries it touches, so screens update without a reload. On every connect
 * the resident's queries are read again (the catch-up: events missed while away are not replayed).
 * The server ends the socket at sign-out elsewhere, a block or the token's expiry; the app then asks
 * who it is, and a 401 ends the session here too.
 *
 * socket.io-client is loaded in a chunk of its own once signed in: the app's first screen does not
 * wait for it, and the open SOS screen also polls its alarm, so nothing depends on the socket.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { ResidentEventName } from '../../shared/contracts/resident-events';
import { api, ApiError } from '../lib/api';
import { reportClientError } from '../lib/client-errors';
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

/** How long after the server closed (or refused) the socket the app asks who it is, ms. */
const RECHECK_AFTER_MS = 2_000;

/**
 * Mounted once by the signed-in shell: connects the resident socket while a session exists and
 * closes it when the session ends or the shell unmounts. Every connect, the first too (an event may
 * land between a screen's first fetch and the socket joining its rooms), reads the resident's
 * queries again. socket.io does not reconnect a socket the server closed ('io server disconnect':
 * sign-out elsewhere, a block, the token's expiry, a server shutting down) nor one whose handshake
 * it refused: after a pause the app asks GET /api/resident/me; a 401 there ends the session (lib/api),
 * any other answer reopens the socket, and no answer (a restart) asks again after the next pause.
 */
export function useLiveUpdates(): void {
  const client = useQueryClient();
  const token = useSyncExternalStore(subscribeSession, () => getSession()?.token ?? null);
  useEffect(() => {
    if (!token) return;
    let closed = false;
    let close = () => {};
    let timer: ReturnType<typeof setTimeout> | undefined;
    void import('socket.io-client').then(
      ({ io }) => {
        if (closed) return;
        const socket = io({ auth: { token } });
        const recheck = () => {
          if (closed || timer) return;
          timer = setTimeout(() => {
            timer = undefined;
            if (closed) return;
            api.get('/api/resident/me').then(
              () => {
                if (!closed && !socket.connected && !socket.active) socket.connect();
              },
              (error: unknown) => {
                // A 401 has ended the session (and with it this effect); anything else: the server is away.
                if (!(error instanceof ApiError && error.status === 401)) recheck();
              },
            );
          }, RECHECK_AFTER_MS);
        };
        socket.on('connect', () => void client.invalidateQueries({ queryKey: keys.all }));
        socket.on('disconnect', (reason) => {
          if (reason === 'io server disconnect') recheck();
        });
        socket.on('connect_error', () => {
          // A refused handshake (the token no longer valid) is not retried by socket.io.
          if (!socket.active) recheck();
        });
        for (const event of Object.keys(LIVE_EVENT_KEYS) as ResidentEventName[]) socket.on(event, () => applyLiveEvent(client, event));
        close = () => socket.disconnect();
      },
      (error: unknown) => {
        // socket.io-client's chunk did not load: the screens still work (they fetch, the SOS screen
        // polls), only without live updates until the next load. Reported, never thrown.
        console.error('resident app: the live listener failed', error);
        reportClientError('listener', error, location.pathname);
      },
    );
    return () => {
      closed = true;
      clearTimeout(timer);
      close();
    };
  }, [token, client]);
}
