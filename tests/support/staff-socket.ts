/**
 * A staff screen's socket in the API tests: Socket.IO over WebSocket only, no reconnection.
 */
import { afterAll, beforeAll } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { BuiltApp } from '../../src/server/app.js';
import type { ServerToClientEvents } from '../../src/shared/events.js';

/**
 * Opens a websocket to the app at `url` (a listening instance, or nginx in front of instances)
 * with `headers` (the staff `cookie`; others such as `origin` for the origin rule); resolves once
 * connected, rejects with the server's reason when the handshake is refused. The caller closes it.
 */
export async function openStaffSocket(url: string, headers: { cookie: string } & Record<string, string>): Promise<Socket> {
  const s = connect(url, { transports: ['websocket'], extraHeaders: headers, reconnection: false });
  await new Promise<void>((resolve, reject) => {
    s.once('connect', resolve);
    s.once('connect_error', reject);
  });
  return s;
}

/**
 * The staff screens of one test file: its app listens on a free port (`beforeAll`, after the
 * harness's) and every socket opened through `open`/`openWith` is closed after the file's tests.
 * `url()` is the listening address (set once the `beforeAll` ran); `track` adds a socket opened
 * otherwise to those closed.
 */
export function staffScreens(h: { app: Pick<BuiltApp['app'], 'listen'>; staffCookie(email: string): Promise<string> }) {
  let url = '';
  const sockets: Socket[] = [];
  beforeAll(async () => {
    url = await h.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => sockets.forEach((s) => s.close()));
  /** Opens a socket with a session cookie (and other handshake headers); resolves once connected. */
  const openWith = async (cookie: string, headers: Record<string, string> = {}): Promise<Socket> => {
    const s = await openStaffSocket(url, { ...headers, cookie });
    sockets.push(s);
    return s;
  };
  const track = (s: Socket): Socket => (sockets.push(s), s);
  return { url: () => url, track, openWith, open: async (email: string) => openWith(await h.staffCookie(email)) };
}

/** The next `event` a socket hears, typed by the shared event table. */
export function nextEvent<E extends keyof ServerToClientEvents>(s: Socket, event: E): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  const name: string = event;
  return new Promise((resolve) => s.once(name, resolve));
}
