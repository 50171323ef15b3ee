/**
 * A resident's password: changing it in the app (PUT /api/resident/password: the registration's
 * rules, the current one checked, other tokens revoked, wrong guesses counted like sign-ins) and the
 * staff-assisted reset on /Status (POST /api/residents/:id/reset-password, module 'status': a
 * temporary password shown once, every token revoked, a new password asked at the next sign-in,
 * audited). Each test makes its own society and resident.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, residents, residentSessions, societies } from '../../src/server/db/schema.js';
import { DEMO_SIGN_INS } from '../../src/server/seed/demo.js';
import type { ResidentProfile } from '../../src/shared/contracts/resident.js';
import { MSG } from '../../src/shared/messages.js';
import { societyWithResident } from '../support/rows.js';
import { useHarness } from './harness.js';

describe('resident password: change and staff reset', () => {
  const h = useHarness();
  const db = () => h.database.db;
  let n = 0;
  const own = (societyId?: number) => societyWithResident(db(), { name: `Password Society ${++n}`, societyId });
  const reset = async (residentId: number, email: string) =>
    h.app.inject({ method: 'POST', url: `/api/residents/${residentId}/reset-password`, headers: { cookie: await h.staffCookie(email) } });
  const login = (phone: string, password: string, remoteAddress = '10.20.0.1') =>
    h.app.inject({ method: 'POST', url: '/api/resident/login', remoteAddress, payload: { phone, password } });
  const bearer = async (phone: string, password: string) => {
    const res = await login(phone, password);
    expect(res.statusCode, res.body).toBe(200);
    return `Bearer ${res.json<{ token: string }>().token}`;
  };
  const change = (authorization: string, payload: object, remoteAddress = '10.20.1.1') =>
    h.app.inject({ method: 'PUT', url: '/api/resident/password', headers: { authorization }, remoteAddress, payload });
  const me = (authorization: string) => h.app.inject({ method: 'GET', url: '/api/resident/me', headers: { authorization } });
  const auditOf = (residentId: number, action: string) =>
    db()
      .select({ actorKind: auditLog.actorKind, actorName: auditLog.actorName, detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'resident'), eq(auditLog.entityId, residentId), eq(auditLog.action, action)));

  it('changes the password: this token stays, the others are revoked, the old password no longer signs in; audited', async () => {
    const r = await own();
    const [kept, other] = [await bearer(r.phone, r.password), await bearer(r.phone, r.password)];
    const res = await change(kept, { currentPassword: r.password, newPassword: 'a-new-password-2' });
    expect(res.statusCode, res.body).toBe(204);
    expect((await me(kept)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(r.phone, r.password)).statusCode).toBe(401);
    expect((await login(r.phone, 'a-new-password-2')).json()).toMatchObject({ mustChangePassword: false });
    expect(await auditOf(r.residentId, 'change-password')).toEqual([{ actorKind: 'resident', actorName: expect.any(String), detail: null }]);
  });

  it('refuses a wrong current password, a short new one or the same one with 400 naming the field, changing nothing', async () => {
    const r = await own();
    const auth = await bearer(r.phone, r.password);
    const [before] = await db().select({ hash: residents.passwordHash }).from(residents).where(eq(residents.id, r.residentId));
    const cases: [object, string, string][] = [
      [{ currentPassword: 'not-the-password', newPassword: 'a-new-password-2' }, 'currentPassword', MSG.currentPasswordWrong],
      [{ currentPassword: r.password, newPassword: 'short' }, 'newPassword', 'Password must be at least 8 characters.'],
      [{ currentPassword: r.password, newPassword: r.password }, 'newPassword', MSG.passwordUnchanged],
      [{ currentPassword: r.password }, 'newPassword', 'Password is required'],
      [{ newPassword: 'a-new-password-2' }, 'currentPassword', 'Password is required'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await change(auth, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ field, message });
    }
    const [after] = await db().select({ hash: residents.passwordHash }).from(residents).where(eq(residents.id, r.residentId));
    expect(after!.hash).toBe(before!.hash);
    expect(await auditOf(r.residentId, 'change-password')).toEqual([]);
  });

  it('counts wrong current passwords like wrong sign-ins of the phone: the sixth guess from one address is 429, and so is a sign-in there', async () => {
    const r = await own();
    const auth = await bearer(r.phone, r.password);
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await change(auth, { currentPassword: `guess-${i}-wrong`, newPassword: 'a-new-password-2' }, '10.20.9.9')).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 400]);
    // Held now whatever the password: the right one is not even checked.
    const refused = await change(auth, { currentPassword: r.password, newPassword: 'a-new-password-2' }, '10.20.9.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: MSG.loginThrottled });
    expect(Number(refused.headers['retry-after'])).toBe(h.config.LOGIN_WINDOW_S);
    expect((await login(r.phone, r.password, '10.20.9.9')).statusCode).toBe(429);
    // Another address is not held by this one's guesses.
    expect((await change(auth, { currentPassword: r.password, newPassword: 'a-new-password-2' }, '10.20.9.10')).statusCode).toBe(204);
  });

  it('staff reset: a temporary password once, every token revoked, the next sign-in must change it; audited with the staff member', async () => {
    const r = await own(await gvSocietyId());
    const [a, b] = [await bearer(r.phone, r.password), await bearer(r.phone, r.password)];
    const res = await reset(r.residentId, 'status@greenvalley.test');
    expect(res.statusCode, res.body).toBe(200);
    const { temporaryPassword } = res.json<{ temporaryPassword: string }>();
    expect(temporaryPassword).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(401);
    expect(await db().select().from(residentSessions).where(eq(residentSessions.residentId, r.residentId))).toEqual([]);
    expect((await login(r.phone, r.password)).statusCode).toBe(401);

    const signedIn = await login(r.phone, temporaryPassword);
    expect(signedIn.json()).toMatchObject({ mustChangePassword: true });
    const auth = `Bearer ${signedIn.json<{ token: string }>().token}`;
    expect((await me(auth)).json<ResidentProfile>().mustChangePassword).toBe(true);
    expect((await change(auth, { currentPassword: temporaryPassword, newPassword: 'my-own-password-3' })).statusCode).toBe(204);
    expect((await me(auth)).json<ResidentProfile>().mustChangePassword).toBe(false);
    expect((await login(r.phone, 'my-own-password-3')).json()).toMatchObject({ mustChangePassword: false });
    expect(await auditOf(r.residentId, 'reset-password')).toEqual([{ actorKind: 'staff', actorName: expect.any(String), detail: '2 session(s) ended' }]);
  });

  it('a temporary password signs in for TEMP_PASSWORD_HOURS (72) only; a password the resident chose does not expire', async () => {
    const HOUR = 3_600_000;
    const r = await own(await gvSocietyId());
    const tempOf = async () => {
      const res = await reset(r.residentId, 'status@greenvalley.test');
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ temporaryPassword: string }>().temporaryPassword;
    };
    const untilOf = async () =>
      (await db().select({ until: residents.temporaryPasswordUntil }).from(residents).where(eq(residents.id, r.residentId)))[0]!.until;

    const first = await tempOf();
    expect((await untilOf())!.getTime()).toBe(h.clock.now().getTime() + 72 * HOUR);
    h.clock.advance(72 * HOUR - 60_000);
    expect((await login(r.phone, first)).json()).toMatchObject({ mustChangePassword: true });

    const second = await tempOf();
    h.clock.advance(72 * HOUR);
    const expired = await login(r.phone, second, '10.20.0.2');
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ message: MSG.residentTemporaryPasswordExpired });
    // A wrong password is still only "wrong": the expiry is said once the password matched.
    expect((await login(r.phone, 'not-the-password', '10.20.0.2')).json()).toMatchObject({ message: MSG.residentLoginFailed });

    const third = await tempOf();
    const auth = await bearer(r.phone, third);
    expect((await change(auth, { currentPassword: third, newPassword: 'my-own-password-4' })).statusCode).toBe(204);
    expect(await untilOf()).toBeNull();
    h.clock.advance(73 * HOUR);
    expect((await login(r.phone, 'my-own-password-4', '10.20.0.3')).json()).toMatchObject({ mustChangePassword: false });
  });

  it("another society's resident and the drill resident are 404, untouched", async () => {
    const r = await own();
    const auth = await bearer(r.phone, r.password);
    expect((await reset(r.residentId, 'status@greenvalley.test')).statusCode).toBe(404);
    expect((await me(auth)).statusCode).toBe(200);
    expect((await login(r.phone, r.password)).json()).toMatchObject({ mustChangePassword: false });
    const [drill] = await db()
      .insert(residents)
      .values({ societyId: await gvSocietyId(), residentCode: 'GVDRILL', name: 'Drill resident', phone: '09999999999', isDrill: true })
      .returning({ id: residents.id });
    expect((await reset(drill!.id, 'status@greenvalley.test')).statusCode).toBe(404);
    expect(await auditOf(r.residentId, 'reset-password')).toEqual([]);
  });

  it('only the sub-roles of /Status (status, super-admin) may reset: the sub-role matrix; no session is 401', async () => {
    const r = await own(await gvSocietyId());
    const [before] = await db().select({ hash: residents.passwordHash }).from(residents).where(eq(residents.id, r.residentId));
    const others = DEMO_SIGN_INS.filter((s) => s.subRole !== 'status' && s.subRole !== 'super-admin');
    const answers = await Promise.all(others.map(async (s) => `${s.subRole} → ${(await reset(r.residentId, s.email)).statusCode}`));
    expect(answers).toEqual(others.map((s) => `${s.subRole} → 403`));
    const [after] = await db().select({ hash: residents.passwordHash }).from(residents).where(eq(residents.id, r.residentId));
    expect(after!.hash).toBe(before!.hash);
    expect((await h.app.inject({ method: 'POST', url: `/api/residents/${r.residentId}/reset-password` })).statusCode).toBe(401);
    expect((await reset(r.residentId, 'super-admin@greenvalley.test')).statusCode).toBe(200);
  });

  async function gvSocietyId(): Promise<number> {
    const [gv] = await db().select({ id: societies.id }).from(societies).where(eq(societies.name, 'Green Valley'));
    return gv!.id;
  }
});

describe('resident sign-in limit per address (RESIDENT_SIGNIN_PER_MINUTE)', () => {
  const h = useHarness({ RESIDENT_SIGNIN_PER_MINUTE: '3' });

  it("follows the operator's setting: with 3, the fourth sign-in from one address is 429 and another address signs in", async () => {
    const r = await societyWithResident(h.database.db, { name: 'Sign-in Limit Society' });
    const login = (remoteAddress: string) =>
      h.app.inject({ method: 'POST', url: '/api/resident/login', remoteAddress, payload: { phone: r.phone, password: r.password } });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await login('10.21.0.1')).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    expect((await login('10.21.0.2')).statusCode).toBe(200);
  });
});
