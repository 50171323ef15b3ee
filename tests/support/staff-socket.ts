/**
 * A staff screen's socket in the API tests: Socket.IO over WebSocket only, no reconnection.
 */
import { io as connect, type Socket } from 'socket.io-client';

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
