/**
 * The single Socket.IO connection (same origin, path /socket.io, authenticated by the session
 * cookie; the server chooses the rooms). Connected only while signed in.
 *
 * Catch-up: socket.io does not replay events missed while disconnected, so every `connect` —
 * the first one too, since an event can land between a screen's first fetch and the socket
 * connecting — notifies {@link onSocketReconnect} listeners, which refetch the lists they own.
 * The browser coming back online reopens the socket: it may not have noticed the outage.
 *
 * The server closes a socket itself when its session ends (Log Out elsewhere, expiry, account
 * change), when the account's sub-role changes, and when it shuts down; socket.io does not retry
 * either. While the shell still wants live events we ask the server who we are: a 401 ends the
 * session in the api client (→ /Login); any other answer, or none (a restart), reopens the socket
 * after a pause, and a new sub-role in the answer changes the menu.
 */
import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../shared/events';
import { api } from './api-client';
import { onSessionEnd } from './session';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type SocketEventName = keyof ServerToClientEvents;

let socket: AppSocket | null = null;
/** True between connectSocket() and disconnectSocket(): the signed-in shell wants live events. */
let wanted = false;
const reconnectListeners = new Set<() => void>();
const statusListeners = new Set<() => void>();

function emitStatus(): void {
  for (const listener of statusListeners) listener();
}

function catchUp(): void {
  for (const listener of reconnectListeners) listener();
}

if (typeof window !== 'undefined') {
  // The browser's network came back: the socket may not have noticed the outage (frames were
  // dropped while it stayed "connected"), so open it afresh; its `connect` triggers the catch-up.
  window.addEventListener('online', () => {
    if (!wanted || !socket) return;
    socket.disconnect();
    socket.connect();
  });
}

const RETRY_AFTER_SERVER_CLOSE_MS = 2_000;

/**
 * How the socket asks the server who we are after it closed the socket. The shell replaces it
 * (features/auth `useSessionCheck`) with a refetch of its `me` query, so that a changed sub-role
 * (the server closes the sockets of an account whose access changed) reaches the stored user and
 * with it the menu.
 */
let whoAmI: () => Promise<unknown> = () => api.get('/api/society/me');
/** Sets {@link whoAmI}; returns the function restoring the plain request. */
export function setWhoAmI(ask: () => Promise<unknown>): () => void {
  whoAmI = ask;
  return () => {
    whoAmI = () => api.get('/api/society/me');
  };
}
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** The server closed or refused the socket: end the session on 401, otherwise try again soon. */
function recheckSession(s: AppSocket): void {
  if (!wanted || retryTimer) return;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    if (!wanted) return;
    whoAmI().then(
      () => {
        if (wanted && !s.connected && !s.active) s.connect();
      },
      // A 401 has already ended the session (api client); a network error means the server is
      // away: look again later.
      () => recheckSession(s),
    );
  }, RETRY_AFTER_SERVER_CLOSE_MS);
}

function createSocket(): AppSocket {
  const created: AppSocket = io({
    path: '/socket.io',
    withCredentials: true,
    autoConnect: false,
    // WebSocket first (many instances behind a load balancer): one long-lived connection stays on the instance
    // that accepted it, so a load balancer needs no sticky sessions. Where a proxy or network
    // blocks WebSocket, tryAllTransports falls back to HTTP long-polling (without it the client
    // would retry WebSocket forever). Polling is many requests for one session, so the load
    // balancer must keep a client on one instance (sticky by cookie or client IP) for it to work.
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
  });
  created.on('connect', () => {
    catchUp();
    emitStatus();
  });
  created.on('disconnect', (reason) => {
    emitStatus();
    if (reason === 'io server disconnect') recheckSession(created);
  });
  created.on('connect_error', () => {
    emitStatus();
    // A refused handshake (no valid session) is not retried by socket.io.
    if (!created.active) recheckSession(created);
  });
  return created;
}

export function getSocket(): AppSocket {
  socket ??= createSocket();
  return socket;
}

/** Opens the connection unless it is open or already retrying. */
export function connectSocket(): void {
  const s = getSocket();
  wanted = true;
  if (!s.connected && !s.active) s.connect();
}

/** Closes the connection (Log Out, 401: every end of the session, see below). */
export function disconnectSocket(): void {
  wanted = false;
  clearTimeout(retryTimer);
  retryTimer = undefined;
  socket?.disconnect();
  emitStatus();
}

// Registered when this file loads: a socket exists only once this file is loaded, so no end of
// a session can find one open without this listener.
onSessionEnd(disconnectSocket);

/** Calls `listener` after every connect of this session; returns the unsubscribe function. */
export function onSocketReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

/**
 * Like {@link onSocketReconnect}, and also calls `listener` at once when the socket is connected
 * already: a listener mounted after the connect (the live list listeners come in a lazily loaded
 * chunk each, see app/live-updates.tsx) missed that connect's catch-up. Returns the unsubscribe function.
 */
export function onSocketCatchUp(listener: () => void): () => void {
  if (socket?.connected) listener();
  return onSocketReconnect(listener);
}

/**
 * Listens to one server event while the calling component is mounted. The payload is typed
 * `unknown` on purpose: handlers validate it with the shared schema before touching the cache.
 */
export function useSocketEvent(event: SocketEventName, handler: (payload: unknown) => void): void {
  const onEvent = useEffectEvent(handler);
  useEffect(() => {
    // A listener that takes `unknown` fits every event's payload; handlers validate it.
    const s = getSocket();
    const listener = (payload: unknown) => onEvent(payload);
    s.on(event, listener);
    return () => {
      s.off(event, listener);
    };
  }, [event]);
}

function subscribeStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

/** True while the live connection is up (for the header's status badge). */
export function useSocketConnected(): boolean {
  return useSyncExternalStore(
    subscribeStatus,
    () => socket?.connected ?? false,
    () => false,
  );
}
