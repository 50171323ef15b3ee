/**
 * A staff member's own account beyond the password: two-factor sign-in (enrol, confirm, the
 * sign-in challenge, codes and recovery codes that work once, throttling of codes at sign-in and
 * at enrolment, turning it off), the society's requirement for its super-admins, and the member's
 * own sessions. Codes are computed from the secret at the test's clock, as an authenticator app
 * would. Each test adds its own members (and society where it needs one).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, staffUsers } from '../../src/server/db/schema.js';
import { totpCode } from '../../src/server/modules/auth/two-factor.js';
import { staffAccountsService } from '../../src/server/modules/staff/service.js';
import { operatorActor, runCommand } from '../../src/server/operator/commands.js';
import { DEMO_SIGN_INS } from '../../src/server/seed/demo.js';
import type { ListResponse } from '../../src/shared/contracts/common.js';
import type { StaffMember } from '../../src/shared/contracts/staff-admin.js';
import { MSG } from '../../src/shared/messages.js';
import { inTurn } from '../support/in-turn.js';
import { useHarness } from './harness.js';

const STRONG = 'violet-harbour-tractor-57';
let seq = 0;

describe('two-factor sign-in and own sessions', () => {
  const h = useHarness();
  const service = () =>
    staffAccountsService({ db: h.database.db, clock: h.clock, temporaryPasswordHours: 72, revokeSessions: (id) => h.auth.revokeAccount(id) });
  const admin = (...argv: string[]) => runCommand(argv, service(), operatorActor());
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object, headers: Record<string, string> = {}) =>
    h.app.inject({ method, url, headers: { cookie, ...headers }, ...(payload ? { payload } : {}) });
  const cookieOf = (res: { cookies: { name: string; value: string }[] }) => {
    const c = res.cookies.find((x) => x.name === 'sd_session');
    return c ? `sd_session=${c.value}` : '';
  };
  const login = (email: string, password = STRONG, address = '10.9.0.1', userAgent = 'TestBrowser/1.0') =>
    h.app.inject({ method: 'POST', url: '/api/society/login', payload: { email, password }, remoteAddress: address, headers: { 'user-agent': userAgent } });
  const completeTwoFactor = (challenge: string, code: string, address = '10.9.0.1') =>
    h.app.inject({ method: 'POST', url: '/api/society/login/2fa', payload: { challenge, code }, remoteAddress: address });
  const actionsOf = async (id: number) =>
    (
      await h.database.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'staff'), eq(auditLog.entityId, id)))
    ).map((r) => r.action);

  /** A member of `society` (code) who has chosen their password; returns email, id and a signed-in cookie. */
  async function member(society = 'GV', subRole = 'complian') {
    const email = `tf${++seq}@twofactor.test`;
    const made = await admin('staff:create', '--society', society, '--email', email, '--name', 'Imran Qureshi', '--sub-role', subRole);
    const temporary = made.out.find((l) => l.startsWith('Temporary password: '))!.slice('Temporary password: '.length);
    const first = cookieOf(await login(email, temporary));
    expect((await send('PUT', '/api/society/me/password', first, { currentPassword: temporary, newPassword: STRONG })).statusCode).toBe(204);
    const [row] = await h.database.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email));
    return { email, id: row!.id, cookie: first };
  }

  /** Enrols and confirms two-factor for a signed-in member; returns the secret and the recovery codes. */
  async function turnOn(cookie: string) {
    const enrolled = await send('POST', '/api/society/me/2fa', cookie);
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    const { secret } = enrolled.json<{ secret: string }>();
    const confirmed = await send('POST', '/api/society/me/2fa/confirm', cookie, { code: totpCode(secret, h.clock.now().getTime()) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { secret, recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes };
  }

  it('enrols with a link and a QR code, refuses a wrong code, and turns on with a right one (ten recovery codes, audited)', async () => {
    const m = await member();
    const enrolled = await send('POST', '/api/society/me/2fa', m.cookie);
    const body = enrolled.json<{ otpauthUrl: string; secret: string; qrSvg: string }>();
    expect(body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]+/);
    expect(body.otpauthUrl).toContain(encodeURIComponent(m.email));
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    const wrong = await send('POST', '/api/society/me/2fa/confirm', m.cookie, {
      code: '000000' === totpCode(body.secret, h.clock.now().getTime()) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ field: 'code', message: MSG.twoFactorCodeWrong });
    const right = await send('POST', '/api/society/me/2fa/confirm', m.cookie, { code: totpCode(body.secret, h.clock.now().getTime()) });
    const codes = right.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(codes.every((c) => /^[a-z2-9]{5}-[a-z2-9]{5}$/.test(c))).toBe(true);
    const [row] = await h.database.db.select({ hashes: staffUsers.twoFactorRecoveryHashes }).from(staffUsers).where(eq(staffUsers.id, m.id));
    expect(row!.hashes).toHaveLength(10);
    expect(row!.hashes!.some((hash) => codes.includes(hash))).toBe(false);
    expect(await actionsOf(m.id)).toContain('two-factor-on');
    expect((await send('GET', '/api/society/me/2fa', m.cookie)).json()).toEqual({ on: true, required: false });
    expect((await send('POST', '/api/society/me/2fa', m.cookie)).statusCode).toBe(409);

    const list = await send('GET', `/api/staff?q=${encodeURIComponent(m.email)}`, await h.staffCookie('super-admin@greenvalley.test'));
    expect(list.json<ListResponse<StaffMember>>().items[0]).toMatchObject({ twoFactor: true });
  });

  it('a sign-in then asks for a code: no session until a right one, and each code works once', async () => {
    const m = await member();
    const { secret } = await turnOn(m.cookie);
    h.clock.advance(30_000);

    const first = await login(m.email);
    expect(first.statusCode).toBe(200);
    expect(cookieOf(first)).toBe('');
    const { twoFactorRequired, challenge } = first.json<{ twoFactorRequired: boolean; challenge: string }>();
    expect(twoFactorRequired).toBe(true);

    const now = h.clock.now().getTime();
    const wrong = await completeTwoFactor(challenge, totpCode(secret, now - 120_000));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ field: 'code', message: MSG.twoFactorCodeWrong });
    const code = totpCode(secret, now);
    const right = await completeTwoFactor(challenge, code);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ user: { SubRole: 'complian' }, mustChangePassword: false, mustEnrolTwoFactor: false });
    expect((await send('GET', '/api/complain?stage=new', cookieOf(right))).statusCode).toBe(200);
    // The challenge is used up; the same code with a new challenge is a replay.
    expect((await completeTwoFactor(challenge, code)).json()).toMatchObject({ message: MSG.twoFactorChallengeGone });
    const again = (await login(m.email)).json<{ challenge: string }>().challenge;
    expect((await completeTwoFactor(again, code)).statusCode).toBe(401);
    h.clock.advance(30_000);
    expect((await completeTwoFactor(again, totpCode(secret, h.clock.now().getTime()))).statusCode).toBe(200);
    expect((await actionsOf(m.id)).filter((a) => a === 'sign-in-failed')).toHaveLength(2);
  });

  it('a recovery code signs in once, in any letter case and spacing', async () => {
    const m = await member();
    const { recoveryCodes } = await turnOn(m.cookie);
    const code = recoveryCodes[3]!;
    const typed = code.toUpperCase().replace('-', ' ');
    const challenge = () => login(m.email).then((r) => r.json<{ challenge: string }>().challenge);
    expect((await completeTwoFactor(await challenge(), typed)).statusCode).toBe(200);
    expect((await completeTwoFactor(await challenge(), code)).statusCode).toBe(401);
    expect((await completeTwoFactor(await challenge(), recoveryCodes[4]!)).statusCode).toBe(200);
  });

  it('a challenge ends after five wrong codes and after five minutes', async () => {
    const m = await member();
    const { secret } = await turnOn(m.cookie);
    h.clock.advance(30_000);
    const challenge = (await login(m.email, STRONG, '10.9.1.1')).json<{ challenge: string }>().challenge;
    for (let i = 0; i < 5; i++)
      expect((await completeTwoFactor(challenge, '000000', `10.9.1.${10 + i}`)).json()).toMatchObject({ message: MSG.twoFactorCodeWrong });
    expect((await completeTwoFactor(challenge, totpCode(secret, h.clock.now().getTime()))).json()).toMatchObject({ message: MSG.twoFactorChallengeGone });

    const late = (await login(m.email, STRONG, '10.9.1.2')).json<{ challenge: string }>().challenge;
    h.clock.advance(5 * 60_000 + 1);
    expect((await completeTwoFactor(late, totpCode(secret, h.clock.now().getTime()))).json()).toMatchObject({ message: MSG.twoFactorChallengeGone });
  });

  it('code guesses are throttled with the sign-in failures of the account and address (429)', async () => {
    const m = await member();
    await turnOn(m.cookie);
    const answers: number[] = [];
    for (let i = 0; i < 3; i++) {
      const challenge = (await login(m.email, STRONG, '10.9.2.1')).json<{ challenge: string }>().challenge;
      for (let j = 0; j < 2; j++) answers.push((await completeTwoFactor(challenge, '000000', '10.9.2.1')).statusCode);
    }
    expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(answers[5]).toBe(429);
  });

  it('wrong enrolment codes are throttled like sign-ins: the sixth is 429 even with the right code; a right code clears the pair', async () => {
    const m = await member();
    const { secret } = (await send('POST', '/api/society/me/2fa', m.cookie)).json<{ secret: string }>();
    const right = () => totpCode(secret, h.clock.now().getTime());
    const wrong = () => (right() === '000000' ? '111111' : '000000');
    const confirm = (code: string, address: string) =>
      h.app.inject({ method: 'POST', url: '/api/society/me/2fa/confirm', headers: { cookie: m.cookie }, payload: { code }, remoteAddress: address });
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) answers.push((await confirm(wrong(), '10.9.5.1')).statusCode);
    expect(answers).toEqual([400, 400, 400, 400, 400]);
    const held = await confirm(right(), '10.9.5.1');
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ message: MSG.twoFactorConfirmThrottled });
    expect(Number(held.headers['retry-after'])).toBe(h.config.LOGIN_WINDOW_S);
    // The same account's sign-in from that address is held too: the codes count as its failures.
    expect((await login(m.email, 'wrong-pass-1', '10.9.5.1')).statusCode).toBe(429);

    // From another address: four wrong codes, then the right one turns it on and clears that pair,
    // so five wrong passwords from there are 401s before the 429.
    for (let i = 0; i < 4; i++) expect((await confirm(wrong(), '10.9.5.2')).statusCode).toBe(400);
    expect((await confirm(right(), '10.9.5.2')).statusCode).toBe(200);
    const signIns: number[] = [];
    for (let i = 0; i < 6; i++) signIns.push((await login(m.email, 'wrong-pass-1', '10.9.5.2')).statusCode);
    expect(signIns).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('turning it off asks for the password; a super-admin’s reset turns it off too', async () => {
    const m = await member();
    await turnOn(m.cookie);
    const wrong = await send('DELETE', '/api/society/me/2fa', m.cookie, { currentPassword: 'not-it-at-all' });
    expect(wrong.json()).toMatchObject({ field: 'currentPassword', message: MSG.currentPasswordWrong });
    expect((await send('DELETE', '/api/society/me/2fa', m.cookie, { currentPassword: STRONG })).statusCode).toBe(204);
    expect(cookieOf(await login(m.email))).not.toBe('');
    expect(await actionsOf(m.id)).toContain('two-factor-off');

    await turnOn(m.cookie);
    const reset = await send('POST', `/api/staff/${m.id}/reset-password`, await h.staffCookie('super-admin@greenvalley.test'));
    const temporary = reset.json<{ temporaryPassword: string }>().temporaryPassword;
    expect((await login(m.email, temporary)).json()).toMatchObject({ mustChangePassword: true });
  });

  it('a society may require two-factor of its super-admins: one without it is held at their own account until they turn it on', async () => {
    const code = `TF${String.fromCharCode(65 + (seq % 26))}${String.fromCharCode(65 + Math.floor(seq / 26))}`;
    expect((await admin('society:create', '--name', `Two Factor ${code}`, '--code', code)).code).toBe(0);
    const a = await member(code, 'super-admin');
    const b = await member(code, 'super-admin');
    const policy = (cookie: string, requireForSuperAdmins: boolean) => send('PUT', '/api/society/two-factor-policy', cookie, { requireForSuperAdmins });
    expect((await policy(a.cookie, true)).json()).toMatchObject({ message: MSG.twoFactorOwnFirst });
    await turnOn(a.cookie);
    expect((await policy(a.cookie, true)).json()).toEqual({ requireForSuperAdmins: true });
    expect((await send('GET', '/api/society/two-factor-policy', b.cookie)).statusCode).toBe(403);

    const held = await send('GET', '/api/staff', b.cookie);
    expect(held.statusCode).toBe(403);
    expect(held.json()).toMatchObject({ message: MSG.twoFactorRequired });
    expect((await send('GET', '/api/society/me', b.cookie)).json()).toMatchObject({ mustEnrolTwoFactor: true });
    expect((await send('GET', '/api/society/me/2fa', b.cookie)).json()).toEqual({ on: false, required: true });
    expect((await send('GET', '/api/staff', a.cookie)).statusCode).toBe(200);

    const { secret } = await turnOn(b.cookie);
    expect((await send('GET', '/api/staff', b.cookie)).statusCode).toBe(200);
    expect((await send('DELETE', '/api/society/me/2fa', b.cookie, { currentPassword: STRONG })).json()).toMatchObject({
      message: MSG.twoFactorRequiredBySociety,
    });
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    expect((await policy(a.cookie, false)).json()).toEqual({ requireForSuperAdmins: false });
  });

  it('lists the member’s own sessions with where they signed in, and signs the others out', async () => {
    const m = await member();
    const here = cookieOf(await login(m.email, STRONG, '10.9.3.1', 'Firefox/140'));
    const there = cookieOf(await login(m.email, STRONG, '10.9.3.2', 'Chromium/156'));
    const list = (await send('GET', '/api/society/me/sessions', here)).json<{ items: { current: boolean; address: string; userAgent: string }[] }>().items;
    expect(list.filter((s) => s.current)).toEqual([expect.objectContaining({ address: '10.9.3.1', userAgent: 'Firefox/140' })]);
    expect(list).toContainEqual(expect.objectContaining({ current: false, address: '10.9.3.2', userAgent: 'Chromium/156' }));

    const ended = await send('DELETE', '/api/society/me/sessions', here);
    expect(ended.json()).toEqual({ ended: list.length - 1 });
    expect((await send('GET', '/api/society/me', there)).statusCode).toBe(401);
    expect((await send('GET', '/api/society/me/sessions', here)).json<{ items: unknown[] }>().items).toHaveLength(1);
    expect(await actionsOf(m.id)).toEqual(expect.arrayContaining(['sign-in', 'sign-out-others']));
  });

  it('every sub-role reaches its own account (the sub-role matrix); only super-admin the society requirement', async () => {
    const answers = await inTurn(DEMO_SIGN_INS, async (s) => {
      const cookie = await h.staffCookie(s.email);
      const own = [
        (await send('GET', '/api/society/me/2fa', cookie)).statusCode,
        (await send('GET', '/api/society/me/sessions', cookie)).statusCode,
        (await send('POST', '/api/society/me/2fa/confirm', cookie, { code: '' })).statusCode,
      ];
      const policy = (await send('GET', '/api/society/two-factor-policy', cookie)).statusCode;
      return `${s.subRole} → ${own.join('/')} ${policy}`;
    });
    expect(answers).toEqual(DEMO_SIGN_INS.map((s) => `${s.subRole} → 200/200/400 ${s.subRole === 'super-admin' ? 200 : 403}`));
    for (const url of ['/api/society/me/2fa', '/api/society/me/sessions', '/api/society/two-factor-policy'])
      expect((await h.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
  });

  it('current-password guesses are throttled like sign-ins (429)', async () => {
    const m = await member();
    const answers: number[] = [];
    for (let i = 0; i < 6; i++)
      answers.push((await send('PUT', '/api/society/me/password', m.cookie, { currentPassword: `guess-${i}-wrong`, newPassword: STRONG })).statusCode);
    expect(answers).toEqual([400, 400, 400, 400, 400, 429]);
  });
});
