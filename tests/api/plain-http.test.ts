/**
 * Production over plain http (lib/plain-http.ts): the session cookie is Secure, which a browser
 * drops over http, so a sign-in over http is refused with MSG.httpsRequired instead of "succeeding"
 * into a loop back to Login; behind a trusted proxy that says https it signs in; X-Forwarded-Proto
 * from an untrusted peer is ignored; ALLOW_INSECURE_HTTP signs in over http with a cookie without
 * Secure. The start-log line is checked for each case.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { plainHttpWarning } from '../../src/server/lib/plain-http.js';
import { DEMO_PASSWORD } from '../../src/server/seed/demo.js';
import { MSG } from '../../src/shared/messages.js';
import { ADMIT_ALL } from '../support/test-config.js';
import { useHarness, withApp, type Harness } from './harness.js';

const PRODUCTION = { NODE_ENV: 'production', LOG_LEVEL: 'silent', ...ADMIT_ALL };

/** A second app on the harness's database, in production unless `env` says otherwise. */
const withProductionApp = (h: Harness, env: Record<string, string>, fn: (app: FastifyInstance) => Promise<void>) =>
  withApp(h, { NODE_ENV: 'production', ...env }, fn);

const signIn = (app: FastifyInstance, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/society/login', payload: { email: 'complaints@greenvalley.test', password: DEMO_PASSWORD }, headers, remoteAddress });

describe('production sign-in over plain http', () => {
  const h = useHarness();

  it('refuses a sign-in over http with a message saying to open the dashboard over HTTPS, and sets no cookie', async () => {
    await withProductionApp(h, {}, async (app) => {
      const res = await signIn(app);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: MSG.httpsRequired, field: 'protocol' });
      expect(res.json().message).toMatch(/HTTPS.*docs\/deploy\.md/);
      expect(res.cookies).toEqual([]);
      // The two-factor step too, before its challenge is even looked at.
      const step = await app.inject({ method: 'POST', url: '/api/society/login/2fa', payload: { challenge: 'x'.repeat(43), code: '123456' } });
      expect(step.statusCode).toBe(403);
      expect(step.json().message).toBe(MSG.httpsRequired);
    });
  });

  it('ignores X-Forwarded-Proto: https from a peer TRUST_PROXY does not trust', async () => {
    await withProductionApp(h, {}, async (app) => {
      expect((await signIn(app, { 'x-forwarded-proto': 'https' })).statusCode).toBe(403);
    });
    await withProductionApp(h, { TRUST_PROXY: '10.9.0.1' }, async (app) => {
      expect((await signIn(app, { 'x-forwarded-proto': 'https' }, '10.9.0.2')).statusCode).toBe(403);
    });
  });

  it('signs in with a Secure cookie behind a trusted proxy that forwards https, and refuses what it forwards as http', async () => {
    await withProductionApp(h, { TRUST_PROXY: 'loopback' }, async (app) => {
      const res = await signIn(app, { 'x-forwarded-proto': 'https' });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === 'sd_session')).toMatchObject({ secure: true, httpOnly: true });
      expect((await signIn(app, { 'x-forwarded-proto': 'http' })).statusCode).toBe(403);
    });
  });

  it('with ALLOW_INSECURE_HTTP signs in over http with a cookie without Secure', async () => {
    await withProductionApp(h, { ALLOW_INSECURE_HTTP: '1' }, async (app) => {
      const res = await signIn(app);
      expect(res.statusCode).toBe(200);
      const cookie = res.cookies.find((c) => c.name === 'sd_session');
      expect(cookie?.secure).toBeFalsy();
      const me = await app.inject({ method: 'GET', url: '/api/society/me', headers: { cookie: `sd_session=${cookie!.value}` } });
      expect(me.statusCode).toBe(200);
    });
  });

  it('leaves development and test alone: http signs in', async () => {
    expect((await signIn(h.app)).statusCode).toBe(200);
  });

  it('says in one start-log line what is wrong and what to do, and warns of the opt-out', () => {
    const bare = plainHttpWarning(loadConfig(PRODUCTION));
    expect(bare).toMatch(/drop the Secure session cookie.*TRUST_PROXY.*docs\/deploy\.md.*ALLOW_INSECURE_HTTP=1/);
    expect(bare).not.toContain('\n');
    expect(plainHttpWarning(loadConfig({ ...PRODUCTION, TRUST_PROXY: 'loopback' }))).toBeUndefined();
    expect(plainHttpWarning(loadConfig({ ...PRODUCTION, ALLOW_INSECURE_HTTP: 'true' }))).toMatch(/ALLOW_INSECURE_HTTP is on.*closed LAN/);
    expect(plainHttpWarning(loadConfig({ NODE_ENV: 'development' }))).toBeUndefined();
  });
});
