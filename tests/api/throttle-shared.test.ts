/**
 * The staff sign-in throttle and the rate limits are shared by every instance. Two apps
 * on one PostgreSQL database (each with its own connections, one clock): failures on A count on
 * B, and a burst split over both checks at most LOGIN_MAX_FAILURES passwords — with the counts in
 * PostgreSQL, and again in Redis (REDIS_URL). Needs DATABASE_URL (and a Redis at REDIS_TEST_URL,
 * default redis://127.0.0.1:6379, for the Redis half); skipped otherwise.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/server/app.js';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { MSG } from '../../src/shared/messages.js';
import { useHarness, type Harness } from './harness.js';

// The real argon2 verify, wrapped so a test can count how many passwords were checked.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...real, verify: vi.fn(real.verify) };
});
const verifications = vi.mocked(verify);

const PG = process.env.DATABASE_URL;
const REDIS = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const MAX = 5; // LOGIN_MAX_FAILURES

/** Values no earlier run used: Redis keeps its counts for the window across test runs. */
const freshEmail = () => `guess-${randomUUID()}@nobody.test`;
const freshIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** Opens instance B: a second app on its own connections to the harness's (migrated, seeded) database. */
async function openB(h: Harness): Promise<{ built: BuiltApp; database: Database }> {
  const database = await openDatabase({ databaseUrl: h.config.DATABASE_URL });
  const built = await buildApp({ config: h.config, database, clock: h.clock, serveWeb: false, pushTransport: { send: async () => undefined } });
  await built.app.ready();
  return { built, database };
}

function signIn(app: BuiltApp['app'], email: string, ip: string, password = 'wrong-pass-1') {
  return app.inject({ method: 'POST', url: '/api/society/login', payload: { email, password }, remoteAddress: ip });
}

function sharedThrottleSuite(name: string, env: Record<string, string>) {
  describe.skipIf(!PG)(name, () => {
    const h = useHarness({ LOGIN_MAX_FAILURES: String(MAX), ...env });
    let B: { built: BuiltApp; database: Database };
    beforeAll(async () => {
      B = await openB(h);
    });
    afterAll(async () => {
      await B?.built.app.close();
      await B?.database.close();
    });

    it('five failures on A make the sixth attempt on B a 429, even with the right password', async () => {
      const ip = freshIp();
      for (let i = 0; i < MAX; i++) expect((await signIn(h.app, 'complaints@greenvalley.test', ip)).statusCode).toBe(401);
      const sixth = await signIn(B.built.app, 'complaints@greenvalley.test', ip, 'demo-pass-1');
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().message).toBe(MSG.loginThrottled);
      // The clock stands still here: the whole window is left.
      expect(Number(sixth.headers['retry-after'])).toBe(h.config.LOGIN_WINDOW_S);
      // Another address is not held back by this one's failures.
      expect((await signIn(B.built.app, 'complaints@greenvalley.test', freshIp(), 'demo-pass-1')).statusCode).toBe(200);
    });

    it('a concurrent burst split over both instances checks at most LOGIN_MAX_FAILURES passwords', async () => {
      const ip = freshIp();
      const email = freshEmail();
      verifications.mockClear();
      const codes = (await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(i % 2 ? B.built.app : h.app, email, ip)))).map((r) => r.statusCode);
      expect(verifications).toHaveBeenCalledTimes(MAX);
      expect(codes.filter((c) => c === 401)).toHaveLength(MAX);
      expect(codes.filter((c) => c === 429)).toHaveLength(40 - MAX);
    });

    it('a success on B clears the pair that failed on A; the window passes for both', async () => {
      const ip = freshIp();
      for (let i = 0; i < MAX - 1; i++) expect((await signIn(h.app, 'doctor@greenvalley.test', ip)).statusCode).toBe(401);
      expect((await signIn(B.built.app, 'doctor@greenvalley.test', ip, 'demo-pass-1')).statusCode).toBe(200);
      for (let i = 0; i < MAX; i++) expect((await signIn(i % 2 ? h.app : B.built.app, 'doctor@greenvalley.test', ip)).statusCode).toBe(401);
      expect((await signIn(h.app, 'doctor@greenvalley.test', ip)).statusCode).toBe(429);
      h.clock.advance(h.config.LOGIN_WINDOW_S * 1000 + 1);
      expect((await signIn(B.built.app, 'doctor@greenvalley.test', ip, 'demo-pass-1')).statusCode).toBe(200);
    });
  });
}

sharedThrottleSuite('shared sign-in throttle in PostgreSQL (DATABASE_URL)', {});
sharedThrottleSuite('shared sign-in throttle in Redis (REDIS_URL)', { REDIS_URL: REDIS });

describe.skipIf(!PG)('PostgreSQL store details', () => {
  const h = useHarness({ LOGIN_MAX_FAILURES: String(MAX) });

  it('keeps its counts in login_attempts and the purge job deletes rows older than the window', async () => {
    const email = freshEmail();
    for (let i = 0; i < 2; i++) expect((await signIn(h.app, email, freshIp())).statusCode).toBe(401);
    const count = async () =>
      Number(
        ((await h.database.db.execute(sql`select count(*)::int as n from login_attempts where key = ${`a:${email}`}`)) as unknown as { rows: { n: number }[] })
          .rows[0]!.n,
      );
    expect(await count()).toBe(2);
    await h.jobs.purge.runOnce();
    expect(await count()).toBe(2);
    h.clock.advance(h.config.LOGIN_WINDOW_S * 1000 + 1);
    await h.jobs.purge.runOnce();
    expect(await count()).toBe(0);
  });
});

describe.skipIf(!PG)('resident rate limit shared through Redis (REDIS_URL)', () => {
  const h = useHarness({ REDIS_URL: REDIS });

  it('20 sign-ins a minute per address across both instances: the 21st, on B, is a 429', async () => {
    const B = await openB(h);
    try {
      const ip = freshIp();
      const residentLogin = (app: BuiltApp['app']) =>
        app.inject({ method: 'POST', url: '/api/resident/login', payload: { phone: '9000000000', password: 'wrong-pass-1' }, remoteAddress: ip });
      for (let i = 0; i < 20; i++) expect((await residentLogin(h.app)).statusCode).not.toBe(429);
      expect((await residentLogin(B.built.app)).statusCode).toBe(429);
    } finally {
      await B.built.app.close();
      await B.database.close();
    }
  });
});
