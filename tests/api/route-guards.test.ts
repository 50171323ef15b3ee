import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages.js';
import { idempotencyKeys, residents, staffUsers } from '../../src/server/db/schema.js';
import { DEMO_SIGN_INS } from '../../src/server/seed/demo.js';
import { societyWithResident } from '../support/rows.js';
import { useHarness } from './harness.js';

/**
 * One guard per module: every /api route answers 401 to a request with no credentials,
 * except this short list of routes that are public by design; no staff session, of any
 * sub-role, opens a resident API route (those take a resident's bearer token only); a
 * resident on a temporary password opens only the routes that let them choose their own; and no
 * route serves a session from the cache once its account changed (lib/request-context.ts `claimSession`).
 */
const PUBLIC = new Set([
  'GET /api/health',
  'POST /api/society/login',
  // The second step of a two-factor sign-in: its challenge is the credential.
  'POST /api/society/login/2fa',
  'POST /api/society/logout',
  'POST /api/resident/login',
  'POST /api/resident/register',
  // The registration screen's society picker: names only, rate-limited.
  'GET /api/societies',
  // Media files by their unguessable name: the resident app loads them by URL.
  'GET /media/:file',
  // A browser app's error report: a screen can fail on the sign-in page or as a session ends, and
  // the report must still reach the log. Bounded, same-origin, limited per address and per session.
  'POST /api/client-errors',
]);

/**
 * What a resident on a staff reset's temporary password may still call, with the answer the walk
 * gets (its body is `{}`: the password change validates it); every other resident route is 403.
 */
const WHILE_HELD = new Map([
  ['GET /api/resident/me', 200],
  ['GET /api/resident/society', 200],
  ['PUT /api/resident/password', 400],
  ['POST /api/resident/logout', 204],
]);

const WALK_KEY = `route-guard-walk-${randomUUID()}`;

describe('route guards', () => {
  const h = useHarness();
  /** The resident API: the routes documented with the resident bearer token (`residentDocs`). */
  function residentRoutes(): { method: string; url: string }[] {
    const doc = h.app.swagger() as { paths?: Record<string, Record<string, { security?: Record<string, unknown>[] }>> };
    return Object.entries(doc.paths ?? {}).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => (op.security ?? []).some((s) => 'resident' in s))
        .map(([method]) => ({ method: method.toUpperCase(), url: path.replace(/\{(\w+)\}/g, ':$1') })),
    );
  }

  it('every /api route outside the public list refuses an anonymous request with 401', async () => {
    const guarded = h.routes.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !PUBLIC.has(`${r.method} ${r.url}`));
    expect(guarded.length).toBeGreaterThan(10);
    const answers = await Promise.all(
      guarded.map(async (r) => {
        const url = r.url.replace(/:(\w+)/g, '1');
        // Writes carry an Idempotency-Key: the guard still answers first, and no key is kept.
        const write = r.method === 'GET' ? {} : { payload: {}, headers: { 'idempotency-key': WALK_KEY } };
        const res = await h.app.inject({ method: r.method as 'GET', url, ...write });
        return `${r.method} ${r.url} → ${res.statusCode}`;
      }),
    );
    expect(answers).toEqual(guarded.map((r) => `${r.method} ${r.url} → 401`));
    expect(await h.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, WALK_KEY))).toEqual([]);
  });

  it('every resident API route refuses the staff cookie of every sub-role with 401', async () => {
    const routes = residentRoutes();
    expect(routes.map((r) => `${r.method} ${r.url}`)).toContain('GET /api/resident/bills');
    for (const { email, subRole } of DEMO_SIGN_INS) {
      const cookie = await h.staffCookie(email);
      const answers = await Promise.all(
        routes.map(async (r) => {
          const res = await h.app.inject({ method: r.method as 'GET', url: r.url, headers: { cookie }, ...(r.method === 'GET' ? {} : { payload: {} }) });
          return `${subRole} ${r.method} ${r.url} → ${res.statusCode}`;
        }),
      );
      expect(answers).toEqual(routes.map((r) => `${subRole} ${r.method} ${r.url} → 401`));
    }
  });

  it('a resident on a temporary password gets 403 on every resident API route but the few that let them change it', async () => {
    const r = await societyWithResident(h.database.db, { name: 'Held Walk Society' });
    await h.database.db.update(residents).set({ mustChangePassword: true }).where(eq(residents.id, r.residentId));
    const authorization = await h.residentAuth(r.phone, r.password);
    const routes = residentRoutes();
    const expected = (m: string, url: string) => `${m} ${url} → ${WHILE_HELD.get(`${m} ${url}`) ?? 403}`;
    const call = async ({ method, url }: { method: string; url: string }) => {
      const res = await h.app.inject({ method: method as 'GET', url, headers: { authorization }, ...(method === 'GET' ? {} : { payload: {} }) });
      return `${method} ${url} → ${res.statusCode}`;
    };
    // Sign-out last: it ends the token the others are sent with.
    const [logout, rest] = [routes.filter((r) => r.url === '/api/resident/logout'), routes.filter((r) => r.url !== '/api/resident/logout')];
    expect(await Promise.all(rest.map(call))).toEqual(rest.map((r) => expected(r.method, r.url)));
    expect(await Promise.all(logout.map(call))).toEqual(['POST /api/resident/logout → 204']);
    const walked = new Set(routes.map((r) => `${r.method} ${r.url}`));
    for (const allowed of WHILE_HELD.keys()) expect(walked.has(allowed), allowed).toBe(true);
  });

  it('every public route that takes a secret, opens an account or lists societies is limited per address: a flood from one address gets 429', async () => {
    // Public by design and not limited: what they take is no secret (health, sign-out, a media
    // file's unguessable name), or a 256-bit challenge whose codes count per account once known.
    const UNLIMITED = new Set(['GET /api/health', 'POST /api/society/logout', 'GET /media/:file', 'POST /api/society/login/2fa']);
    // Bad bodies where the limit counts before the body is read; wrong passwords where only failures count.
    const flood: Record<string, () => InjectOptions> = {
      'POST /api/society/login': () => ({
        method: 'POST',
        url: '/api/society/login',
        payload: { email: `nobody-${randomUUID()}@nowhere.test`, password: 'wrong-pass-1' },
      }),
      'POST /api/resident/login': () => ({ method: 'POST', url: '/api/resident/login', payload: { phone: '9' } }),
      'POST /api/resident/register': () => ({ method: 'POST', url: '/api/resident/register', payload: {} }),
      'GET /api/societies': () => ({ method: 'GET', url: '/api/societies?q=green' }),
      'POST /api/client-errors': () => ({ method: 'POST', url: '/api/client-errors', payload: {} }),
    };
    expect([...PUBLIC].filter((r) => !UNLIMITED.has(r) && !(r in flood))).toEqual([]);
    let n = 0;
    const firstRefused: string[] = [];
    for (const [route, request] of Object.entries(flood)) {
      const remoteAddress = `10.99.${++n}.1`;
      let i = 0;
      while (i < 100 && (await h.app.inject({ ...request(), remoteAddress })).statusCode !== 429) i++;
      firstRefused.push(`${route} → ${i < 100 ? 'limited' : 'never 429 in 100'}`);
    }
    expect(firstRefused).toEqual(Object.keys(flood).map((r) => `${r} → limited`));
  });

  it('every guarded route refuses a cached session changed behind the cache: a disabled member 401, a blocked resident 403', async () => {
    // Both read once, so both are cached; then changed through the owner connection, which tells
    // no cache: only the database's check in each request can refuse them.
    const email = 'super-admin@lakecity.test';
    const cookie = await h.staffCookie(email);
    expect((await h.app.inject({ method: 'GET', url: '/api/society/me', headers: { cookie } })).statusCode).toBe(200);
    const phone = '03100000003';
    const authorization = await h.residentAuth(phone);
    expect((await h.app.inject({ method: 'GET', url: '/api/resident/me', headers: { authorization } })).statusCode).toBe(200);
    await h.database.db.update(staffUsers).set({ disabledAt: h.clock.now() }).where(eq(staffUsers.email, email));
    await h.database.db
      .update(residents)
      .set({ status: 'Block' })
      .where(and(eq(residents.phone, phone), eq(residents.isDrill, false)));

    const resident = new Set(residentRoutes().map((r) => `${r.method} ${r.url}`));
    // Signing out is what a blocked resident may still do with their token.
    resident.delete('POST /api/resident/logout');
    const guarded = h.routes.filter(
      (r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !PUBLIC.has(`${r.method} ${r.url}`) && r.url !== '/api/resident/logout',
    );
    const answers = await Promise.all(
      guarded.map(async (r) => {
        const url = r.url.replace(/:(\w+)/g, '1');
        const headers = resident.has(`${r.method} ${r.url}`) ? { authorization } : { cookie };
        const res = await h.app.inject({ method: r.method as 'GET', url, headers, ...(r.method === 'GET' ? {} : { payload: {} }) });
        return `${r.method} ${r.url} → ${res.statusCode} ${res.json<{ message?: string }>().message}`;
      }),
    );
    expect(answers).toEqual(
      guarded.map((r) =>
        resident.has(`${r.method} ${r.url}`) ? `${r.method} ${r.url} → 403 ${MSG.residentBlocked}` : `${r.method} ${r.url} → 401 ${MSG.accountDisabled}`,
      ),
    );
  });

  it('the public list names only routes that exist', () => {
    const all = new Set(h.routes.map((r) => `${r.method} ${r.url}`));
    for (const p of PUBLIC) expect(all.has(p), p).toBe(true);
  });
});
