import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/server/db/unavailable.js';
import { REDIS_COMMAND_TIMEOUT_MS, sharedLimitsFor, type SharedLimits } from '../../src/server/lib/sign-in-throttle/shared-throttle.js';
import type { Db } from '../../src/server/db/client.js';

/**
 * A Redis that accepts the connection and answers ioredis' start-up (CLIENT SETNAME, INFO) but
 * never answers anything after: a hung server, which the sign-in throttle must not wait on.
 */
async function silentRedis(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('data', (chunk) => {
      const text = chunk.toString('latin1').toUpperCase();
      if (text.includes('SETNAME')) socket.write('+OK\r\n');
      if (text.includes('INFO')) {
        const info = '# Server\r\nredis_version:7.0.0\r\nloading:0\r\n';
        socket.write(`$${info.length}\r\n${info}\r\n`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('the shared sign-in throttle on a Redis that hangs', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('fails within about REDIS_COMMAND_TIMEOUT_MS with an error the app answers as 503, instead of waiting', async () => {
    const redis = await silentRedis();
    cleanups.push(redis.close);
    const limits: SharedLimits = await sharedLimitsFor({
      dbKind: 'postgres',
      // The Redis branch never reads the database.
      db: {} as Db,
      redisUrl: redis.url,
      limits: { maxFailures: 5, windowMs: 60_000, maxPerAccount: 20, now: () => 0 },
      onRedisError: () => undefined,
    });
    cleanups.push(() => limits.close());
    expect(limits.kind).toBe('redis');
    const started = performance.now();
    const err = await Promise.resolve()
      .then(() => limits.throttle.begin('10.0.0.1', 'guard@greenvalley.test'))
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    const tookMs = performance.now() - started;
    expect(err).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(err), String(err)).toBe(true);
    expect(tookMs).toBeGreaterThanOrEqual(REDIS_COMMAND_TIMEOUT_MS - 50);
    expect(tookMs).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS + 3000);
  });
});
