/**
 * Two deployments sharing one Redis count apart: the sign-in throttle (`…:login:`), the app's
 * rate limits (`…:limit:`) and @fastify/rate-limit's per-address limit (`…:rate:`) keep their keys
 * under the PostgreSQL database's name (lib/redis-namespace.ts), as the Socket.IO channels do.
 * Before, every deployment counted under `sd:login:` and the like, so one deployment's failed
 * sign-ins held another's staff back. Instances of one deployment still share their counts.
 * PostgreSQL and Redis only (DATABASE_URL, TEST_REDIS_URL); the other deployment's database is a
 * copy of the run's template.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { createFromTemplate, databaseUrlOf, dropDatabase, withAdmin } from '../support/pg-databases.js';
import { ADMIT_ALL } from '../support/test-config.js';
import { useHarness } from './harness.js';

const REDIS = process.env.TEST_REDIS_URL;
const tpl = inject('pgTemplate');
const MAX = 2; // LOGIN_MAX_FAILURES here
const ENV = { LOGIN_MAX_FAILURES: String(MAX), PANEL_MAX_BROADCASTS_PER_HOUR: '1', CLIENT_ERRORS_PER_ADDRESS_PER_MINUTE: '1' };
const REPORT = { app: 'dashboard', kind: 'screen', path: '/Complaints', message: 'Failed to fetch dynamically imported module', chunkLoad: true };

/** Values no earlier run used: Redis keeps its counts for the window across runs. */
const freshEmail = () => `guess-${randomUUID()}@nobody.test`;
const freshIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

describe.skipIf(!tpl || !REDIS)('Redis counts of two deployments sharing one Redis', () => {
  const h = useHarness({ ...ENV, REDIS_URL: REDIS ?? '' });
  /** Another deployment: its own database (same demo rows, so the same ids), the same Redis. */
  const other = { name: '', database: undefined as Database | undefined, app: undefined as BuiltApp['app'] | undefined };
  /** A second instance of the harness's deployment (its database, the same Redis). */
  let sibling: { database: Database; app: BuiltApp['app'] } | undefined;
  const build = async (databaseUrl: string) => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...ADMIT_ALL, ...ENV, REDIS_URL: REDIS ?? '', DATABASE_URL: databaseUrl });
    const database = await openDatabase({ databaseUrl });
    const built = await buildApp({ config, database, clock: h.clock, serveWeb: false, pushTransport: { send: async () => undefined } });
    await built.app.ready();
    return { database, app: built.app };
  };
  beforeAll(async () => {
    other.name = `${h.config.DATABASE_URL!.split('/').pop()}_other`;
    await withAdmin(tpl!.adminUrl, (client) => createFromTemplate(client, other.name, tpl!.template));
    Object.assign(other, await build(databaseUrlOf(tpl!.adminUrl, other.name)));
    sibling = await build(h.config.DATABASE_URL!);
  });
  afterAll(async () => {
    for (const i of [sibling, other]) {
      await i?.app?.close();
      await i?.database?.close();
    }
    if (other.name) await withAdmin(tpl!.adminUrl, (client) => dropDatabase(client, other.name));
  });

  it("sign-in failures held on one deployment do not hold the other's (same address, same email)", async () => {
    const ip = freshIp();
    const email = freshEmail();
    const signIn = (app: BuiltApp['app']) =>
      app.inject({ method: 'POST', url: '/api/society/login', payload: { email, password: 'wrong-pass-1' }, remoteAddress: ip });
    for (let i = 0; i < MAX; i++) expect((await signIn(h.app)).statusCode).toBe(401);
    expect((await signIn(h.app)).statusCode).toBe(429);
    expect((await signIn(sibling!.app)).statusCode).toBe(429);
    expect((await signIn(other.app!)).statusCode).toBe(401);
  });

  it("one society's broadcasts (same society id in both databases) are counted per deployment", async () => {
    const broadcast = async (app: BuiltApp['app']) => {
      const login = await app.inject({
        method: 'POST',
        url: '/api/society/login',
        payload: { email: 'notification@greenvalley.test', password: 'demo-pass-1' },
      });
      expect(login.statusCode, login.body).toBe(200);
      const cookie = `sd_session=${login.cookies.find((c) => c.name === 'sd_session')!.value}`;
      return app.inject({ method: 'POST', url: '/api/notifications/broadcast', headers: { cookie }, payload: { title: 'Water', body: 'No water on Sunday.' } });
    };
    expect((await broadcast(h.app)).statusCode).toBe(201);
    expect((await broadcast(sibling!.app)).statusCode).toBe(429);
    expect((await broadcast(other.app!)).statusCode).toBe(201);
  });

  it("an address's client-error reports (@fastify/rate-limit) are counted per deployment", async () => {
    const ip = freshIp();
    const report = (app: BuiltApp['app']) => app.inject({ method: 'POST', url: '/api/client-errors', payload: REPORT, remoteAddress: ip });
    expect((await report(h.app)).statusCode).toBe(204);
    expect((await report(sibling!.app)).statusCode).toBe(429);
    expect((await report(other.app!)).statusCode).toBe(204);
  });
});
