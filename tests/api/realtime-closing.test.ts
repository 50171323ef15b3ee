/**
 * An instance that is closing drops client events instead of publishing them through its
 * adapter: work still finishing (a queued overdue re-announcement, say) would otherwise publish
 * on a Redis client that is closed, whose rejection nobody catches (seen once in a full
 * PostgreSQL run). PostgreSQL and Redis only (DATABASE_URL, TEST_REDIS_URL).
 */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/client.js';
import { manualClock } from '../../src/server/lib/clock.js';
import { ADMIT_ALL } from '../support/test-config.js';

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!process.env.DATABASE_URL || !redisUrl)('a closing instance (Redis adapter)', () => {
  it('sends no client event through its adapter once it has begun to close', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...ADMIT_ALL, REDIS_URL: redisUrl ?? '', DATABASE_URL: process.env.DATABASE_URL ?? '' });
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL });
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => void rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      await database.migrate();
      const built = await buildApp({ config, database, clock: manualClock(), serveWeb: false });
      expect(built.io.of('/').adapter.constructor.name).toBe('RedisAdapter');
      await built.app.close();
      // A listener's event after the close (the logo's goes to every staff socket of the society).
      built.bus.emit('society.logo', { societyId: 1, logoUrl: null });
      // A publish on the closed client rejects within a few turns of the event loop.
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
      await database.close();
    }
  });
});
