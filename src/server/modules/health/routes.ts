import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';

/** GET /api/health: 200 when the database answers, 503 otherwise. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db; dbKind: string }> = async (app, { db, dbKind }) => {
  app.get('/api/health', {
    schema: {
      tags: ['health'],
      response: { 200: z.object({ status: z.literal('ok'), database: z.string() }), 503: z.object({ status: z.literal('unavailable'), database: z.string() }) },
    },
    handler: async (_req, reply) => {
      try {
        await db.execute(sql`select 1`);
        return { status: 'ok' as const, database: dbKind };
      } catch {
        return reply.code(503).send({ status: 'unavailable' as const, database: dbKind });
      }
    },
  });
};
