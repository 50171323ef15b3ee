/**
 * /Staff's API (module 'staff', super-admin): adding members with a temporary password, the
 * searchable list, sub-role changes that take effect at the member's next request, disable and
 * enable, password resets, signing a member out everywhere, the own-account and
 * last-super-admin rules, society isolation and the sub-role matrix. Each test adds the members
 * it acts on (and its own society where it needs to control the super-admins).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, staffUsers } from '../../src/server/db/schema.js';
import { staffAdminService } from '../../src/server/modules/staff/admin-service.js';
import { staffAccountsService } from '../../src/server/modules/staff/service.js';
import { operatorActor, runCommand } from '../../src/server/operator/commands.js';
import { moduleRoom } from '../../src/server/realtime/rooms.js';
import { DEMO_SIGN_INS } from '../../src/server/seed/demo.js';
import type { ListResponse } from '../../src/shared/contracts/common.js';
import type { StaffCreated, StaffMember } from '../../src/shared/contracts/staff-admin.js';
import { MSG } from '../../src/shared/messages.js';
import { staffScreens } from '../support/staff-socket.js';
import { inTurn } from '../support/in-turn.js';
import { useHarness } from './harness.js';

const GV_ADMIN = 'super-admin@greenvalley.test';
const STRONG = 'violet-harbour-tractor-57';
let seq = 0;

describe('staff management (/Staff)', () => {
  const h = useHarness();
  const screens = staffScreens(h);
  const cookies = new Map<string, Promise<string>>();
  const cookieOf = (email: string) => {
    let c = cookies.get(email);
    if (!c) cookies.set(email, (c = h.staffCookie(email)));
    return c;
  };
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
    h.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const signIn = async (email: string, password: string) => {
    const res = await h.app.inject({ method: 'POST', url: '/api/society/login', payload: { email, password } });
    return { res, cookie: `sd_session=${res.cookies.find((c) => c.name === 'sd_session')?.value}` };
  };
  const me = (cookie: string) => send('GET', '/api/society/me', cookie);
  const auditOf = (id: number) =>
    h.database.db
      .select({ action: auditLog.action, actorName: auditLog.actorName, fromStage: auditLog.fromStage, toStage: auditLog.toStage })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'staff'), eq(auditLog.entityId, id)));

  /** Adds a member through POST /api/staff as `admin` (a cookie); with `password`, signs them in and sets it. */
  async function addMember(admin: string, subRole = 'complian', opts: { choosePassword?: boolean } = {}) {
    const email = `member${++seq}@staff.test`;
    const res = await send('POST', '/api/staff', admin, { name: `Member ${seq} Rauf`, email, subRole });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<StaffCreated>();
    let password = created.temporaryPassword;
    let cookie = '';
    if (opts.choosePassword) {
      cookie = (await signIn(email, password)).cookie;
      expect((await send('PUT', '/api/society/me/password', cookie, { currentPassword: password, newPassword: STRONG })).statusCode).toBe(204);
      password = STRONG;
    }
    return { id: created._id, email, password, cookie };
  }

  /** A new society of its own with one super-admin who has chosen a password; returns their cookie and id. */
  async function ownSociety() {
    const code = `S${String.fromCharCode(65 + (seq % 26))}${String.fromCharCode(65 + ((seq * 7) % 26))}${String.fromCharCode(65 + Math.floor(seq / 26))}`;
    seq++;
    const service = staffAccountsService({ db: h.database.db, clock: h.clock, temporaryPasswordHours: 72, revokeSessions: (id) => h.auth.revokeAccount(id) });
    const admin = (...argv: string[]) => runCommand(argv, service, operatorActor());
    expect((await admin('society:create', '--name', `Society ${code}`, '--code', code)).code).toBe(0);
    const email = `boss-${code.toLowerCase()}@staff.test`;
    const made = await admin('staff:create', '--society', code, '--email', email, '--name', 'Sana Malik', '--sub-role', 'super-admin');
    const temporary = made.out.find((l) => l.startsWith('Temporary password: '))!.slice('Temporary password: '.length);
    const { cookie } = await signIn(email, temporary);
    expect((await send('PUT', '/api/society/me/password', cookie, { currentPassword: temporary, newPassword: STRONG })).statusCode).toBe(204);
    const [row] = await h.database.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email));
    return { cookie, id: row!.id, email };
  }

  it('adds a member who signs in with the temporary password shown once, and lists them as Invited', async () => {
    const admin = await cookieOf(GV_ADMIN);
    const m = await addMember(admin);
    expect(m.password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    const first = await signIn(m.email.toUpperCase(), m.password);
    expect(first.res.statusCode).toBe(200);
    expect(first.res.json()).toMatchObject({ mustChangePassword: true, user: { SubRole: 'complian' } });

    const list = await send('GET', `/api/staff?q=${encodeURIComponent(m.email)}`, admin);
    expect(list.json<ListResponse<StaffMember>>().items).toEqual([
      {
        _id: m.id,
        name: expect.stringContaining('Rauf'),
        email: m.email,
        subRole: 'complian',
        status: 'Invited',
        lastSignInAt: expect.any(String),
        twoFactor: false,
        self: false,
      },
    ]);
    expect((await auditOf(m.id)).filter((a) => a.action !== 'sign-in')).toEqual([
      { action: 'create', actorName: expect.any(String), fromStage: null, toStage: 'complian' },
    ]);
  });

  it('refuses an email already used (in any letter case, in any society) with 409, and bad fields with 400 naming them', async () => {
    const admin = await cookieOf(GV_ADMIN);
    const m = await addMember(admin);
    const before = await h.database.db.select({ id: staffUsers.id }).from(staffUsers);
    for (const email of [m.email.toUpperCase(), 'security@lakecity.test']) {
      const dup = await send('POST', '/api/staff', admin, { name: 'Someone', email, subRole: 'complian' });
      expect(dup.statusCode, email).toBe(409);
      expect(dup.json()).toMatchObject({ message: MSG.staffEmailTaken, field: 'email' });
    }
    for (const [body, field] of [
      [{ name: '', email: 'new1@staff.test', subRole: 'complian' }, 'name'],
      [{ name: 'A', email: 'not-an-email', subRole: 'complian' }, 'email'],
      [{ name: 'A', email: 'new2@staff.test', subRole: 'owner' }, 'subRole'],
      [{ name: 'A', email: 'new3@staff.test' }, 'subRole'],
    ] as const) {
      const res = await send('POST', '/api/staff', admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ field });
    }
    expect(await h.database.db.select({ id: staffUsers.id }).from(staffUsers)).toHaveLength(before.length);
  });

  it("lists the society's accounts 10 a page, searched by a part of the name or email; never another society's", async () => {
    const admin = await cookieOf(GV_ADMIN);
    const m = await addMember(admin);
    const page = (await send('GET', '/api/staff', admin)).json<ListResponse<StaffMember>>();
    expect(page.items).toHaveLength(10);
    expect(page.total).toBeGreaterThan(16);
    expect(page.items[0]!._id).toBe(Math.max(...page.items.map((i) => i._id)));
    const byName = (await send('GET', `/api/staff?q=${encodeURIComponent(`mber ${seq} RAU`)}`, admin)).json<ListResponse<StaffMember>>();
    expect(byName.items.map((i) => i._id)).toEqual([m.id]);
    const self = (await send('GET', '/api/staff?q=super-admin%40greenvalley', admin)).json<ListResponse<StaffMember>>();
    expect(self.items).toEqual([expect.objectContaining({ email: GV_ADMIN, subRole: 'super-admin', self: true, status: 'Active' })]);
    expect((await send('GET', '/api/staff?q=%25', admin)).json<ListResponse<StaffMember>>().total).toBe(0);

    const lake = await cookieOf('super-admin@lakecity.test');
    expect((await send('GET', `/api/staff?q=${encodeURIComponent(m.email)}`, lake)).json<ListResponse<StaffMember>>().total).toBe(0);
    const lakeAll = (await send('GET', '/api/staff?page=1', lake)).json<ListResponse<StaffMember>>();
    expect(lakeAll.items.every((i) => i.email.endsWith('@lakecity.test'))).toBe(true);
    for (const [method, url, body] of [
      ['PUT', `/api/staff/${m.id}`, { disabled: true }],
      ['POST', `/api/staff/${m.id}/reset-password`, undefined],
      ['DELETE', `/api/staff/${m.id}/sessions`, undefined],
    ] as const) {
      const res = await send(method, url, lake, body);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await auditOf(m.id)).map((a) => a.action)).toEqual(['create']);
  });

  it('a new sub-role takes effect at the next request: the old desk 403, the new one 200, and the socket reconnects to the new rooms', async () => {
    const admin = await cookieOf(GV_ADMIN);
    const m = await addMember(admin, 'complian', { choosePassword: true });
    expect((await send('GET', '/api/complain?stage=new', m.cookie)).statusCode).toBe(200);
    const socket = await screens.openWith(m.cookie);
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const res = await send('PUT', `/api/staff/${m.id}`, admin, { subRole: 'button-five' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: m.id, subRole: 'button-five', status: 'Active' });
    expect((await send('GET', '/api/complain?stage=new', m.cookie)).statusCode).toBe(403);
    expect((await send('GET', '/api/video-panel', m.cookie)).statusCode).toBe(200);
    expect((await me(m.cookie)).json()).toMatchObject({ user: { SubRole: 'button-five' } });
    expect(await gone).toBe('io server disconnect');

    const next = await screens.openWith(m.cookie);
    const rooms = [...((await h.io.fetchSockets()).find((x) => x.id === next.id)?.rooms ?? [])];
    const [row] = await h.database.db.select({ societyId: staffUsers.societyId }).from(staffUsers).where(eq(staffUsers.id, m.id));
    expect(rooms).toContain(moduleRoom(row!.societyId, 'videoPanel'));
    expect(rooms).not.toContain(moduleRoom(row!.societyId, 'complaints'));
    expect(await auditOf(m.id)).toContainEqual({ action: 'sub-role', actorName: expect.any(String), fromStage: 'complian', toStage: 'button-five' });
    // The same sub-role again changes nothing and writes nothing.
    expect((await send('PUT', `/api/staff/${m.id}`, admin, { subRole: 'button-five' })).statusCode).toBe(200);
    expect((await auditOf(m.id)).filter((a) => a.action === 'sub-role')).toHaveLength(1);
  });

  it('disabling ends the sessions and sockets at once and refuses sign-in; enabling lets the member sign in again', async () => {
    const admin = await cookieOf(GV_ADMIN);
    const m = await addMember(admin, 'complian', { choosePassword: true });
    const socket = await screens.openWith(m.cookie);
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const res = await send('PUT', `/api/staff/${m.id}`, admin, { disabled: true });
    expect(res.json()).toMatchObject({ status: 'Disabled' });
    expect(await gone).toBe('io server disconnect');
    // The member is told why, not only "Please sign in.": on the ended session's next request,
    // and when signing in again with the right password (a wrong one still says only that).
    const ended = await me(m.cookie);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toMatchObject({ message: MSG.accountDisabled });
    const refused = await signIn(m.email, m.password);
    expect(refused.res.statusCode).toBe(401);
    expect(refused.res.json()).toMatchObject({ message: MSG.accountDisabled });
    expect((await signIn(m.email, 'not the password')).res.json()).toMatchObject({ message: MSG.loginFailed });

    expect((await send('PUT', `/api/staff/${m.id}`, admin, { disabled: false })).json()).toMatchObject({ status: 'Active' });
    // Enabled again, the old session does not come back; a new sign-in works.
    expect((await me(m.cookie)).json()).toMatchObject({ message: MSG.notSignedIn });
    expect((await signIn(m.email, m.password)).res.statusCode).toBe(200);
    expect((await auditOf(m.id)).map((a) => a.action)).toEqual(expect.arrayContaining(['disable', 'enable']));
  });

  it('a reset gives a new temporary password: the old password and every session end', async () => {
    const admin = await cookieOf(GV_ADMIN);
    const m = await addMember(admin, 'complian', { choosePassword: true });
    const res = await send('POST', `/api/staff/${m.id}/reset-password`, admin);
    expect(res.statusCode).toBe(200);
    const { temporaryPassword } = res.json<{ temporaryPassword: string }>();
    expect(temporaryPassword).not.toBe(m.password);
    expect((await me(m.cookie)).statusCode).toBe(401);
    expect((await signIn(m.email, m.password)).res.statusCode).toBe(401);
    expect((await signIn(m.email, temporaryPassword)).res.json()).toMatchObject({ mustChangePassword: true });
    expect((await auditOf(m.id)).map((a) => a.action)).toContain('reset-password');
  });

  it('signs a member out everywhere: every session ends, the password still signs in', async () => {
    const admin = await cookieOf(GV_ADMIN);
    const m = await addMember(admin, 'complian', { choosePassword: true });
    const second = await signIn(m.email, m.password);
    const res = await send('DELETE', `/api/staff/${m.id}/sessions`, admin);
    expect(res.statusCode).toBe(204);
    expect((await me(m.cookie)).statusCode).toBe(401);
    expect((await me(second.cookie)).statusCode).toBe(401);
    expect((await signIn(m.email, m.password)).res.statusCode).toBe(200);
    expect((await auditOf(m.id)).map((a) => a.action)).toContain('sign-out-everywhere');
  });

  it('a super-admin cannot change their own account here (403), and an unknown id is 404', async () => {
    const boss = await ownSociety();
    for (const [method, url, body] of [
      ['PUT', `/api/staff/${boss.id}`, { subRole: 'complian' }],
      ['PUT', `/api/staff/${boss.id}`, { disabled: true }],
      ['POST', `/api/staff/${boss.id}/reset-password`, undefined],
      ['DELETE', `/api/staff/${boss.id}/sessions`, undefined],
    ] as const) {
      const res = await send(method, url, boss.cookie, body);
      expect(res.statusCode, `${method} ${JSON.stringify(body)}`).toBe(403);
      expect(res.json()).toMatchObject({ message: MSG.staffSelf });
    }
    expect((await me(boss.cookie)).json()).toMatchObject({ user: { SubRole: 'super-admin' } });
    expect((await auditOf(boss.id)).map((a) => a.action)).toEqual(['create', 'sign-in', 'change-password']);
    expect((await send('PUT', '/api/staff/2000000000', boss.cookie, { disabled: true })).statusCode).toBe(404);
    expect((await send('PUT', `/api/staff/${boss.id}`, boss.cookie, {})).json()).toMatchObject({ field: 'subRole', message: MSG.staffNothingToChange });
  });

  it('two super-admins demoting each other at once leave the society one enabled super-admin', async () => {
    const a = await ownSociety();
    const b = await addMember(a.cookie, 'super-admin', { choosePassword: true });
    const [ab, ba] = await Promise.all([
      send('PUT', `/api/staff/${b.id}`, a.cookie, { subRole: 'complian' }),
      send('PUT', `/api/staff/${a.id}`, b.cookie, { disabled: true }),
    ]);
    const codes = [ab.statusCode, ba.statusCode].sort();
    // The second to commit is refused: by the last-super-admin rule, or (its session re-read) by its new sub-role or disabling.
    expect(codes[0]).toBe(200);
    expect([401, 403, 409]).toContain(codes[1]);
    const [society] = await h.database.db.select({ societyId: staffUsers.societyId }).from(staffUsers).where(eq(staffUsers.id, a.id));
    const enabledSupers = await h.database.db
      .select({ id: staffUsers.id, disabledAt: staffUsers.disabledAt })
      .from(staffUsers)
      .where(and(eq(staffUsers.societyId, society!.societyId), eq(staffUsers.subRole, 'super-admin')));
    expect(enabledSupers.filter((s) => s.disabledAt === null)).toHaveLength(1);
  });

  it("refuses (409) to demote or disable the society's last enabled super-admin, even for a super-admin whose request began before their own demotion", async () => {
    const a = await ownSociety();
    const b = await addMember(a.cookie, 'super-admin', { choosePassword: true });
    const [row] = await h.database.db.select({ societyId: staffUsers.societyId }).from(staffUsers).where(eq(staffUsers.id, b.id));
    // b as their request saw themselves: a super-admin (the guard ran before a's change below).
    const staleB = {
      id: b.id,
      name: 'B',
      role: 'Admin',
      subRole: 'super-admin',
      societyId: row!.societyId,
      societyName: 'x',
      mustChangePassword: false,
      mustEnrolTwoFactor: false,
    };
    expect((await send('PUT', `/api/staff/${b.id}`, a.cookie, { subRole: 'complian' })).statusCode).toBe(200);
    const service = staffAdminService({ db: h.database.db, clock: h.clock, auth: h.auth, temporaryPasswordHours: 72 });
    for (const change of [{ disabled: true }, { subRole: 'billing' as const }]) {
      const refused = await service.update(staleB, a.id, change).then(
        () => 'done',
        (err: { statusCode: number; message: string }) => `${err.statusCode} ${err.message}`,
      );
      expect(refused).toBe(`409 ${MSG.staffLastSuperAdmin}`);
    }
    // Through the API, b's next request reads the new sub-role and is refused before any rule.
    expect((await send('PUT', `/api/staff/${a.id}`, b.cookie, { disabled: true })).statusCode).toBe(403);
    expect((await me(a.cookie)).json()).toMatchObject({ user: { SubRole: 'super-admin' } });
    // With two enabled again, one may demote the other.
    expect((await send('PUT', `/api/staff/${b.id}`, a.cookie, { subRole: 'super-admin' })).statusCode).toBe(200);
    expect((await send('PUT', `/api/staff/${a.id}`, b.cookie, { subRole: 'billing' })).statusCode).toBe(200);
    expect((await send('GET', '/api/staff', a.cookie)).statusCode).toBe(403);
  });

  it('only super-admin may use /Staff (the sub-role matrix); no session is 401', async () => {
    const answers = await inTurn(DEMO_SIGN_INS, async (s) => `${s.subRole} → ${(await send('GET', '/api/staff', await cookieOf(s.email))).statusCode}`);
    expect(answers).toEqual(DEMO_SIGN_INS.map((s) => `${s.subRole} → ${s.subRole === 'super-admin' ? 200 : 403}`));
    const billing = await cookieOf('billing@greenvalley.test');
    const before = await h.database.db.select({ id: staffUsers.id }).from(staffUsers);
    const writes = [
      await send('POST', '/api/staff', billing, { name: 'X', email: 'x-matrix@staff.test', subRole: 'super-admin' }),
      await send('PUT', '/api/staff/1', billing, { subRole: 'super-admin' }),
      await send('POST', '/api/staff/1/reset-password', billing),
      await send('DELETE', '/api/staff/1/sessions', billing),
    ];
    expect(writes.map((r) => r.statusCode)).toEqual([403, 403, 403, 403]);
    expect(await h.database.db.select({ id: staffUsers.id }).from(staffUsers)).toHaveLength(before.length);
    expect((await h.app.inject({ method: 'GET', url: '/api/staff' })).statusCode).toBe(401);
  });
});
