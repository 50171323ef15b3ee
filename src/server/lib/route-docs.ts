import type { ZodType } from 'zod';
import { ZErrorBody } from '../../shared/contracts/common.js';

/**
 * The error answers an API route may give, each `{statusCode, error, message, field?}` (the one
 * error handler's body, lib/error-handler.ts): documented once for every route.
 */
export const ERROR_ANSWERS = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody } as const;

/** What a request carries, each part validated by its zod schema before the handler runs. */
export interface RequestParts {
  params?: ZodType;
  querystring?: ZodType;
  body?: ZodType;
  /** Content types the route accepts, for OpenAPI (multipart uploads). */
  consumes?: string[];
}

/** A route's answers by status: the success ones, and any error a route adds to {@link ERROR_ANSWERS} (413 of an upload). */
export type Answers = Partial<Record<number, ZodType>>;

/**
 * A route's schema in one call: OpenAPI's tag and summary, the request parts and the answers, with
 * {@link ERROR_ANSWERS} added. Fastify validates each part and serializes each answer through the
 * schema of its status (fastify-type-provider-zod), so the handler's `req` is typed from `parts`.
 * @param tag the OpenAPI group ('complaints'; 'resident' for the resident API)
 * @param security set for the resident API: `[{ resident: [] }]` (bearer token)
 */
export function routeDocs(tag: string, security?: { resident: never[] }[]) {
  return <P extends RequestParts, R extends Answers>(summary: string, parts: P, answers: R) => ({
    tags: [tag],
    summary,
    ...(security ? { security } : {}),
    ...parts,
    response: { ...ERROR_ANSWERS, ...answers },
  });
}

/** {@link routeDocs} for the resident API: tag 'resident', bearer-token security. */
export const residentDocs = routeDocs('resident', [{ resident: [] }]);
