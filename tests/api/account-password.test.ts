/**
 * A staff member's own password: `PUT /api/society/me/password` turns a temporary password into
 * one of their own, refuses a wrong current password and a weak new one (saying why), and ends
 * every other session of the member while keeping this one. Members are made with the operator's
 * command, so each test owns its account.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, staffUsers } from '../../src/server/db/schema.js';
import { operatorActor, runCommand } from '../../src/server/operator/commands.js';
import { staffAccountsService } from '../../src/server/modules/staff/service.js';
import { MSG } from '../../src/shared/messages.js';
import { DEMO_SIGN_INS } from '../../src/server/seed/demo.js';
import { inTurn } from '../support/in-turn.js';
import { useHarness } from './harness.js';
import { staffScreens } from '../support/staff-socket.js';
import { moduleRoom } from '../../src/server/realtime/rooms.js';
import { SUB_ROLE_TABLE } from '../../src/shared/subroles.js';

let seq = 0;
const STRONG = 'violet-harbour-tractor-57';

describe('changing your own password', () => {
  const h = useHarness();
  const screens = staffScreens(h);
  const admin = (...argv: string[]) =>
    runCommand(
      argv,
      staffAccountsService({ db: h.database.db, clock: h.clock, temporaryPasswordHours: 72, revokeSessions: (id) => h.auth.revokeAccount(id) }),
      operatorActor(),
    );

  /** A new Green Valley member with a temporary password, and a way to sign them in. */
  async function member() {
    const email = `member${++seq}@password.test`;
    const made = await admin('staff:create', '--society', 'GV', '--email', email, '--name', 'Imran Qureshi', '--sub-role', 'complian');
    const password = made.out.find((l) => l.startsWith('Temporary password: '))!.slice('Temporary password: '.length);
    const signIn = async (pw = password) => {
      const res = await h.app.inject({ method: 'POST', url: '/api/society/login', payload: { email, password: pw } });
      return { res, cookie: `sd_session=${res.cookies.find((c) => c.name === 'sd_session')?.value}` };
    };
    return { email, password, signIn };
  }
  const change = (cookie: string, currentPassword: string, newPassword: string) =>
    h.app.inject({ method: 'PUT', url: '/api/society/me/password', headers: { cookie }, payload: { currentPassword, newPassword } });
  const me = (cookie: string) => h.app.inject({ method: 'GET', url: '/api/society/me', headers: { cookie } });

  it('replaces the temporary password, keeps this session, ends the others, and is audited', async () => {
    const m = await member();
    const elsewhere = await m.signIn();
    const here = await m.signIn();
    expect(here.res.json()).toMatchObject({ mustChangePassword: true });
    expect((await me(here.cookie)).json()).toMatchObject({ mustChangePassword: true });
    // A temporary password holds one session: the later sign-in ended the earlier one.
    expect((await me(elsewhere.cookie)).statusCode).toBe(401);

    const res = await change(here.cookie, m.password, STRONG);
    expect(res.statusCode, res.body).toBe(204);
    expect((await me(here.cookie)).json()).toMatchObject({ mustChangePassword: false });
    expect((await m.signIn()).res.statusCode).toBe(401);
    const other = await m.signIn(STRONG);
    expect(other.res.json()).toMatchObject({ mustChangePassword: false });
    // A password of their own may have many sessions; changing it again ends the others.
    expect((await me(here.cookie)).statusCode).toBe(200);
    expect((await change(here.cookie, STRONG, `${STRONG}-again`)).statusCode).toBe(204);
    expect((await me(here.cookie)).statusCode).toBe(200);
    expect((await me(other.cookie)).statusCode).toBe(401);

    const [row] = await h.database.db
      .select({ id: staffUsers.id, until: staffUsers.temporaryPasswordUntil })
      .from(staffUsers)
      .where(eq(staffUsers.email, m.email));
    expect(row!.until).toBeNull();
    const trail = await h.database.db
      .select({ action: auditLog.action, kind: auditLog.actorKind, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'staff'), eq(auditLog.entityId, row!.id)));
    expect(trail).toContainEqual({ action: 'change-password', kind: 'staff', actorId: row!.id });
  });

  it('with a temporary password every other staff route answers 403 until it is changed', async () => {
    const m = await member();
    const { cookie } = await m.signIn();
    const complaints = () => h.app.inject({ method: 'GET', url: '/api/complain?stage=new', headers: { cookie } });
    const refused = await complaints();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: MSG.changeTemporaryPassword });
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await change(cookie, m.password, STRONG)).statusCode).toBe(204);
    expect((await complaints()).statusCode).toBe(200);
  });

  it('is open to every sub-role (the sub-role matrix): each reaches the password check, none is refused by its sub-role', async () => {
    const answers = await inTurn(DEMO_SIGN_INS, async (s) => {
      const cookie = await h.staffCookie(s.email);
      return `${s.subRole} → ${(await change(cookie, 'not-the-password', STRONG)).statusCode}`;
    });
    expect(answers).toEqual(DEMO_SIGN_INS.map((s) => `${s.subRole} → 400`));
    expect(new Set(DEMO_SIGN_INS.map((s) => s.subRole)).size).toBe(16);
  });

  it("a temporary password's socket joins no data room; choosing a password ends it, and the next one joins them all", async () => {
    const m = await member();
    const { cookie } = await m.signIn();
    const first = await screens.openWith(cookie);
    const roomsOf = async (id: string) => [...((await h.io.fetchSockets()).find((x) => x.id === id)?.rooms ?? [])].filter((r) => r !== id).sort();
    const held = await roomsOf(first.id!);
    expect(held).toHaveLength(2);
    expect(held.every((r) => r.startsWith('session:') || r.startsWith('staff:'))).toBe(true);

    const gone = new Promise<string>((resolve) => first.once('disconnect', resolve));
    expect((await change(cookie, m.password, STRONG)).statusCode).toBe(204);
    expect(await gone).toBe('io server disconnect');
    const next = await screens.openWith(cookie);
    const [row] = await h.database.db.select({ societyId: staffUsers.societyId }).from(staffUsers).where(eq(staffUsers.email, m.email));
    expect(await roomsOf(next.id!)).toEqual(expect.arrayContaining(SUB_ROLE_TABLE.complian.modules.map((m) => moduleRoom(row!.societyId, m))));
  });

  it('refuses a wrong current password, naming it, and changes nothing', async () => {
    const m = await member();
    const { cookie } = await m.signIn();
    const res = await change(cookie, 'not-the-password', STRONG);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'currentPassword', message: MSG.currentPasswordWrong });
    expect((await m.signIn()).res.statusCode).toBe(200);
  });

  it.each([
    ['short', 'k2!x9', /^Use at least 10 characters\.$/],
    ['too long', 'x'.repeat(129), /^Use at most 128 characters\.$/],
    ['common', 'password123', /^This password is too easy to guess\. This is a commonly used password\./],
    ['built on the member’s own name', 'imranqureshi1', /^This password is too easy to guess\./],
    ['a keyboard walk', 'qwertyuiop12', /^This password is too easy to guess\./],
  ])('refuses a %s new password and says why', async (_kind, weak, message) => {
    const m = await member();
    const { cookie } = await m.signIn();
    const res = await change(cookie, m.password, weak);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ field: 'newPassword' });
    expect(res.json<{ message: string }>().message).toMatch(message);
    expect((await me(cookie)).json()).toMatchObject({ mustChangePassword: true });
  });

  it('refuses the current password as the new one', async () => {
    const m = await member();
    const { cookie } = await m.signIn();
    await change(cookie, m.password, STRONG);
    const again = await change(cookie, STRONG, STRONG);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ field: 'newPassword', message: MSG.passwordUnchanged });
  });
});
