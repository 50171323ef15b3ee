/**
 * Staff decide: /Residence's verify (module 'residents') and /Status's search, pending
 * list, detail and Approve/Block (module 'status'): society isolation, sub-role 403s, audit rows,
 * and the whole path — registered through the API, approved, files a complaint; blocked, the next
 * call is refused and the tokens are gone.
 */
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, residentSessions, residents } from '../../src/server/db/schema.js';
import type { ResidentRow, ResidentStatusDetail } from '../../src/shared/contracts/residents-admin.js';
import { MSG } from '../../src/shared/messages.js';
import { useHarness } from './harness.js';
import { registration } from '../support/factories.js';
import { signedInStaff } from '../support/clients/sessions.js';
import { postComplaint } from '../support/clients/complaints.js';

let seq = 0;
const newPhone = () => `0399${String(5_000_000 + ++seq).padStart(7, '0')}`;
type Page = { items: ResidentRow[]; total: number; totalExact: boolean };

describe('resident administration: verify, search, pending, approve and block', () => {
  const h = useHarness();
  const { cookie } = signedInStaff(h);
  const as = async (email: string) => ({ cookie: await cookie(email) });
  const get = async (email: string, url: string) => h.app.inject({ method: 'GET', url, headers: await as(email) });
  const setStatus = async (email: string, id: number, status: string) =>
    h.app.inject({ method: 'PUT', url: `/api/residents/${id}/status`, headers: await as(email), payload: { status } });

  /** Registers a resident through the resident API; returns phone, password, residentID and row id. */
  async function registerResident(name: string, societyName = 'Green Valley') {
    const phone = newPhone();
    const password = 'resident-pass-1';
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/resident/register',
      remoteAddress: `10.8.0.${seq}`,
      payload: registration(phone, {
        societyName,
        name,
        password,
        house: '7',
        street: 'Street 9',
        block: 'Block C',
        fatherName: 'Father Of',
        fatherPhone: '03337654321',
        age: 40,
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { residentID } = res.json<{ residentID: string }>();
    const [row] = await h.database.db.select({ id: residents.id }).from(residents).where(eq(residents.residentCode, residentID));
    return { phone, password, residentID, id: row!.id };
  }

  it("verify: the spec fields of the society's resident; 404 for an unknown id and for another society's", async () => {
    const r = await registerResident('Hina Verify');
    for (const email of ['residence@greenvalley.test', 'super-admin@greenvalley.test']) {
      const res = await get(email, `/api/residents/verify?residentId=${r.residentID}`);
      expect(res.statusCode, email).toBe(200);
      expect(res.json()).toEqual({
        Name: 'Hina Verify',
        Address: 'House 7, Street 9, Block C',
        Phone_Number: r.phone,
        Age: 40,
        ResidentID: r.residentID,
        Father_Name: 'Father Of',
        Father_Phone_Number: '03337654321',
      });
    }
    for (const id of ['LC0001', 'GV9999', r.residentID.toLowerCase()]) {
      const res = await get('residence@greenvalley.test', `/api/residents/verify?residentId=${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ message: MSG.noMatchingDocument });
    }
    expect((await get('residence@lakecity.test', `/api/residents/verify?residentId=${r.residentID}`)).statusCode).toBe(404);
    expect((await get('residence@lakecity.test', '/api/residents/verify?residentId=LC0001')).statusCode).toBe(200);
    expect((await get('residence@greenvalley.test', '/api/residents/verify?residentId=')).statusCode).toBe(400);
  });

  it('sub-roles: residence may only verify, status only the status routes; others 403, nobody 401', async () => {
    const r = await registerResident('Sub Role');
    expect((await get('status@greenvalley.test', `/api/residents/verify?residentId=${r.residentID}`)).statusCode).toBe(403);
    for (const url of ['/api/residents?name=a', '/api/residents/pending', `/api/residents/${r.id}`]) {
      expect((await get('residence@greenvalley.test', url)).statusCode, url).toBe(403);
      expect((await get('complaints@greenvalley.test', url)).statusCode, url).toBe(403);
      expect((await get('status@greenvalley.test', url)).statusCode, url).toBe(200);
      expect((await get('super-admin@greenvalley.test', url)).statusCode, url).toBe(200);
      expect((await h.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    expect((await setStatus('residence@greenvalley.test', r.id, 'Approve')).statusCode).toBe(403);
    expect((await setStatus('billing@greenvalley.test', r.id, 'Approve')).statusCode).toBe(403);
    const [row] = await h.database.db.select({ status: residents.status }).from(residents).where(eq(residents.id, r.id));
    expect(row!.status).toBe('Pending');
  });

  it('search: a case-insensitive prefix of the full name, newest first, paged, only the society', async () => {
    const made = [];
    for (let i = 0; i < 12; i++) made.push(await registerResident(`Quentin Prefix ${String(i).padStart(2, '0')}`));
    await registerResident('Quentin Prefix Lake', 'Lake City');
    await registerResident('Not Quentin Prefix');
    const first = (await get('status@greenvalley.test', '/api/residents?name=qUENTIN%20pre')).json<Page>();
    expect(first.total).toBe(12);
    expect(first.totalExact).toBe(true);
    expect(first.items.map((r) => r._id)).toEqual(
      made
        .slice(2)
        .reverse()
        .map((m) => m.id),
    );
    expect(first.items[0]).toMatchObject({ Name: 'Quentin Prefix 11', Status: 'Pending', ResidentID: made[11]!.residentID });
    const second = (await get('status@greenvalley.test', `/api/residents?name=quentin&page=2&after=${first.items.at(-1)!._id}`)).json<Page>();
    expect(second.items.map((r) => r._id)).toEqual([made[1]!.id, made[0]!.id]);
    expect((await get('status@lakecity.test', '/api/residents?name=Quentin%20Prefix')).json<Page>().items.map((r) => r.Name)).toEqual(['Quentin Prefix Lake']);
    // LIKE metacharacters are text, not wildcards.
    expect((await get('status@greenvalley.test', '/api/residents?name=%25')).json<Page>().total).toBe(0);
    expect((await get('status@greenvalley.test', '/api/residents?name=Quentin_Prefix')).json<Page>().total).toBe(0);
    // No name: every resident of the society.
    const all = (await get('status@greenvalley.test', '/api/residents')).json<Page>();
    expect(all.total).toBe(await h.database.db.$count(residents, eq(residents.societyId, await societyOf('03000000001'))));
  });

  async function societyOf(phone: string): Promise<number> {
    const [r] = await h.database.db.select({ s: residents.societyId }).from(residents).where(eq(residents.phone, phone));
    return r!.s;
  }

  it('pending registrations, newest first; approving or blocking takes them off the list', async () => {
    const a = await registerResident('Pending One');
    const b = await registerResident('Pending Two');
    const page = (await get('status@greenvalley.test', '/api/residents/pending')).json<Page>();
    expect(page.items.slice(0, 2).map((r) => r._id)).toEqual([b.id, a.id]);
    expect(page.items.every((r) => r.Status === 'Pending')).toBe(true);
    expect((await get('status@lakecity.test', '/api/residents/pending')).json<Page>().items.map((r) => r._id)).not.toContain(a.id);
    expect((await setStatus('status@greenvalley.test', a.id, 'Approve')).statusCode).toBe(200);
    expect((await setStatus('status@greenvalley.test', b.id, 'Block')).statusCode).toBe(200);
    const after = (await get('status@greenvalley.test', '/api/residents/pending')).json<Page>();
    expect(after.items.map((r) => r._id)).not.toContain(a.id);
    expect(after.items.map((r) => r._id)).not.toContain(b.id);
    expect(after.total).toBe(page.total - 2);
  });

  it('a resident token read a moment ago is not read again, yet refused as soon as its row is gone; sign-out drops it at once', async () => {
    const r = await registerResident('Cache Path');
    const me = (authorization: string) => h.app.inject({ method: 'GET', url: '/api/resident/me', headers: { authorization } }).then((x) => x.statusCode);
    const first = await h.residentAuth(r.phone, r.password);
    expect(await me(first)).toBe(200);
    // Deleted behind the server's back (not a sign-out): only the cache still knows it, and the
    // request's first query finds it gone.
    await h.database.db.delete(residentSessions).where(eq(residentSessions.residentId, r.id));
    expect(await me(first)).toBe(401);

    const second = await h.residentAuth(r.phone, r.password);
    expect(await me(second)).toBe(200);
    expect((await h.app.inject({ method: 'POST', url: '/api/resident/logout', headers: { authorization: second } })).statusCode).toBe(204);
    expect(await me(second)).toBe(401);
  });

  it('registered, approved, files a complaint; blocked, the next call is refused and the tokens are gone; all audited', async () => {
    const r = await registerResident('Whole Path');
    const authorization = await h.residentAuth(r.phone, r.password);
    const complain = () => postComplaint(h.app, authorization, { complain: 'Water leak.' });
    expect((await complain()).statusCode).toBe(403);

    const approved = await setStatus('status@greenvalley.test', r.id, 'Approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json<ResidentStatusDetail>()).toMatchObject({ _id: r.id, Status: 'Approve', ResidentID: r.residentID });
    expect((await complain()).statusCode).toBe(201);

    const blocked = await setStatus('super-admin@greenvalley.test', r.id, 'Block');
    expect(blocked.json<ResidentStatusDetail>().Status).toBe('Block');
    expect(await h.database.db.$count(residentSessions, eq(residentSessions.residentId, r.id))).toBe(0);
    expect((await complain()).statusCode).toBe(401);
    const relogin = await h.app.inject({ method: 'POST', url: '/api/resident/login', payload: { phone: r.phone, password: r.password } });
    expect(relogin.statusCode).toBe(403);
    expect(relogin.json()).toMatchObject({ message: MSG.residentBlocked });

    // The same status again changes nothing and is not audited twice.
    expect((await setStatus('status@greenvalley.test', r.id, 'Block')).statusCode).toBe(200);
    const trail = await h.database.db
      .select({ action: auditLog.action, from: auditLog.fromStage, to: auditLog.toStage, actorKind: auditLog.actorKind, actorName: auditLog.actorName })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'resident'), eq(auditLog.entityId, r.id)))
      .orderBy(asc(auditLog.id));
    expect(trail.map((t) => [t.action, t.from, t.to, t.actorKind])).toEqual([
      ['register', null, 'Pending', 'resident'],
      ['approve', 'Pending', 'Approve', 'staff'],
      ['block', 'Approve', 'Block', 'staff'],
    ]);
    const detail = (await get('status@greenvalley.test', `/api/residents/${r.id}`)).json<ResidentStatusDetail>();
    expect(detail.history.map((e) => e.action)).toEqual(['register', 'approve', 'block']);
  });

  it("isolation: another society's resident is never found, shown or changed", async () => {
    const lake = await registerResident('Lake Only', 'Lake City');
    expect((await get('status@greenvalley.test', `/api/residents/${lake.id}`)).statusCode).toBe(404);
    const res = await setStatus('status@greenvalley.test', lake.id, 'Approve');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: MSG.noMatchingDocument });
    expect((await get('status@greenvalley.test', '/api/residents?name=Lake%20Only')).json<Page>().total).toBe(0);
    const [row] = await h.database.db.select({ status: residents.status }).from(residents).where(eq(residents.id, lake.id));
    expect(row!.status).toBe('Pending');
    expect((await setStatus('status@lakecity.test', lake.id, 'Approve')).statusCode).toBe(200);
  });

  it('bad input: status must be Approve or Block, ids numeric', async () => {
    const r = await registerResident('Bad Input');
    for (const status of ['Pending', 'approve', '', 1]) {
      const res = await setStatus('status@greenvalley.test', r.id, status as string);
      expect(res.statusCode, String(status)).toBe(400);
      expect(res.json()).toMatchObject({ field: 'status' });
    }
    expect((await setStatus('status@greenvalley.test', 0, 'Approve')).statusCode).toBe(400);
    expect((await get('status@greenvalley.test', `/api/residents?name=${'x'.repeat(101)}`)).statusCode).toBe(400);
    expect((await setStatus('status@greenvalley.test', 2_000_000, 'Approve')).statusCode).toBe(404);
  });
});
