/**
 * Every one-time secret is claimed once, even by requests that arrive together: a two-factor
 * challenge gives one session, a recovery code signs in once, a pending two-factor secret is
 * confirmed once, and a temporary password (staff and resident) holds one live session. Each case
 * runs on one instance (PGlite by default), and with DATABASE_URL again split over two instances
 * on one PostgreSQL database, each request of a pair on its own instance.
 */
import { and, count, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/server/app.js';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { residentSessions, societies, staffSessions, staffUsers } from '../../src/server/db/schema.js';
import { totpCode } from '../../src/server/modules/auth/two-factor.js';
import { staffAccountsService } from '../../src/server/modules/staff/service.js';
import { operatorActor, runCommand } from '../../src/server/operator/commands.js';
import { MSG } from '../../src/shared/messages.js';
import { societyWithResident } from '../support/rows.js';
import { useHarness, type Harness } from './harness.js';

const PG = process.env.DATABASE_URL;
const STRONG = 'violet-harbour-tractor-57';
let seq = 0;

type App = BuiltApp['app'];

function oneTimeSecretsSuite(name: string, twoInstances: boolean) {
  describe.skipIf(twoInstances && !PG)(name, () => {
    const h: Harness = useHarness();
    let other: { built: BuiltApp; database: Database } | undefined;
    beforeAll(async () => {
      if (!twoInstances) return;
      const database = await openDatabase({ databaseUrl: h.config.DATABASE_URL });
      const built = await buildApp({ config: h.config, database, clock: h.clock, serveWeb: false, pushTransport: { send: async () => undefined } });
      await built.app.ready();
      other = { built, database };
    });
    afterAll(async () => {
      await other?.built.app.close();
      await other?.database.close();
    });
    /** The instances a pair of simultaneous requests goes to: A and B, or A twice. */
    const pair = (): [App, App] => [h.app, other?.built.app ?? h.app];
    const db = () => h.database.db;

    const cookieOf = (res: { cookies: { name: string; value: string }[] }) => {
      const c = res.cookies.find((x) => x.name === 'sd_session');
      return c ? `sd_session=${c.value}` : '';
    };
    const staffLogin = (app: App, email: string, password: string) => app.inject({ method: 'POST', url: '/api/society/login', payload: { email, password } });
    const complete = (app: App, challenge: string, code: string) => app.inject({ method: 'POST', url: '/api/society/login/2fa', payload: { challenge, code } });
    const staffMe = (cookie: string) => h.app.inject({ method: 'GET', url: '/api/society/me', headers: { cookie } });
    const liveStaffSessions = async (id: number) =>
      Number(
        (
          await db()
            .select({ n: count() })
            .from(staffSessions)
            .where(and(eq(staffSessions.staffId, id), gt(staffSessions.expiresAt, h.clock.now())))
        )[0]!.n,
      );
    const recoveryLeft = async (id: number) =>
      (await db().select({ hashes: staffUsers.twoFactorRecoveryHashes }).from(staffUsers).where(eq(staffUsers.id, id)))[0]!.hashes!.length;

    /** A new Green Valley member with a temporary password (the operator's command). */
    async function invited() {
      const email = `ots${++seq}-${twoInstances ? 'b' : 'a'}@secrets.test`;
      const service = staffAccountsService({ db: db(), clock: h.clock, temporaryPasswordHours: 72, revokeSessions: (id) => h.auth.revokeAccount(id) });
      const made = await runCommand(
        ['staff:create', '--society', 'GV', '--email', email, '--name', 'Imran Qureshi', '--sub-role', 'complian'],
        service,
        operatorActor(),
      );
      const temporary = made.out.find((l) => l.startsWith('Temporary password: '))!.slice('Temporary password: '.length);
      const [row] = await db().select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email));
      return { email, temporary, id: row!.id };
    }

    /** A member with a password of their own and two-factor on: email, id, secret and recovery codes. */
    async function withTwoFactor() {
      const m = await invited();
      const cookie = cookieOf(await staffLogin(h.app, m.email, m.temporary));
      const send = (method: 'PUT' | 'POST', url: string, payload?: object) =>
        h.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
      expect((await send('PUT', '/api/society/me/password', { currentPassword: m.temporary, newPassword: STRONG })).statusCode).toBe(204);
      const { secret } = (await send('POST', '/api/society/me/2fa')).json<{ secret: string }>();
      const confirmed = await send('POST', '/api/society/me/2fa/confirm', { code: totpCode(secret, h.clock.now().getTime()) });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      // The enrolment's code is used: the sign-ins below are in a later time step.
      h.clock.advance(30_000);
      return { ...m, secret, recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes };
    }
    const challengeOf = async (app: App, email: string) => {
      const res = await staffLogin(app, email, STRONG);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ challenge: string }>().challenge;
    };

    it('two completions of one challenge at once, with two different recovery codes: one session, one code used', async () => {
      const m = await withTwoFactor();
      const before = await liveStaffSessions(m.id);
      const challenge = await challengeOf(h.app, m.email);
      const [a, b] = pair();
      const answers = await Promise.all([complete(a, challenge, m.recoveryCodes[0]!), complete(b, challenge, m.recoveryCodes[1]!)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
      expect(answers.find((r) => r.statusCode === 401)!.json()).toMatchObject({ message: MSG.twoFactorChallengeGone });
      expect(await liveStaffSessions(m.id)).toBe(before + 1);
      expect(await recoveryLeft(m.id)).toBe(9);
      // The challenge is spent: neither code can complete it now.
      expect((await complete(h.app, challenge, m.recoveryCodes[2]!)).json()).toMatchObject({ message: MSG.twoFactorChallengeGone });
    });

    it('a wrong code gives the challenge back: the member types the code again without their password', async () => {
      const m = await withTwoFactor();
      const challenge = await challengeOf(h.app, m.email);
      const [a, b] = pair();
      const wrong = await complete(a, challenge, 'abcde-fghjk');
      expect(wrong.json()).toMatchObject({ field: 'code', message: MSG.twoFactorCodeWrong });
      const right = await complete(b, challenge, totpCode(m.secret, h.clock.now().getTime()));
      expect(right.statusCode, right.body).toBe(200);
      expect((await staffMe(cookieOf(right))).statusCode).toBe(200);
    });

    it('one recovery code sent with two challenges at once signs in once', async () => {
      const m = await withTwoFactor();
      const before = await liveStaffSessions(m.id);
      const [a, b] = pair();
      const [c1, c2] = [await challengeOf(a, m.email), await challengeOf(b, m.email)];
      const code = m.recoveryCodes[3]!;
      const answers = await Promise.all([complete(a, c1, code), complete(b, c2, code)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
      expect(answers.find((r) => r.statusCode === 401)!.json()).toMatchObject({ field: 'code', message: MSG.twoFactorCodeWrong });
      expect(await liveStaffSessions(m.id)).toBe(before + 1);
      expect(await recoveryLeft(m.id)).toBe(9);
    });

    it('one authenticator code sent with two challenges at once signs in once', async () => {
      const m = await withTwoFactor();
      const [a, b] = pair();
      const [c1, c2] = [await challengeOf(a, m.email), await challengeOf(b, m.email)];
      const code = totpCode(m.secret, h.clock.now().getTime());
      const answers = await Promise.all([complete(a, c1, code), complete(b, c2, code)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    });

    it('two confirmations of one pending secret at once turn two-factor on once; the recovery codes kept are the answered ones', async () => {
      const m = await invited();
      const cookie = cookieOf(await staffLogin(h.app, m.email, m.temporary));
      expect(
        (
          await h.app.inject({
            method: 'PUT',
            url: '/api/society/me/password',
            headers: { cookie },
            payload: { currentPassword: m.temporary, newPassword: STRONG },
          })
        ).statusCode,
      ).toBe(204);
      const { secret } = (await h.app.inject({ method: 'POST', url: '/api/society/me/2fa', headers: { cookie } })).json<{ secret: string }>();
      const code = totpCode(secret, h.clock.now().getTime());
      const answers = await Promise.all(
        pair().map((app) => app.inject({ method: 'POST', url: '/api/society/me/2fa/confirm', headers: { cookie }, payload: { code } })),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const kept = answers.find((r) => r.statusCode === 200)!.json<{ recoveryCodes: string[] }>().recoveryCodes;
      h.clock.advance(30_000);
      const challenge = await challengeOf(h.app, m.email);
      expect((await complete(h.app, challenge, kept[0]!)).statusCode).toBe(200);
    });

    it('two sign-ins with one staff temporary password at once leave one live session; signing in again moves it', async () => {
      const m = await invited();
      const answers = await Promise.all(pair().map((app) => staffLogin(app, m.email, m.temporary)));
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(await liveStaffSessions(m.id)).toBe(1);
      const live = await Promise.all(answers.map(async (r) => (await staffMe(cookieOf(r))).statusCode));
      expect(live.sort()).toEqual([200, 401]);
      // A browser that lost its session signs in with the same temporary password again; the older one ends.
      const again = await staffLogin(h.app, m.email, m.temporary);
      expect(again.statusCode).toBe(200);
      expect(await liveStaffSessions(m.id)).toBe(1);
      expect((await staffMe(cookieOf(again))).statusCode).toBe(200);
    });

    it("two sign-ins with one resident's temporary password at once leave one live token; signing in again moves it", async () => {
      const [gv] = await db().select({ id: societies.id }).from(societies).where(eq(societies.name, 'Green Valley'));
      const r = await societyWithResident(db(), { name: `Secrets ${++seq}`, societyId: gv!.id });
      const reset = await h.app.inject({
        method: 'POST',
        url: `/api/residents/${r.residentId}/reset-password`,
        headers: { cookie: await h.staffCookie('status@greenvalley.test') },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      const { temporaryPassword } = reset.json<{ temporaryPassword: string }>();
      const login = (app: App, remoteAddress: string) =>
        app.inject({ method: 'POST', url: '/api/resident/login', remoteAddress, payload: { phone: r.phone, password: temporaryPassword } });
      const me = (token: string) => h.app.inject({ method: 'GET', url: '/api/resident/me', headers: { authorization: `Bearer ${token}` } });
      const liveTokens = async () =>
        Number((await db().select({ n: count() }).from(residentSessions).where(eq(residentSessions.residentId, r.residentId)))[0]!.n);

      const [a, b] = pair();
      const answers = await Promise.all([login(a, '10.77.0.1'), login(b, '10.77.0.2')]);
      expect(answers.map((x) => x.statusCode)).toEqual([200, 200]);
      expect(answers[0]!.json()).toMatchObject({ mustChangePassword: true });
      expect(await liveTokens()).toBe(1);
      const live = await Promise.all(answers.map(async (x) => (await me(x.json<{ token: string }>().token)).statusCode));
      expect(live.filter((s) => s === 401)).toHaveLength(1);
      const again = await login(h.app, '10.77.0.3');
      expect(again.statusCode).toBe(200);
      expect(await liveTokens()).toBe(1);
    });
  });
}

oneTimeSecretsSuite('one-time secrets are claimed once (one instance)', false);
oneTimeSecretsSuite('one-time secrets are claimed once (two instances on PostgreSQL)', true);
