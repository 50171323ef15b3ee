import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages.js';
import { residents, staffUsers } from '../../src/server/db/schema.js';
import { DEMO_SIGN_INS } from '../../src/server/seed/demo.js';
import { useHarness } from './harness.js';

/**
 * One guard per module: every /api route answers 401 to a request with no credentials,
 * except this short list of routes that are public by design; and no staff session, of any
 * sub-role, opens a resident API route (those take a resident's bearer token only); and no route
 * serves a session from the cache once its account changed (lib/request-context.ts `claimSession`).
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
        const res = await h.app.inject({ method: r.method as 'GET', url, ...(r.method === 'GET' ? {} : { payload: {} }) });
        return `${r.method} ${r.url} → ${res.statusCode}`;
      }),
    );
    expect(answers).toEqual(guarded.map((r) => `${r.method} ${r.url} → 401`));
  });

  it('every resident API route refuses the staff cookie of every sub-role with 401', async () => {
    const residentApi = residentRoutes().map((r) => ({ ...r, url: r.url.replace(/:(\w+)/g, '1') }));
    expect(residentApi.map((r) => `${r.method} ${r.url}`)).toContain('GET /api/resident/bills');
    for (const { email, subRole } of DEMO_SIGN_INS) {
      const cookie = await h.staffCookie(email);
      const answers = await Promise.all(
        residentApi.map(async (r) => {
          const res = await h.app.inject({ method: r.method as 'GET', url: r.url, headers: { cookie }, ...(r.method === 'GET' ? {} : { payload: {} }) });
          return `${subRole} ${r.method} ${r.url} → ${res.statusCode}`;
        }),
      );
      expect(answers).toEqual(residentApi.map((r) => `${subRole} ${r.method} ${r.url} → 401`));
    }
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
