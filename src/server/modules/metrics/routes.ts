import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../../shared/messages.js';
import { NotFoundError, UnauthorizedError } from '../../lib/errors.js';
import { hashToken } from '../../lib/tokens.js';
import type { AppMetrics } from './metrics.js';

/**
 * True when `authorization` is `Bearer <token>`. Compares SHA-256 digests (equal length whatever
 * was sent) with `timingSafeEqual`, so the answer time does not tell how much of a guess matched.
 */
export function bearerMatches(authorization: string | undefined, expectedHash: string): boolean {
  const match = /^Bearer (.+)$/i.exec(authorization ?? '');
  return match !== null && timingSafeEqual(Buffer.from(hashToken(match[1]!)), Buffer.from(expectedHash));
}

/**
 * GET /metrics: this instance's metrics in Prometheus text format (metrics.ts), for a
 * scraper, never a browser: guarded by the `METRICS_TOKEN` bearer token, not the staff session.
 * 404 when `token` is unset (metrics off), 401 without the right bearer. Not rate-limited (a
 * scraper calls it every few seconds) and hidden from the OpenAPI docs.
 */
export const metricsRoutes: FastifyPluginAsyncZod<{ metrics: AppMetrics; token: string | undefined }> = async (app, { metrics, token }) => {
  const expectedHash = token === undefined ? undefined : hashToken(token);
  app.get('/metrics', {
    schema: { hide: true },
    handler: async (req, reply) => {
      if (expectedHash === undefined) throw new NotFoundError(MSG.notFound);
      if (!bearerMatches(req.headers.authorization, expectedHash)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new UnauthorizedError(MSG.notSignedIn);
      }
      const { contentType, body } = await metrics.scrape();
      return reply.type(contentType).send(body);
    },
  });
};
