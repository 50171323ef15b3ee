import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billSheet, multipartBody } from '../../e2e/fixtures/bill-sheets.js';
import { billImports, media } from '../../src/server/db/schema.js';
import { fromOwnPages } from '../../src/server/lib/request-origin.js';
import type { ImportPreview } from '../../src/shared/contracts/billing.js';
import { MSG } from '../../src/shared/messages.js';
import { mediaForm, png } from './media-fixtures.js';
import { useHarness } from './harness.js';

/**
 * Cross-site request forgery, defence in depth: every state-changing staff route (cookie
 * session) refuses a request whose Origin — or, without one, Sec-Fetch-Site — is not the app's
 * own or in ALLOWED_ORIGINS, with 403 before anything is read or written. Requests with neither
 * header (scripts, the mobile app) are not from a browser and pass.
 */
describe('staff writes come only from the app’s own pages', () => {
  const h = useHarness({ ALLOWED_ORIGINS: 'https://desk.example.org' });
  const HOST = 'desk.test:3000';
  const EVIL = 'http://evil.test';

  /** The resident API (bearer token, never sent by a browser on its own): not checked, by design. */
  const RESIDENT_WRITES = new Set([
    'POST /api/resident/login',
    'POST /api/resident/register',
    'POST /api/resident/logout',
    'POST /api/complain',
    'POST /api/security',
    'POST /api/nothome',
    'POST /api/grocery',
    'POST /api/doctor',
    'PUT /api/nothome/:id/cancel',
    'PUT /api/nothome/:id/arrived',
    'PUT /api/resident/announcements/:id/seen',
    'PUT /api/resident/feed/:id/like',
    'DELETE /api/resident/feed/:id/like',
    'PUT /api/resident/notifications/:id/read',
    'PUT /api/resident/notifications/read-all',
    'PUT /api/resident/push-token',
    'PUT /api/resident/password',
    'POST /api/resident/web-push',
    'DELETE /api/resident/web-push',
  ]);
  const writes = () => h.routes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && r.url.startsWith('/api/'));
  const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

  it('every staff write route answers 403 to a foreign Origin, before its session check; resident routes are not checked', async () => {
    const routes = writes();
    expect(routes.length).toBeGreaterThan(20);
    const answers = await Promise.all(
      routes.map(async (r) => {
        const res = await h.app.inject({ method: r.method as 'POST', url: r.url.replace(/:(\w+)/g, '1'), headers: { host: HOST, origin: EVIL }, payload: {} });
        return `${key(r)} → ${res.statusCode === 403 ? 403 : 'not 403'}`;
      }),
    );
    expect(answers).toEqual(routes.map((r) => `${key(r)} → ${RESIDENT_WRITES.has(key(r)) ? 'not 403' : 403}`));
  });

  it('the resident list names only routes that exist', () => {
    const all = new Set(writes().map(key));
    for (const r of RESIDENT_WRITES) expect(all.has(r), r).toBe(true);
  });

  it('refuses a multipart upload, a bill import, its commit and logout from a foreign page, signed in, writing nothing', async () => {
    const cms = await h.staffCookie('cms@greenvalley.test');
    const billing = await h.staffCookie('billing@greenvalley.test');
    const countOf = async (t: typeof media | typeof billImports) => Number((await h.database.db.select({ n: count() }).from(t))[0]!.n);
    const before = [await countOf(media), await countOf(billImports)];
    const image = mediaForm(await png());
    const sheet = multipartBody(billSheet([{ Address: 'House 1, Street 1, Block A', Units: 10 }]), { period: '2026-01' });
    let foreign: Record<string, string> = {};
    const attempts = {
      upload: () =>
        h.app.inject({ method: 'POST', url: '/api/media', headers: { ...image.headers, cookie: cms, host: HOST, ...foreign }, payload: image.payload }),
      import: () =>
        h.app.inject({
          method: 'POST',
          url: '/api/bills/import',
          headers: { 'content-type': sheet.contentType, cookie: billing, host: HOST, ...foreign },
          payload: sheet.payload,
        }),
      logout: () => h.app.inject({ method: 'POST', url: '/api/society/logout', headers: { cookie: cms, host: HOST, ...foreign } }),
    };
    const foreignPages: Record<string, string>[] = [
      { origin: EVIL },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'http://other.desk.test:3000' },
      { origin: 'http://desk.test:8080' },
    ];
    for (const f of foreignPages) {
      foreign = f;
      for (const [what, send] of Object.entries(attempts)) {
        const res = await send();
        expect(res.statusCode, `${what} ${JSON.stringify(f)}`).toBe(403);
        expect(res.json().message).toBe(MSG.crossSiteRequest);
      }
    }
    expect([await countOf(media), await countOf(billImports)]).toEqual(before);
    // The session survived every foreign logout.
    expect((await h.app.inject({ method: 'GET', url: '/api/society/me', headers: { cookie: cms } })).statusCode).toBe(200);

    // The same requests from the app's own page go through.
    foreign = { origin: `http://${HOST}` };
    expect((await attempts.upload()).statusCode).toBe(201);
    const imported = await attempts.import();
    expect(imported.statusCode, imported.body).toBe(200);
    const { importId } = imported.json<ImportPreview>();
    const commit = (headers: Record<string, string>) =>
      h.app.inject({ method: 'POST', url: `/api/bills/import/${importId}/commit`, headers: { cookie: billing, host: HOST, ...headers } });
    expect((await commit({ origin: EVIL })).statusCode).toBe(403);
    expect((await commit({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await commit({ origin: `https://${HOST}`, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await attempts.logout()).statusCode).toBe(204);
  });

  it('refuses staff sign-in from a foreign page, and lets the app, ALLOWED_ORIGINS and non-browser clients sign in', async () => {
    const login = (headers: Record<string, string>) =>
      h.app.inject({
        method: 'POST',
        url: '/api/society/login',
        headers: { host: HOST, ...headers },
        payload: { email: 'grocery@greenvalley.test', password: 'demo-pass-1' },
      });
    const refused = await login({ origin: EVIL });
    expect(refused.statusCode).toBe(403);
    expect(refused.cookies).toEqual([]);
    expect((await login({ origin: `http://${HOST}` })).statusCode).toBe(200);
    expect((await login({ origin: 'https://desk.example.org', 'sec-fetch-site': 'cross-site' })).statusCode).toBe(200);
    expect((await login({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await login({ 'sec-fetch-site': 'none' })).statusCode).toBe(200);
    expect((await login({})).statusCode).toBe(200);
  });

  it('leaves reads and the resident API alone', async () => {
    const cookie = await h.staffCookie('complaints@greenvalley.test');
    expect(
      (await h.app.inject({ method: 'GET', url: '/api/complain', headers: { cookie, host: HOST, origin: EVIL, 'sec-fetch-site': 'cross-site' } })).statusCode,
    ).toBe(200);
    const authorization = await h.residentAuth('03000000007');
    const filed = await h.app.inject({ method: 'POST', url: '/api/grocery', headers: { authorization, host: HOST, origin: EVIL }, payload: { list: 'milk' } });
    expect(filed.statusCode).toBe(201);
  });

  it('decides by Origin first, then Sec-Fetch-Site, and lets a request with neither through', () => {
    const allowed = new Set(['https://desk.example.org']);
    const ok = (headers: Record<string, string>) => fromOwnPages({ host: 'desk.test', ...headers }, allowed);
    expect(ok({})).toBe(true);
    expect(ok({ origin: 'http://desk.test' })).toBe(true);
    expect(ok({ origin: 'https://DESK.test' })).toBe(true);
    expect(ok({ origin: 'https://desk.example.org' })).toBe(true);
    expect(ok({ origin: 'http://desk.test:8080' })).toBe(false);
    expect(ok({ origin: 'http://a.desk.test' })).toBe(false);
    expect(ok({ origin: 'null' })).toBe(false);
    expect(ok({ origin: 'file://' })).toBe(false);
    expect(ok({ origin: 'http://evil.test', 'sec-fetch-site': 'same-origin' })).toBe(false);
    expect(ok({ 'sec-fetch-site': 'same-origin' })).toBe(true);
    expect(ok({ 'sec-fetch-site': 'none' })).toBe(true);
    expect(ok({ 'sec-fetch-site': 'same-site' })).toBe(false);
    expect(ok({ 'sec-fetch-site': 'cross-site' })).toBe(false);
  });
});
