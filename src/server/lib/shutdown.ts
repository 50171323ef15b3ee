/**
 * Graceful shutdown: what an instance does on SIGTERM so a rolling restart behind a
 * load balancer loses no request and no alarm.
 *
 * 1. Every local socket's connection is closed at the transport (no Socket.IO `disconnect`
 *    packet): the client sees `transport close`, which socket.io-client retries by itself after its
 *    back-off (0.5–1.5 s by default) — through the load balancer, on another instance, since this
 *    one stops listening at once (step 2). A Socket.IO `disconnect` packet ("io server
 *    disconnect") would not be retried by the client library.
 * 2. `app.close()`: the listening socket closes (new connections are refused), idle keep-alive
 *    connections are closed, a request arriving on a busy keep-alive connection gets 503 with
 *    `Connection: close` (Fastify's `return503OnClosing`), and requests in flight finish (their
 *    keep-alive connections are closed as they go idle). Then the
 *    app's onClose hooks run: jobs and the outbox worker stop, Socket.IO and Redis close.
 * 3. Requests still running after `graceMs` are cut (`closeAllConnections`), so the wait is
 *    bounded.
 * 4. The database closes last, after every request and job is done with it.
 */
import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';

/** How often connections that went idle during the shutdown are closed, in milliseconds. */
const IDLE_SWEEP_MS = 50;

export interface ShutdownOptions {
  app: FastifyInstance;
  /** The app's Socket.IO server (BuiltApp.io). */
  io: Pick<Server, 'of'>;
  /** How long requests in flight may take to finish, in milliseconds (main.ts: 10 s). */
  graceMs: number;
  /** Closes the database (and anything else that must outlive the requests); called last. */
  closeDatabase: () => Promise<void>;
}

/**
 * Shuts an instance down gracefully (see the module comment). Resolves when everything is closed.
 * @returns `forced`: true when requests were still running after `graceMs` and were cut.
 */
export async function shutdownGracefully({ app, io, graceMs, closeDatabase }: ShutdownOptions): Promise<{ forced: boolean }> {
  for (const socket of io.of('/').sockets.values()) socket.conn.close();
  let forced = false;
  // A keep-alive connection whose request finished after the close began stays open until its
  // keep-alive timeout (Fastify closes only the connections idle at the start): close those as
  // they go idle, so the wait ends with the last request.
  const idle = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  const deadline = setTimeout(() => {
    forced = true;
    app.log.warn({ graceMs }, 'shutdown: requests still running after the grace period are cut');
    app.server.closeAllConnections();
  }, graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(deadline);
    clearInterval(idle);
  }
  await closeDatabase();
  return { forced };
}
