import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { residents, societies, staffSessions, staffUsers } from '../../src/server/db/schema.js';
import { hashToken } from '../../src/server/lib/tokens.js';
import { MSG } from '../../src/shared/messages.js';
import { useHarness, withApp, type Harness } from './harness.js';
import { postComplaint } from '../support/clients/complaints.js';

// The real argon2 verify, wrapped so a test can count how many passwords were checked.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...real, verify: vi.fn(real.verify) };
});
const verifications = vi.mocked(verify);

const countBy = (codes: number[]) => codes.reduce<Record<number, number>>((acc, c) => ({ ...acc, [c]: (acc[c] ?? 0) + 1 }), {});

/** A second app on the harness's database, with three failed sign-ins before the throttle unless `env` says otherwise. */
const withAuthApp = (h: Harness, env: Record<string, string>, fn: (app: FastifyInstance) => Promise<void>) =>
  withApp(h, { LOGIN_MAX_FAILURES: '3', ...env }, fn);

describe('staff sign-in', () => {
  const h = useHarness({ LOGIN_MAX_FAILURES: '3', LOGIN_MAX_FAILURES_PER_ACCOUNT: '6' });
  const login = (payload: unknown, ip = '10.0.0.1') =>
    h.app.inject({ method: 'POST', url: '/api/society/login', payload: payload as object, remoteAddress: ip });
  const WINDOW_MS = 900_000; // LOGIN_WINDOW_S default

  it('signs an Admin in with an httpOnly SameSite cookie and the current user', async () => {
    const res = await login({ email: 'complaints@greenvalley.test', password: 'demo-pass-1' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ Role: 'Admin', SubRole: 'complian', societyName: 'Green Valley' });
    expect(typeof body.user._id).toBe('string');
    expect(body.user.name.length).toBeGreaterThan(0);
    const c = res.cookies.find((k) => k.name === 'sd_session')!;
    expect(c.httpOnly).toBe(true);
    expect(c.sameSite).toBe('Strict');
    expect(JSON.stringify(body)).not.toContain('password');
  });

  it('accepts the email in any case', async () => {
    const res = await login({ email: 'Complaints@GreenValley.test', password: 'demo-pass-1' }, '10.0.0.9');
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['unknown email', { email: 'nobody@greenvalley.test', password: 'demo-pass-1' }],
    ['wrong password', { email: 'complaints@greenvalley.test', password: 'wrong-pass' }],
    ['a Guard account', { email: 'guard@greenvalley.test', password: 'demo-pass-1' }],
  ])('refuses %s with the same 401 body', async (name, payload) => {
    const res = await login(payload, `10.1.${name.length}.1`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: MSG.loginFailed });
    expect(res.cookies.find((k) => k.name === 'sd_session')).toBeUndefined();
  });

  it.each([
    [{ password: 'x' }, 'email', MSG.emailRequired],
    [{ email: '', password: 'x' }, 'email', MSG.emailRequired],
    [{ email: 'not-an-email', password: 'x' }, 'email', MSG.emailInvalid],
    [{ email: 'a@b.test' }, 'password', MSG.passwordRequired],
    [{ email: 'a@b.test', password: '' }, 'password', MSG.passwordRequired],
  ])('rejects bad input %j with 400 naming the field', async (payload, field, message) => {
    const res = await login(payload, '10.2.0.1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, field, message });
  });

  it('rejects a non-JSON body with a 4xx, not a 5xx', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/api/society/login', headers: { 'content-type': 'application/json' }, payload: '{bad json' });
    expect(res.statusCode).toBe(400);
  });

  it('throttles repeated failures (429) even for the right password, then clears per account', async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < 3; i++) expect((await login({ email: 'billing@greenvalley.test', password: 'nope' }, ip)).statusCode).toBe(401);
    const blocked = await login({ email: 'billing@greenvalley.test', password: 'demo-pass-1' }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another account from the same address is not locked out by these three failures.
    expect((await login({ email: 'status@greenvalley.test', password: 'demo-pass-1' }, ip)).statusCode).toBe(200);
  });

  it('counts an attempt before its password is checked: 100 wrong guesses at once → 3 checked, 3 × 401, 97 × 429', async () => {
    const ip = '10.4.0.1';
    verifications.mockClear();
    const burst = await Promise.all(Array.from({ length: 100 }, () => login({ email: 'cms@greenvalley.test', password: 'guess' }, ip)));
    expect(countBy(burst.map((r) => r.statusCode))).toEqual({ 401: 3, 429: 97 });
    expect(verifications).toHaveBeenCalledTimes(3);
    const right = await login({ email: 'cms@greenvalley.test', password: 'demo-pass-1' }, ip);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(MSG.loginThrottled);
    expect(verifications).toHaveBeenCalledTimes(3);
    // Once the window has passed (the injected clock), the account signs in again.
    h.clock.advance(WINDOW_MS + 1000);
    expect((await login({ email: 'cms@greenvalley.test', password: 'demo-pass-1' }, ip)).statusCode).toBe(200);
  });

  it('refuses the right password sent as guess 41 of a burst', async () => {
    const ip = '10.4.0.2';
    verifications.mockClear();
    const burst = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login({ email: 'cms-all@greenvalley.test', password: i === 40 ? 'demo-pass-1' : 'guess' }, ip)),
    );
    expect(burst[40]!.statusCode).toBe(429);
    expect(countBy(burst.map((r) => r.statusCode))).toEqual({ 401: 3, 429: 97 });
    expect(verifications).toHaveBeenCalledTimes(3);
  });

  it('limits failures per account across addresses (LOGIN_MAX_FAILURES_PER_ACCOUNT)', async () => {
    verifications.mockClear();
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => login({ email: 'plots@greenvalley.test', password: 'guess' }, `10.5.0.${i + 1}`)));
    expect(countBy(burst.map((r) => r.statusCode))).toEqual({ 401: 6, 429: 4 });
    expect(verifications).toHaveBeenCalledTimes(6);
    // A fresh address with the right password is refused too, and another account is not.
    expect((await login({ email: 'plots@greenvalley.test', password: 'demo-pass-1' }, '10.5.1.1')).statusCode).toBe(429);
    expect((await login({ email: 'residence@greenvalley.test', password: 'demo-pass-1' }, '10.5.1.1')).statusCode).toBe(200);
    h.clock.advance(WINDOW_MS + 1000);
    expect((await login({ email: 'plots@greenvalley.test', password: 'demo-pass-1' }, '10.5.1.1')).statusCode).toBe(200);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored: two forwarded addresses share one bucket', async () => {
    const viaProxy = (xff: string, password: string) =>
      h.app.inject({ method: 'POST', url: '/api/society/login', payload: { email: 'logo@greenvalley.test', password }, headers: { 'x-forwarded-for': xff } });
    for (let i = 0; i < 3; i++) expect((await viaProxy('203.0.113.1', 'guess')).statusCode).toBe(401);
    expect((await viaProxy('203.0.113.2', 'guess')).statusCode).toBe(429);
  });

  it('with TRUST_PROXY, each forwarded client address gets its own bucket', async () => {
    await withAuthApp(h, { TRUST_PROXY: '127.0.0.1' }, async (app) => {
      const viaProxy = (xff: string, password: string) =>
        app.inject({
          method: 'POST',
          url: '/api/society/login',
          payload: { email: 'discounts@greenvalley.test', password },
          headers: { 'x-forwarded-for': xff },
        });
      for (let i = 0; i < 3; i++) expect((await viaProxy('203.0.113.1', 'guess')).statusCode).toBe(401);
      expect((await viaProxy('203.0.113.1', 'guess')).statusCode).toBe(429);
      expect((await viaProxy('203.0.113.2', 'guess')).statusCode).toBe(401);
    });
  });

  it('does not publish /docs in production unless DOCS_IN_PRODUCTION=true', async () => {
    await withAuthApp(h, { NODE_ENV: 'production' }, async (app) => {
      expect((await app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/docs' })).statusCode).toBe(404);
    });
    await withAuthApp(h, { NODE_ENV: 'production', DOCS_IN_PRODUCTION: 'true' }, async (app) => {
      expect((await app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
    });
  });

  it('GET /me answers for a session and logout ends it on the server', async () => {
    const cookie = await h.staffCookie('security@lakecity.test');
    const me = await h.app.inject({ method: 'GET', url: '/api/society/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ SubRole: 'button-one', societyName: 'Lake City' });
    const out = await h.app.inject({ method: 'POST', url: '/api/society/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    const after = await h.app.inject({ method: 'GET', url: '/api/society/me', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it("answers the society's time zone with the sign-in and GET /me (Asia/Karachi unless the society names another)", async () => {
    const signIn = await login({ email: 'security@lakecity.test', password: 'demo-pass-1' }, '10.0.0.30');
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ timeZone: 'Asia/Karachi' });
    const lakeCity = eq(societies.name, 'Lake City');
    await h.database.db.update(societies).set({ timeZone: 'America/New_York' }).where(lakeCity);
    try {
      const cookie = await h.staffCookie('security@lakecity.test');
      const me = await h.app.inject({ method: 'GET', url: '/api/society/me', headers: { cookie } });
      expect(me.json()).toMatchObject({ user: { societyName: 'Lake City' }, timeZone: 'America/New_York' });
      const other = await h.app.inject({ method: 'GET', url: '/api/society/me', headers: { cookie: await h.staffCookie('complaints@greenvalley.test') } });
      expect(other.json()).toMatchObject({ user: { societyName: 'Green Valley' }, timeZone: 'Asia/Karachi' });
    } finally {
      await h.database.db.update(societies).set({ timeZone: 'Asia/Karachi' }).where(lakeCity);
    }
  });

  it('refuses a forged cookie', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/society/me', headers: { cookie: 'sd_session=forged' } });
    expect(res.statusCode).toBe(401);
  });

  it('serves health, security headers and the OpenAPI document', async () => {
    const health = await h.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().status).toBe('ok');
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(health.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim());
    expect(csp).toContain("default-src 'self'");
    // Sockets and fetches only to the app's own origin (no blanket ws: / wss:).
    expect(csp.filter((d) => d.startsWith('connect-src'))).toEqual(["connect-src 'self'"]);
    const doc = await h.app.inject({ method: 'GET', url: '/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toEqual(expect.arrayContaining(['/api/society/login', '/api/complain', '/api/resident/login']));
    // The shared contract is the documented answer: GET /me names the society's time zone.
    const meAnswer = doc.json().paths['/api/society/me'].get.responses['200'].content['application/json'].schema;
    expect(meAnswer.required).toContain('timeZone');
    expect(meAnswer.properties.timeZone).toMatchObject({ type: 'string' });
  });
});

describe('resident sign-in', () => {
  const h = useHarness({ RESIDENT_TOKEN_TTL_DAYS: '2' });
  const residentLogin = (phone: string, password = 'demo-pass-1') => h.app.inject({ method: 'POST', url: '/api/resident/login', payload: { phone, password } });
  // The resident guard runs before validation: an empty complaint is 400 with a live token, 401 without.
  const tokenWorks = async (authorization: string) => {
    const res = await postComplaint(h.app, authorization, {});
    expect([400, 401]).toContain(res.statusCode);
    return res.statusCode === 400;
  };
  const logout = (authorization: string) => h.app.inject({ method: 'POST', url: '/api/resident/logout', headers: { authorization } });

  it('checks a password even when the phone is unknown or has none, so timing tells nothing', async () => {
    verifications.mockClear();
    const unknown = await residentLogin('03999999999', 'no-such-account');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(MSG.residentLoginFailed);
    expect(verifications).toHaveBeenCalledTimes(1);
    await h.database.db.update(residents).set({ passwordHash: null }).where(eq(residents.phone, '03000000004'));
    expect((await residentLogin('03000000004')).statusCode).toBe(401);
    expect(verifications).toHaveBeenCalledTimes(2);
    expect((await residentLogin('03000000005', 'wrong-pass')).statusCode).toBe(401);
    expect(verifications).toHaveBeenCalledTimes(3);
  });

  it('POST /api/resident/logout revokes that token only (204, then 401)', async () => {
    const first = await h.residentAuth('03000000002');
    const second = await h.residentAuth('03000000002');
    expect(await tokenWorks(first)).toBe(true);
    expect((await logout(first)).statusCode).toBe(204);
    expect(await tokenWorks(first)).toBe(false);
    expect((await logout(first)).statusCode).toBe(401);
    expect(await tokenWorks(second)).toBe(true);
    expect((await logout('Bearer forged')).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'POST', url: '/api/resident/logout' })).statusCode).toBe(401);
  });

  it('a token lives RESIDENT_TOKEN_TTL_DAYS (2 here)', async () => {
    const authorization = await h.residentAuth('03000000003');
    h.clock.advance(86_400_000);
    expect(await tokenWorks(authorization)).toBe(true);
    h.clock.advance(86_400_000 + 1000);
    expect(await tokenWorks(authorization)).toBe(false);
  });

  it('gives an Approve resident a token, refuses wrong passwords and blocked residents', async () => {
    const ok = await h.app.inject({ method: 'POST', url: '/api/resident/login', payload: { phone: '03000000001', password: 'demo-pass-1' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().resident).toMatchObject({ residentId: 'GV0001', societyName: 'Green Valley' });
    const bad = await h.app.inject({ method: 'POST', url: '/api/resident/login', payload: { phone: '03000000001', password: 'nope' } });
    expect(bad.statusCode).toBe(401);
    const badPhone = await h.app.inject({ method: 'POST', url: '/api/resident/login', payload: { phone: '123', password: 'x' } });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().field).toBe('phone');
    // The demo data marks a few residents Block.
    const [blocked] = await h.database.db.select({ phone: residents.phone }).from(residents).where(eq(residents.status, 'Block')).limit(1);
    expect(blocked).toBeDefined();
    const refused = await h.app.inject({ method: 'POST', url: '/api/resident/login', payload: { phone: blocked!.phone, password: 'demo-pass-1' } });
    expect(refused.statusCode).toBe(403);
  });
});

describe('environment for sign-in, proxies and sockets', () => {
  const env = (vars: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...vars });
  it('has documented defaults', () => {
    const c = env({});
    expect(c).toMatchObject({
      LOGIN_MAX_FAILURES_PER_ACCOUNT: 20,
      RESIDENT_TOKEN_TTL_DAYS: 30,
      TRUST_PROXY: false,
      ALLOWED_ORIGINS: [],
      DOCS_IN_PRODUCTION: false,
    });
  });
  it('parses TRUST_PROXY as true/false or a list of addresses, CIDRs and named ranges', () => {
    expect(env({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(env({ TRUST_PROXY: 'loopback, 10.0.0.0/8,::1' }).TRUST_PROXY).toEqual(['loopback', '10.0.0.0/8', '::1']);
    expect(() => env({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY/);
    expect(() => env({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });
  it('parses ALLOWED_ORIGINS as normalised origins and refuses anything else', () => {
    expect(env({ ALLOWED_ORIGINS: 'http://LocalHost:5173/, https://desk.example.org' }).ALLOWED_ORIGINS).toEqual([
      'http://localhost:5173',
      'https://desk.example.org',
    ]);
    expect(() => env({ ALLOWED_ORIGINS: 'localhost:5173' })).toThrow(/ALLOWED_ORIGINS/);
    expect(() => env({ ALLOWED_ORIGINS: 'https://desk.example.org/app' })).toThrow(/ALLOWED_ORIGINS/);
  });
});

describe('sign-in length limits', () => {
  const h = useHarness();
  it.each([
    ['/api/society/login', { email: `${'a'.repeat(195)}@b.test`, password: 'x' }, 'email'],
    ['/api/society/login', { email: 'a@b.test', password: 'p'.repeat(201) }, 'password'],
    ['/api/resident/login', { phone: '03000000001', password: 'p'.repeat(201) }, 'password'],
  ])('%s says the length, not "required", for a too-long %j', async (url, payload, field) => {
    const res = await h.app.inject({ method: 'POST', url, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field, message: 'At most 200 characters.' });
  });
});

describe('staff session cache (SESSION_CACHE_MS)', () => {
  const h = useHarness({ SESSION_CACHE_MS: '5000', SESSION_TTL_HOURS: '1' });
  const me = (cookie: string) => h.app.inject({ method: 'GET', url: '/api/society/me', headers: { cookie } }).then((r) => r.statusCode);
  const tokenHashOf = (cookie: string) => hashToken(cookie.replace(/^sd_session=/, ''));

  it('a session read a moment ago is not read again, yet refused as soon as its row is gone', async () => {
    const cookie = await h.staffCookie('complaints@greenvalley.test');
    expect(await me(cookie)).toBe(200);
    // Deleted behind the server's back (not a logout): only the cache still knows it, and the
    // request's first query (the society's look) confirms it first and finds it gone.
    await h.database.db.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHashOf(cookie)));
    expect(await me(cookie)).toBe(401);
  });

  it('refuses a cached session at once after its logout and after its account is revoked', async () => {
    const cookie = await h.staffCookie('complaints@greenvalley.test');
    expect(await me(cookie)).toBe(200);
    expect((await h.app.inject({ method: 'POST', url: '/api/society/logout', headers: { cookie } })).statusCode).toBe(204);
    expect(await me(cookie)).toBe(401);

    const revoked = await h.staffCookie('grocery@greenvalley.test');
    expect(await me(revoked)).toBe(200);
    const [staff] = await h.database.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, 'grocery@greenvalley.test'));
    await h.auth.revokeAccount(staff!.id);
    expect(await me(revoked)).toBe(401);
  });

  it('never serves a cached session past its expiry', async () => {
    const cookie = await h.staffCookie('complaints@greenvalley.test');
    h.clock.advance(3_600_000 - 1000);
    expect(await me(cookie)).toBe(200);
    h.clock.advance(1500);
    expect(await me(cookie)).toBe(401);
  });
});
