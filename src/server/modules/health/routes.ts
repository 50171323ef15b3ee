import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { UNAVAILABLE_RETRY_AFTER_S } from '../../lib/error-handler.js';
import { withTimeout } from '../../lib/with-timeout.js';

/** Longest wait (ms) for the database's answer before health says it is unavailable. */
export const HEALTH_TIMEOUT_MS = 2000;

/**
 * GET /api/health: 200 when the database answers `select 1` within {@link HEALTH_TIMEOUT_MS},
 * 503 otherwise (a load balancer then sends no traffic here until it answers again). Asked on the
 * alarm lane (`db` is Database.alarmDb): what matters is whether an alarm can be stored, and a
 * main lane saturated by list work must not make an instance look dead.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db; dbKind: string }> = async (app, { db, dbKind }) => {
  app.get('/api/health', {
    // Always admitted: a load balancer must see an overloaded instance as alive, not dead.
    config: { admission: 'always' },
    schema: {
      tags: ['health'],
      response: { 200: z.object({ status: z.literal('ok'), database: z.string() }), 503: z.object({ status: z.literal('unavailable'), database: z.string() }) },
    },
    handler: async (_req, reply) => {
      try {
        await withTimeout(db.execute(sql`select 1`), HEALTH_TIMEOUT_MS, 'health check timed out');
        return { status: 'ok' as const, database: dbKind };
      } catch {
        return reply
          .code(503)
          .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S))
          .send({ status: 'unavailable' as const, database: dbKind });
      }
    },
  });
};
