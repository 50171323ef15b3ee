/**
 * Two instances on one PostgreSQL database with no relay between them (no Socket.IO adapter: B
 * never hears that A revoked anything, as when the relay's message is lost or late): a session or
 * token B has cached is refused on B from the moment A's revocation commits, because B's request
 * confirms it in its first query (lib/request-context.ts `claimSession`), and nothing it would
 * have written is written. Runs only when DATABASE_URL is set.
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages.js';
import { deskRequests, residents, staffUsers } from '../../src/server/db/schema.js';
import { useTwoInstances, type Instance } from '../support/two-instances.js';
import { pressSos } from '../support/clients/security.js';
import { postComplaint } from '../support/clients/complaints.js';

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('revocation on one instance, a cached session on the other (no relay)', () => {
  // A minute: only the database's check can refuse what B has cached.
  const t = useTwoInstances({ SESSION_CACHE_MS: '60000' }, { relay: false });
  const db = () => t.a.database.db;
  const idOf = async (email: string) => (await db().select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email)))[0]!.id;
  const residentIdOf = async (phone: string) => (await db().select({ id: residents.id }).from(residents).where(eq(residents.phone, phone)))[0]!.id;
  const storedWith = async (body: string) => (await db().select({ n: count() }).from(deskRequests).where(eq(deskRequests.body, body)))[0]!.n;
  const get = (via: Instance, url: string, headers: Record<string, string>) => via.app.inject({ method: 'GET', url, headers });

  it('a member disabled on A is refused a read and a write on B at once, nothing written', async () => {
    const email = 'complaints@greenvalley.test';
    const member = await t.staffCookie(t.b, email);
    expect((await get(t.b, '/api/complain?stage=new', { cookie: member })).statusCode).toBe(200);
    // B has the session cached; A disables the account (the staff admin screen).
    const admin = await t.staffCookie(t.a, 'super-admin@greenvalley.test');
    const disabled = await t.a.app.inject({ method: 'PUT', url: `/api/staff/${await idOf(email)}`, headers: { cookie: admin }, payload: { disabled: true } });
    expect(disabled.statusCode, disabled.body).toBe(200);

    const read = await get(t.b, '/api/complain?stage=new', { cookie: member });
    expect(read.statusCode, read.body).toBe(401);
    expect(read.json()).toMatchObject({ message: MSG.accountDisabled });
    const resident = await t.residentAuth(t.a, '03000000031');
    const words = 'Two instances: a complaint a disabled member may not move.';
    const filed = await postComplaint(t.a.app, resident, { complain: words });
    expect(filed.statusCode, filed.body).toBe(201);
    const id = filed.json<{ _id: number }>()._id;
    const write = await t.b.app.inject({ method: 'PUT', url: `/api/complain/${id}`, headers: { cookie: member }, payload: { action: 'proceed' } });
    expect(write.statusCode, write.body).toBe(401);
    expect((await db().select({ stage: deskRequests.stage }).from(deskRequests).where(eq(deskRequests.id, id)))[0]!.stage).toBe('new');
    expect((await get(t.b, '/api/society/me', { cookie: member })).statusCode).toBe(401);
  });

  it('a resident blocked on A is refused a read, a complaint and an SOS press on B, nothing stored', async () => {
    const phone = '03000000032';
    const authorization = await t.residentAuth(t.b, phone);
    expect((await get(t.b, '/api/resident/alarms', { authorization })).statusCode).toBe(200);
    const office = await t.staffCookie(t.a, 'status@greenvalley.test');
    const blocked = await t.a.app.inject({
      method: 'PUT',
      url: `/api/residents/${await residentIdOf(phone)}/status`,
      headers: { cookie: office },
      payload: { status: 'Block' },
    });
    expect(blocked.statusCode, blocked.body).toBe(200);

    const read = await get(t.b, '/api/resident/alarms', { authorization });
    expect(read.statusCode, read.body).toBe(401);
    const words = 'Two instances: a blocked resident complains.';
    expect((await postComplaint(t.b.app, authorization, { complain: words })).statusCode).toBe(401);
    expect(await storedWith(words)).toBe(0);
    const sos = 'Two instances: a blocked resident presses SOS.';
    const pressed = await pressSos(t.b.app, authorization, { securityComplain: sos });
    expect(pressed.statusCode, pressed.body).toBe(401);
    expect(await storedWith(sos)).toBe(0);
  });

  it('a staff session and a resident token signed out on A are refused on B', async () => {
    const member = await t.staffCookie(t.a, 'grocery@greenvalley.test');
    expect((await get(t.b, '/api/orders?stage=open', { cookie: member })).statusCode).toBe(200);
    expect((await t.a.app.inject({ method: 'POST', url: '/api/society/logout', headers: { cookie: member } })).statusCode).toBe(204);
    const read = await get(t.b, '/api/orders?stage=open', { cookie: member });
    expect(read.statusCode, read.body).toBe(401);
    expect(read.json()).toMatchObject({ message: MSG.notSignedIn });

    const authorization = await t.residentAuth(t.a, '03000000033');
    expect((await get(t.b, '/api/resident/alarms', { authorization })).statusCode).toBe(200);
    expect((await t.a.app.inject({ method: 'POST', url: '/api/resident/logout', headers: { authorization } })).statusCode).toBe(204);
    expect((await get(t.b, '/api/resident/alarms', { authorization })).statusCode).toBe(401);
    const sos = 'Two instances: a signed-out token presses SOS.';
    expect((await pressSos(t.b.app, authorization, { securityComplain: sos })).statusCode).toBe(401);
    expect(await storedWith(sos)).toBe(0);
  });

  it('a session still live is served on B from its cache', async () => {
    const member = await t.staffCookie(t.a, 'doctor@greenvalley.test');
    for (let i = 0; i < 3; i++) expect((await get(t.b, '/api/doctor?stage=new', { cookie: member })).statusCode).toBe(200);
  });
});
