/**
 * The last confirmation of a cached session (plugins/auth.ts `confirmCachedSessions`): a request
 * let in from the cache whose work sent no query is checked before its answer leaves, and a
 * refused check replaces the answer with the guard's refusal. The database is a stand-in here:
 * the API tests (session-revocation*.test.ts) run the real check.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.js';
import { registerErrorHandler } from '../../src/server/lib/error-handler.js';
import { UnauthorizedError } from '../../src/server/lib/errors.js';
import { claimSession, pendingClaim, runInRequest, SESSION_GONE_SQLSTATE } from '../../src/server/lib/request-context.js';
import { confirmCachedSessions } from '../../src/server/plugins/auth.js';

/** A stand-in main lane whose every statement answers `outcome` (a rejection: the check raised). */
function fakeDb(outcome: () => Promise<unknown>): { db: Db; sent: number } {
  const calls = { sent: 0 };
  const db = {
    execute: () => ({
      then: (ok: (v: unknown) => unknown, fail: (e: unknown) => unknown) => {
        calls.sent++;
        return outcome().then(ok, fail);
      },
    }),
  } as unknown as Db;
  return Object.assign(calls, { db });
}

const gone = () => Promise.reject(Object.assign(new Error('staff session no longer holds'), { code: SESSION_GONE_SQLSTATE }));

describe('a cached session whose request sent no query', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  async function appWith(lane: { db: Db }, claim: boolean) {
    const built = Fastify();
    app = built;
    registerErrorHandler(built);
    built.addHook('onRequest', (_req, _reply, done) => runInRequest(undefined, false, done));
    confirmCachedSessions(built, lane.db);
    built.get('/who', async () => {
      if (claim) claimSession({ check: sql`app_staff_session_holds('x', '', false)`, refusal: async () => new UnauthorizedError('Please sign in.') });
      return { name: 'Ali' };
    });
    await built.ready();
    return built;
  }

  it('is refused before the answer leaves when the check fails: 401, not the answer', async () => {
    const lane = fakeDb(gone);
    const res = await (await appWith(lane, true)).inject({ method: 'GET', url: '/who' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'Please sign in.' });
    expect(res.body).not.toContain('Ali');
    expect(lane.sent).toBe(1);
  });

  it('is answered once the check passes, with one statement', async () => {
    const lane = fakeDb(async () => ({ rows: [] }));
    const res = await (await appWith(lane, true)).inject({ method: 'GET', url: '/who' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Ali' });
    expect(lane.sent).toBe(1);
  });

  it('sends no check for a request without a claim', async () => {
    const lane = fakeDb(gone);
    const res = await (await appWith(lane, false)).inject({ method: 'GET', url: '/who' });
    expect(res.statusCode).toBe(200);
    expect(lane.sent).toBe(0);
  });

  it('has no claim to confirm outside a request (the caller reads the session afresh instead)', () => {
    expect(claimSession({ check: sql`true`, refusal: async () => new Error('x') })).toBe(false);
    expect(pendingClaim()).toBeUndefined();
  });
});
