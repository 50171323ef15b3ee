import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { residents } from '../../src/server/db/schema.js';
import { MSG } from '../../src/shared/messages.js';
import { useHarness } from './harness.js';

describe('staff sign-in', () => {
  const h = useHarness({ LOGIN_MAX_FAILURES: '3' });
  const login = (payload: unknown, ip = '10.0.0.1') =>
    h.app.inject({ method: 'POST', url: '/api/society/login', payload: payload as object, remoteAddress: ip });

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

  it('refuses a forged cookie', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/society/me', headers: { cookie: 'sd_session=forged' } });
    expect(res.statusCode).toBe(401);
  });

  it('serves health, security headers and the OpenAPI document', async () => {
    const health = await h.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().status).toBe('ok');
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    expect(health.headers['content-security-policy']).toContain("default-src 'self'");
    const doc = await h.app.inject({ method: 'GET', url: '/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toEqual(expect.arrayContaining(['/api/society/login', '/api/complain', '/api/resident/login']));
  });
});

describe('resident sign-in', () => {
  const h = useHarness();
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
