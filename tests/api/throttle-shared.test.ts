/**
 * The sign-in throttles (staff and resident) and the resident routes' request limits are shared
 * by every instance. Two apps on one PostgreSQL database (each with its own connections, one
 * clock): failures on A count on B, and a burst split over both checks at most LOGIN_MAX_FAILURES
 * passwords — with the counts in PostgreSQL, and again in Redis (REDIS_URL). Resident sign-in,
 * the resident's password change and the staff two-factor enrolment confirm are counted alike;
 * sign-in, registration and the society picker share their per-address limits. Needs
 * DATABASE_URL (and a Redis at REDIS_TEST_URL, default redis://127.0.0.1:6379, for the Redis
 * half); skipped otherwise. Redis keeps its counts across runs: every test uses addresses,
 * phones and emails no earlier run used.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/server/app.js';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { residents } from '../../src/server/db/schema.js';
import { totpCode } from '../../src/server/modules/auth/two-factor.js';
import { staffAccountsService } from '../../src/server/modules/staff/service.js';
import { operatorActor, runCommand } from '../../src/server/operator/commands.js';
import { MSG, tryAgainIn } from '../../src/shared/messages.js';
import { societyWithResident } from '../support/rows.js';
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
const PER_ACCOUNT = 20; // LOGIN_MAX_FAILURES_PER_ACCOUNT
const PER_ADDRESS = 20; // RESIDENT_SIGNIN_PER_MINUTE

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

function residentSignIn(app: BuiltApp['app'], phone: string, ip: string, password = 'wrong-pass-1') {
  return app.inject({ method: 'POST', url: '/api/resident/login', payload: { phone, password }, remoteAddress: ip });
}

/** A resident of a new society, with a phone no earlier run used. */
async function freshResident(h: Harness): Promise<{ phone: string; password: string }> {
  const r = await societyWithResident(h.database.db, { name: `Shared Throttle ${randomUUID()}` });
  const phone = `03${String(randomInt(1_000_000_000)).padStart(9, '0')}`;
  await h.database.db.update(residents).set({ phone }).where(eq(residents.id, r.residentId));
  return { phone, password: r.password };
}

/** A staff member with a new email who has chosen a password, signed in on `app`: the Cookie header value. */
async function freshStaffCookie(h: Harness, app: BuiltApp['app']): Promise<string> {
  const email = `shared-${randomUUID()}@throttle.test`;
  const service = staffAccountsService({ db: h.database.db, clock: h.clock, temporaryPasswordHours: 72, revokeSessions: (id) => h.auth.revokeAccount(id) });
  const made = await runCommand(
    ['staff:create', '--society', 'GV', '--email', email, '--name', 'Imran Qureshi', '--sub-role', 'complian'],
    service,
    operatorActor(),
  );
  const temporary = made.out.find((l) => l.startsWith('Temporary password: '))!.slice('Temporary password: '.length);
  const first = await signIn(app, email, freshIp(), temporary);
  const cookie = `sd_session=${first.cookies.find((c) => c.name === 'sd_session')!.value}`;
  const changed = await app.inject({
    method: 'PUT',
    url: '/api/society/me/password',
    headers: { cookie },
    payload: { currentPassword: temporary, newPassword: 'violet-harbour-tractor-57' },
  });
  expect(changed.statusCode, changed.body).toBe(204);
  return cookie;
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

    it('resident: wrong passwords for one phone, alternating between the instances and between addresses, are 429 after LOGIN_MAX_FAILURES_PER_ACCOUNT', async () => {
      const r = await freshResident(h);
      const codes: number[] = [];
      for (let i = 0; i < 60; i++) codes.push((await residentSignIn(i % 2 ? B.built.app : h.app, r.phone, freshIp())).statusCode);
      expect(codes.slice(0, PER_ACCOUNT)).toEqual(Array(PER_ACCOUNT).fill(401));
      expect(codes.slice(PER_ACCOUNT)).toEqual(Array(60 - PER_ACCOUNT).fill(429));
      // Held on both instances, from any address, whatever the password, until the window passes.
      const held = await residentSignIn(h.app, r.phone, freshIp(), r.password);
      expect(held.statusCode).toBe(429);
      expect(held.json().message).toBe(MSG.loginThrottled);
      expect((await residentSignIn(B.built.app, r.phone, freshIp(), r.password)).statusCode).toBe(429);
      h.clock.advance(h.config.LOGIN_WINDOW_S * 1000 + 1);
      expect((await residentSignIn(B.built.app, r.phone, freshIp(), r.password)).statusCode).toBe(200);
    });

    it('resident: a concurrent burst for one phone from one address, split over both instances, checks at most LOGIN_MAX_FAILURES passwords', async () => {
      const r = await freshResident(h);
      const ip = freshIp();
      verifications.mockClear();
      const codes = (await Promise.all(Array.from({ length: 30 }, (_, i) => residentSignIn(i % 2 ? B.built.app : h.app, r.phone, ip)))).map(
        (x) => x.statusCode,
      );
      expect(verifications).toHaveBeenCalledTimes(MAX);
      expect(codes.filter((c) => c === 401)).toHaveLength(MAX);
      expect(codes.filter((c) => c === 429)).toHaveLength(30 - MAX);
    });

    it("resident: wrong current passwords at a password change on A and B count with the phone's sign-ins", async () => {
      const r = await freshResident(h);
      const signedIn = await residentSignIn(h.app, r.phone, freshIp(), r.password);
      const headers = { authorization: `Bearer ${signedIn.json<{ token: string }>().token}` };
      const ip = freshIp();
      const change = (app: BuiltApp['app'], currentPassword: string) =>
        app.inject({ method: 'PUT', url: '/api/resident/password', headers, remoteAddress: ip, payload: { currentPassword, newPassword: 'a-new-password-2' } });
      const codes: number[] = [];
      for (let i = 0; i < MAX; i++) codes.push((await change(i % 2 ? B.built.app : h.app, `guess-${i}`)).statusCode);
      expect(codes).toEqual(Array(MAX).fill(400));
      expect((await change(B.built.app, r.password)).statusCode).toBe(429);
      expect((await residentSignIn(h.app, r.phone, ip, r.password)).statusCode).toBe(429);
    });

    it('two-factor enrolment: wrong codes on A and B from one address, and the sixth is 429 even with the right code', async () => {
      const cookie = await freshStaffCookie(h, h.app);
      const { secret } = (await h.app.inject({ method: 'POST', url: '/api/society/me/2fa', headers: { cookie } })).json<{ secret: string }>();
      const right = totpCode(secret, h.clock.now().getTime());
      const wrong = right === '000000' ? '111111' : '000000';
      const ip = freshIp();
      const confirm = (app: BuiltApp['app'], code: string) =>
        app.inject({ method: 'POST', url: '/api/society/me/2fa/confirm', headers: { cookie }, payload: { code }, remoteAddress: ip });
      const codes: number[] = [];
      for (let i = 0; i < MAX; i++) codes.push((await confirm(i % 2 ? B.built.app : h.app, wrong)).statusCode);
      expect(codes).toEqual(Array(MAX).fill(400));
      const held = await confirm(B.built.app, right);
      expect(held.statusCode).toBe(429);
      expect(held.json().message).toBe(MSG.twoFactorConfirmThrottled);
      expect((await confirm(h.app, right)).statusCode).toBe(429);
    });

    it('resident sign-in and registration share RESIDENT_SIGNIN_PER_MINUTE per address across both instances; the picker its own', async () => {
      const ip = freshIp();
      // Bad bodies: counted before they are read, as a flood of them would be.
      const login = (app: BuiltApp['app']) => app.inject({ method: 'POST', url: '/api/resident/login', payload: { phone: '9' }, remoteAddress: ip });
      const register = (app: BuiltApp['app']) => app.inject({ method: 'POST', url: '/api/resident/register', payload: {}, remoteAddress: ip });
      for (let i = 0; i < PER_ADDRESS; i++) expect((await (i % 2 ? register(B.built.app) : login(h.app))).statusCode).toBe(400);
      const refused = await login(B.built.app);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(tryAgainIn(MSG.residentRequestsTooMany, 60));
      expect((await register(h.app)).statusCode).toBe(429);

      const picker = (app: BuiltApp['app']) => app.inject({ method: 'GET', url: '/api/societies?q=green', remoteAddress: ip });
      for (let i = 0; i < 60; i++) expect((await picker(i % 2 ? B.built.app : h.app)).statusCode).toBe(200);
      const searches = await picker(B.built.app);
      expect(searches.statusCode).toBe(429);
      expect(searches.json().message).toBe(tryAgainIn(MSG.societySearchesTooMany, 60));
      h.clock.advance(60_001);
      expect((await login(B.built.app)).statusCode).toBe(400);
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
