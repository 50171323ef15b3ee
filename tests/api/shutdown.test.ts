/**
 * Graceful shutdown (lib/shutdown.ts, what main.ts runs on SIGTERM). An app listening on
 * a real port: a request in flight when shutdown starts still completes with 200, new connections
 * are refused, a connected socket is closed at the transport (a reason socket.io-client retries on,
 * so behind a load balancer it lands on another instance), and the database closes last. Requests
 * still running after the grace period are cut.
 */
import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { buildApp, type BuiltApp } from '../../src/server/app.js';
import { shutdownGracefully } from '../../src/server/lib/shutdown.js';
import { useHarness, type Harness } from './harness.js';

/** A deferred promise: the test decides when the slow route answers. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** Resolves with the error code of a fresh TCP connection to the port, or 'connected'. */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const c = net.connect(port, '127.0.0.1');
    c.once('connect', () => {
      c.destroy();
      resolve('connected');
    });
    c.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
  });
}

/** A second app on the harness's database, with a route that answers when the test says so. */
async function listeningApp(h: Harness) {
  const built: BuiltApp = await buildApp({
    config: h.config,
    database: h.database,
    clock: h.clock,
    serveWeb: false,
    pushTransport: { send: async () => undefined },
  });
  const entered = deferred();
  const release = deferred();
  const order: string[] = [];
  built.app.addHook('onClose', async () => void order.push('app'));
  built.app.get('/test/slow', async () => {
    entered.resolve();
    await release.promise;
    return { done: true };
  });
  const url = await built.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (built.app.server.address() as net.AddressInfo).port;
  return { built, url, port, entered, release, order };
}

describe('graceful shutdown', () => {
  const h = useHarness();
  const sockets: Socket[] = [];
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });

  it('finishes the request in flight, refuses new connections, closes sockets so clients reconnect, closes the database last', async () => {
    const { built, url, port, entered, release, order } = await listeningApp(h);
    const cookie = await h.staffCookie('security@greenvalley.test');
    const socket = connect(url, { transports: ['websocket'], extraHeaders: { cookie }, reconnectionDelay: 60_000, reconnectionDelayMax: 60_000 });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const slow = fetch(`${url}/test/slow`);
    await entered.promise;
    const closeDatabase = vi.fn(async () => void order.push('database'));
    const done = shutdownGracefully({ app: built.app, io: built.io, graceMs: 10_000, closeDatabase });

    // The socket is closed at the transport: socket.io-client retries this reason by itself.
    expect(await disconnected).toBe('transport close');
    expect(socket.active).toBe(true);
    // No new connections once the listener is closed.
    await vi.waitFor(() => expect(built.app.server.listening).toBe(false));
    expect(await tryConnect(port)).toBe('ECONNREFUSED');
    // The request in flight is still running and the database still open.
    expect(closeDatabase).not.toHaveBeenCalled();
    release.resolve();
    const res = await slow;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    expect(await done).toEqual({ forced: false });
    expect(order).toEqual(['app', 'database']);
  });

  it('cuts requests still running after the grace period', async () => {
    const { built, url, entered } = await listeningApp(h);
    const slow = fetch(`${url}/test/slow`).then(
      (r) => r.status,
      () => 'cut',
    );
    await entered.promise;
    const closeDatabase = vi.fn(async () => undefined);
    expect(await shutdownGracefully({ app: built.app, io: built.io, graceMs: 100, closeDatabase })).toEqual({ forced: true });
    expect(await slow).toBe('cut');
    expect(closeDatabase).toHaveBeenCalledOnce();
  });
});
