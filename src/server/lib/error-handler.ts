import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, TooManyRequestsError } from './errors.js';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

/**
 * The one error handler. Bodies are `{statusCode, error, message, field?}`:
 * - zod validation → 400, `message` = the first issue's message, `field` = its path ('response');
 * - AppError → its status and message;
 * - other 4xx from Fastify (bad JSON, wrong content type, body too large) → kept, message kept;
 * - anything else → 500 with a generic message; details go to the log only.
 */
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
    if (err instanceof AppError) {
      if (err instanceof TooManyRequestsError) reply.header('retry-after', String(err.retryAfterS));
      return reply.code(err.statusCode).send({
        statusCode: err.statusCode,
        error: STATUS_TEXT[err.statusCode] ?? 'Error',
        message: err.message,
        ...(err.field ? { field: err.field } : {}),
      });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(err)) {
      return reply.code(status).send({ statusCode: status, error: STATUS_TEXT[status] ?? 'Error', message: err.message });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ statusCode: 500, error: STATUS_TEXT[500], message: 'Something went wrong. Please try again.' });
  });
}
