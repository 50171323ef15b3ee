import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CLIENT_ERROR_BODY_LIMIT, ZClientErrorReport } from '../../../shared/contracts/client-errors.js';
import { ZErrorBody } from '../../../shared/contracts/common.js';
import { routeDocs } from '../../lib/route-docs.js';
import { SESSION_COOKIE } from '../../plugins/auth.js';
import type { ClientErrorService } from './service.js';

const docs = routeDocs('client-errors');

/**
 * POST /api/client-errors. Public: a screen can fail before sign-in (the login page) or as a
 * session ends, and a report must still reach the log. What keeps it from being a way to flood the
 * log: a small body, the app's own pages only (`sameOriginWrites`), a limit per address
 * (@fastify/rate-limit, shared through Redis when there is one) and one per session (the app's
 * limit store, shared by every instance).
 */
export const clientErrorRoutes: FastifyPluginAsyncZod<{ clientErrors: ClientErrorService; perAddressPerMinute: number }> = async (
  app,
  { clientErrors, perAddressPerMinute },
) => {
  app.post('/api/client-errors', {
    bodyLimit: CLIENT_ERROR_BODY_LIMIT,
    config: { sameOriginWrites: true, rateLimit: { max: perAddressPerMinute, timeWindow: '1 minute' } },
    schema: docs(
      "A browser app's error report (an error boundary caught a screen, a listener or a chunk that would not load): written to the server's log as one warn line, nothing stored; 204. Public (the sign-in page can fail too), from the app's own pages only, rate-limited per address and per session (CLIENT_ERRORS_PER_ADDRESS_PER_MINUTE, CLIENT_ERRORS_PER_MINUTE); 400 naming the field",
      { body: ZClientErrorReport },
      { 204: z.null(), 400: ZErrorBody, 403: ZErrorBody, 413: ZErrorBody, 429: ZErrorBody },
    ),
    handler: async (req, reply) => {
      const credential = req.cookies[SESSION_COOKIE] || req.headers.authorization || undefined;
      await clientErrors.report(req.body, { ip: req.ip, credential });
      return reply.code(204).send(null);
    },
  });
};
