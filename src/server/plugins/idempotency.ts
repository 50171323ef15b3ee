/**
 * Idempotent writes (IETF httpapi draft-ietf-httpapi-idempotency-key-header): every POST, PUT,
 * PATCH and DELETE under /api accepts an `Idempotency-Key` header, so a client that lost an answer
 * can send the request again without it being done twice. Without the header a write works as
 * before.
 *
 * - The key: 1–255 visible ASCII characters, bare or as the draft's quoted string
 *   (`"8e03…"`); anything else → 400 naming the field `Idempotency-Key`.
 * - Keyed per caller: the staff member (`s:<id>`), the resident (`r:<id>`), or for a public write
 *   (client-errors) the route and the address (`p:<route>:<ip>`). Two callers never share a key.
 * - The first request claims the key with its fingerprint (sha256 of method, URL and the parsed
 *   body; for a multipart upload, whose body streams to disk after this check, its media type and
 *   Content-Length) before any work, then runs. Its answer is stored for 24 h when final: any
 *   status below 500 but 401, 403, 429 and 499. Otherwise the key is released, so a retry runs
 *   again (the draft leaves this to the server).
 * - A retry with the same fingerprint gets the stored status, Content-Type and body, with
 *   `Idempotent-Replayed: true`, and runs nothing (no row, push, audit row or socket event).
 *   The same key with another fingerprint → 422; while the first still runs → 409.
 * - The key store failing → 503 before any work (never a keyed write without its key recorded).
 *
 * Not stored, the key only checked: the alarm path (`config.admission: 'always'`: the SOS press
 * and its acknowledgement), which must put no round trip on the main pool before the alarm is
 * stored and told, and which is idempotent by nature (a press merges into the open alarm, an
 * acknowledgement is recorded once); and the routes of {@link SECRET_ANSWERS}, whose bodies or
 * answers hold a credential that must not sit in a table (docs/ARCHITECTURE.md, Idempotent writes).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { MSG } from '../../shared/messages.js';
import type { Clock } from '../lib/clock.js';
import { AppError, BadRequestError, ConflictError, ServiceUnavailableError } from '../lib/errors.js';
import { UNAVAILABLE_RETRY_AFTER_S } from '../lib/error-handler.js';
import type { IdempotencyStore, KeyRef } from './idempotency-store.js';

/** The header, as the draft names it (Node gives it lower-cased). */
export const IDEMPOTENCY_KEY = 'Idempotency-Key';
/** Set on a replayed answer. */
export const REPLAYED = 'Idempotent-Replayed';
/** How long (ms) a key and its answer are kept: the draft's suggestion of 24 hours. */
export const KEY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Writes whose request or answer holds a credential (a password or a one-time code in; a session
 * cookie or token, a temporary password, a two-factor secret or recovery codes out): the key is
 * checked, nothing stored, not even a fingerprint of the body (an unsalted hash of a password).
 * A retry runs again, which each of them tolerates (a second sign-in session, a newer temporary
 * password, a 400 for a password already changed). tests/api/idempotency.test.ts fails for a
 * write route with such a field in its body or answer that is not listed here.
 */
export const SECRET_ANSWERS: ReadonlySet<string> = new Set([
  'POST /api/society/login',
  'POST /api/society/login/2fa',
  'PUT /api/society/me/password',
  'POST /api/society/me/2fa',
  'POST /api/society/me/2fa/confirm',
  'DELETE /api/society/me/2fa',
  'POST /api/resident/login',
  'POST /api/resident/register',
  'PUT /api/resident/password',
  'POST /api/staff',
  'POST /api/staff/:id/reset-password',
  'POST /api/residents/:id/reset-password',
]);

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Visible ASCII (0x21–0x7E), 1–255 of them. */
const BARE_KEY = /^[\x21-\x7e]{1,255}$/;
/** The draft's Structured Field string, without escapes: the same characters between quotes. */
const QUOTED_KEY = /^"([\x21\x23-\x5b\x5d-\x7e]{1,255})"$/;

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request claimed (its answer is stored or the key released when it is sent). */
    idempotency?: KeyRef;
  }
}

/**
 * The request's key: undefined without the header.
 * @throws BadRequestError (field `Idempotency-Key`) for a malformed one, or one sent twice.
 */
export function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const value = typeof raw === 'string' ? raw : '';
  const key = QUOTED_KEY.exec(value)?.[1] ?? (BARE_KEY.test(value) && !value.startsWith('"') ? value : undefined);
  if (key === undefined) throw new BadRequestError(MSG.idempotencyKeyInvalid, IDEMPOTENCY_KEY);
  return key;
}

/** What must match for a retry to be the same request: method, URL (with its query) and body. */
function fingerprintOf(req: FastifyRequest): string {
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  // A multipart body is still unread here (it streams to a temp file in the handler).
  const body = type.startsWith('multipart/') ? `${type} ${req.headers['content-length'] ?? '?'}` : (JSON.stringify(req.body) ?? '');
  return createHash('sha256').update(`${req.method} ${req.url}\n${body}`).digest('hex');
}

/** Who the key belongs to: the guarded caller, or for a public write its route and address. */
function callerOf(req: FastifyRequest): string {
  if (req.staff) return `s:${req.staff.id}`;
  if (req.resident) return `r:${req.resident.id}`;
  return `p:${req.method} ${req.routeOptions.url ?? req.url}:${req.ip}`;
}

/**
 * A final answer is kept. Not kept: a 5xx, a 429 and an abandoned request (499), which a retry
 * should run again; and a 401 or 403 from a route that checks its caller itself (sign-out), which
 * depends on a credential the fingerprint does not hold.
 */
const NOT_KEPT = new Set([401, 403, 429, 499]);
function keeps(status: number): boolean {
  return status < 500 && !NOT_KEPT.has(status);
}

/**
 * Registers the plugin's hooks on `app` (the root instance, before any route): each write route
 * under /api gets a first preHandler (after its scope's guard, which runs on onRequest, and before
 * the route's own limits, so a replay counts against none) that checks, claims or replays the
 * key; one onSend hook stores or releases it.
 * @param lockMs how long (ms) an unanswered claim holds off others: beyond it, the claimant's
 *   process is taken to have died (a request's own time limit plus a margin).
 */
export function registerIdempotency(app: FastifyInstance, deps: { store: IdempotencyStore; clock: Clock; lockMs: (routeTimeoutMs: number) => number }): void {
  const { store, clock } = deps;

  const check: preHandlerAsyncHookHandler = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!WRITES.has(req.method)) return;
    const key = idempotencyKeyOf(req);
    if (key === undefined) return;
    const route = `${req.method} ${req.routeOptions.url}`;
    if (req.routeOptions.config.admission === 'always' || SECRET_ANSWERS.has(route)) return;
    const ref = { caller: callerOf(req), key };
    const fingerprint = fingerprintOf(req);
    const now = clock.now();
    let held;
    try {
      held = await store.claim(
        ref,
        fingerprint,
        now,
        new Date(now.getTime() + deps.lockMs(req.routeOptions.handlerTimeout)),
        new Date(now.getTime() - KEY_TTL_MS),
      );
    } catch (err) {
      req.log.warn({ err }, 'idempotency key store failed: write refused');
      throw new ServiceUnavailableError(MSG.serviceUnavailable, UNAVAILABLE_RETRY_AFTER_S);
    }
    if (held === null) {
      req.idempotency = ref;
      return;
    }
    if (held.fingerprint !== fingerprint) throw new AppError(422, MSG.idempotencyKeyReused, IDEMPOTENCY_KEY);
    if (held.answer === null) {
      reply.header('retry-after', '1');
      throw new ConflictError(MSG.idempotencyKeyInProgress, IDEMPOTENCY_KEY);
    }
    reply.code(held.answer.status).header(REPLAYED, 'true');
    if (held.answer.contentType) reply.type(held.answer.contentType);
    return reply.send(held.answer.body);
  };

  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!route.url.startsWith('/api/') || !methods.some((m) => WRITES.has(m))) return;
    route.preHandler = [check, ...[route.preHandler ?? []].flat()];
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const ref = req.idempotency;
    if (!ref) return payload;
    req.idempotency = undefined;
    const status = reply.statusCode;
    try {
      // An empty answer (204) is kept as ''; a stream or buffer is not kept (no write route sends one).
      const body = payload === undefined || payload === null ? '' : payload;
      if (keeps(status) && typeof body === 'string') {
        const type = reply.getHeader('content-type');
        await store.answer(ref, { status, contentType: typeof type === 'string' ? type : null, body });
      } else {
        await store.release(ref);
      }
    } catch (err) {
      // The work is done: its answer goes out whatever the store says. The unanswered claim
      // lapses after its lock, and a retry then runs again.
      req.log.error({ err }, 'idempotency key store failed after the work: answer not kept');
    }
    return payload;
  });
}
