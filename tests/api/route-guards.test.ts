import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../../src/server/db/schema.js';
import { DEMO_SIGN_INS } from '../../src/server/seed/demo.js';
import { useHarness } from './harness.js';

/**
 * One guard per module: every /api route answers 401 to a request with no credentials,
 * except this short list of routes that are public by design; and no staff session, of any
 * sub-role, opens a resident API route (those take a resident's bearer token only).
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

const WALK_KEY = `route-guard-walk-${crypto.randomUUID()}`;

describe('route guards', () => {
  const h = useHarness();

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
    // The resident API is the routes documented with the resident bearer token (`residentDocs`).
    const doc = h.app.swagger() as { paths?: Record<string, Record<string, { security?: Record<string, unknown>[] }>> };
    const residentRoutes = Object.entries(doc.paths ?? {}).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => (op.security ?? []).some((s) => 'resident' in s))
        .map(([method]) => ({ method: method.toUpperCase(), url: path.replace(/\{(\w+)\}/g, '1') })),
    );
    expect(residentRoutes.map((r) => `${r.method} ${r.url}`)).toContain('GET /api/resident/bills');
    for (const { email, subRole } of DEMO_SIGN_INS) {
      const cookie = await h.staffCookie(email);
      const answers = await Promise.all(
        residentRoutes.map(async (r) => {
          const res = await h.app.inject({ method: r.method as 'GET', url: r.url, headers: { cookie }, ...(r.method === 'GET' ? {} : { payload: {} }) });
          return `${subRole} ${r.method} ${r.url} → ${res.statusCode}`;
        }),
      );
      expect(answers).toEqual(residentRoutes.map((r) => `${subRole} ${r.method} ${r.url} → 401`));
    }
  });

  it('the public list names only routes that exist', () => {
    const all = new Set(h.routes.map((r) => `${r.method} ${r.url}`));
    for (const p of PUBLIC) expect(all.has(p), p).toBe(true);
  });
});
