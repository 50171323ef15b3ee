import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MSG } from '../../shared/messages.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { AppError, ServiceUnavailableError, TooManyRequestsError } from './errors.js';

/** Seconds a client is asked to wait before retrying while the database is away. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  499: 'Client Closed Request',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/**
 * The one error handler. Bodies are `{statusCode, error, message, field?}`:
 * - zod validation → 400, `message` = the first issue's message, `field` = its path ('response');
 * - AppError → its status and message;
 * - other 4xx from Fastify (bad JSON, wrong content type, body too large) → kept, message kept;
 * - a typed error wrapped in another's `cause` (Drizzle wraps a pool's) → as the typed error;
 * - Fastify's handler timeout → 503 with `Retry-After` and MSG.busy;
 * - the database cannot be reached (db/unavailable.ts) → 503 with `Retry-After`
 *   ({@link UNAVAILABLE_RETRY_AFTER_S}) and MSG.serviceUnavailable, so clients retry instead of
 *   reporting a fault;
 * - anything else → 500 with a generic message; details go to the log only.
 */
/** The first AppError in `err`'s cause chain (itself included), if any. */
function appErrorIn(err: unknown): AppError | undefined {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++) if (e instanceof AppError) return e;
  return undefined;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const where = err.validationContext ?? 'body';
      const field = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.') || where;
      return reply.code(400).send({
        statusCode: 400,
        error: STATUS_TEXT[400],
        message: first?.message ?? 'Invalid input.',
        field,
      });
    }
    // A typed error may arrive wrapped (Drizzle wraps what a pool's checkout threw in its cause).
    const typed = appErrorIn(err);
    if (typed) {
      if (typed instanceof TooManyRequestsError || typed instanceof ServiceUnavailableError) reply.header('retry-after', String(typed.retryAfterS));
      return reply.code(typed.statusCode).send({
        statusCode: typed.statusCode,
        error: STATUS_TEXT[typed.statusCode] ?? 'Error',
        message: typed.message,
        ...(typed.field ? { field: typed.field } : {}),
      });
    }
    // Fastify's handlerTimeout (REQUEST_TIMEOUT_MS) fired: the work may still finish; the client retries.
    if (err.code === 'FST_ERR_HANDLER_TIMEOUT') {
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S));
      return reply.code(503).send({ statusCode: 503, error: STATUS_TEXT[503], message: MSG.busy });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(err)) {
      return reply.code(status).send({ statusCode: status, error: STATUS_TEXT[status] ?? 'Error', message: err.message });
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err: err.message }, 'database unavailable');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S));
      return reply.code(503).send({ statusCode: 503, error: STATUS_TEXT[503], message: MSG.serviceUnavailable });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ statusCode: 500, error: STATUS_TEXT[500], message: 'Something went wrong. Please try again.' });
  });
}
