/**
 * A session or token served from the in-process cache (SESSION_CACHE_MS) is confirmed by the
 * database in the request's first query (lib/request-context.ts `claimSession`): a session that
 * was signed out, disabled, blocked or changed since is refused, and nothing the request would
 * have written is written — here on one instance, with the account changed behind the cache's
 * back (through the owner connection, so no event drops the cache entry). Two instances on
 * PostgreSQL: tests/api/session-revocation-instances.test.ts.
 */
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages.js';
import { deskRequests, residents, staffSessions, staffUsers } from '../../src/server/db/schema.js';
import { hashToken } from '../../src/server/lib/tokens.js';
import { useHarness } from './harness.js';
import { complaintsDesk, fileComplaint, postComplaint } from '../support/clients/complaints.js';
import { pressSos } from '../support/clients/security.js';

describe('a cached session is confirmed by the database', () => {
  // A minute: within these tests only the database's check can refuse a cached entry.
  const h = useHarness({ SESSION_CACHE_MS: '60000' });
  const desk = complaintsDesk(h);
  const db = () => h.database.db;
  const me = (cookie: string) => h.app.inject({ method: 'GET', url: '/api/society/me', headers: { cookie } });
  const stageOf = async (id: number) => (await db().select({ stage: deskRequests.stage }).from(deskRequests).where(eq(deskRequests.id, id)))[0]?.stage;
  const storedWith = async (body: string) => (await db().select({ n: count() }).from(deskRequests).where(eq(deskRequests.body, body)))[0]!.n;
  const setStaff = (email: string, values: Partial<typeof staffUsers.$inferInsert>) => db().update(staffUsers).set(values).where(eq(staffUsers.email, email));
  const setResident = (phone: string, status: 'Approve' | 'Block') =>
    db()
      .update(residents)
      .set({ status })
      .where(and(eq(residents.phone, phone), eq(residents.isDrill, false)));

  it('a member disabled behind the cache is refused a read and a write (nothing written), and told why', async () => {
    const complaint = await fileComplaint(h, '03000000051', 'Revocation: the staircase light is out.');
    const email = 'complaints@greenvalley.test';
    const own = await h.staffCookie(email);
    expect((await desk.list(own, '?stage=new')).statusCode).toBe(200);
    await setStaff(email, { disabledAt: h.clock.now() });
    try {
      const read = await desk.list(own, '?stage=new');
      expect(read.statusCode, read.body).toBe(401);
      expect(read.json()).toMatchObject({ message: MSG.accountDisabled });
      const write = await desk.put(own, complaint._id, { action: 'proceed' });
      expect(write.statusCode, write.body).toBe(401);
      expect(await stageOf(complaint._id)).toBe('new');
      // Its own account's routes (no society-scoped work) too.
      expect((await me(own)).statusCode).toBe(401);
    } finally {
      await setStaff(email, { disabledAt: null });
    }
  });

  it('a session deleted behind the cache (a sign-out elsewhere) is refused who-am-I and a list', async () => {
    const cookie = await h.staffCookie('grocery@greenvalley.test');
    expect((await me(cookie)).statusCode).toBe(200);
    const tokenHash = hashToken(cookie.replace(/^sd_session=/, ''));
    await db().delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
    const who = await me(cookie);
    expect(who.statusCode, who.body).toBe(401);
    expect(who.json()).toMatchObject({ message: MSG.notSignedIn });
    expect((await h.app.inject({ method: 'GET', url: '/api/orders?stage=open', headers: { cookie } })).statusCode).toBe(401);
  });

  it('a sub-role changed behind the cache is answered as a fresh read would be: 403 for a module it lost', async () => {
    const email = 'doctor@greenvalley.test';
    const cookie = await h.staffCookie(email);
    const consultations = () => h.app.inject({ method: 'GET', url: '/api/doctor?stage=new', headers: { cookie } });
    expect((await consultations()).statusCode).toBe(200);
    await setStaff(email, { subRole: 'button-three' });
    try {
      const refused = await consultations();
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({ message: MSG.notAvailable });
    } finally {
      await setStaff(email, { subRole: 'button-two' });
    }
  });

  it('a sub-role changed behind the cache to one that may use the module too: 409, nothing done, and the retry is served', async () => {
    const email = 'status@greenvalley.test';
    const cookie = await h.staffCookie(email);
    const pending = () => h.app.inject({ method: 'GET', url: '/api/residents/pending', headers: { cookie } });
    expect((await pending()).statusCode).toBe(200);
    await setStaff(email, { subRole: 'super-admin' });
    try {
      const changed = await pending();
      expect(changed.statusCode, changed.body).toBe(409);
      expect(changed.json()).toMatchObject({ message: MSG.sessionChanged });
      expect((await pending()).statusCode).toBe(200);
    } finally {
      await setStaff(email, { subRole: 'status' });
    }
  });

  it('a resident blocked behind the cache is refused a read, a complaint and an SOS press, and nothing is stored', async () => {
    const phone = '03000000052';
    const authorization = await h.residentAuth(phone);
    const alarms = () => h.app.inject({ method: 'GET', url: '/api/resident/alarms', headers: { authorization } });
    expect((await alarms()).statusCode).toBe(200);
    await setResident(phone, 'Block');
    const read = await alarms();
    expect(read.statusCode, read.body).toBe(403);
    expect(read.json()).toMatchObject({ message: MSG.residentBlocked });
    const words = 'Revocation: a blocked resident complains.';
    const filed = await postComplaint(h.app, authorization, { complain: words });
    expect(filed.statusCode, filed.body).toBe(403);
    expect(await storedWith(words)).toBe(0);
    const sosWords = 'Revocation: a blocked resident presses SOS.';
    const pressed = await pressSos(h.app, authorization, { securityComplain: sosWords });
    expect(pressed.statusCode, pressed.body).toBe(403);
    expect(await storedWith(sosWords)).toBe(0);
  });

  it('a cached token still live is served, and its first query confirms it (the next request is served too)', async () => {
    const authorization = await h.residentAuth('03000000053');
    const alarms = () => h.app.inject({ method: 'GET', url: '/api/resident/alarms', headers: { authorization } });
    expect((await alarms()).statusCode).toBe(200);
    expect((await alarms()).statusCode).toBe(200);
    const pressed = await pressSos(h.app, authorization, { securityComplain: 'Revocation: a live token presses SOS.' });
    expect(pressed.statusCode, pressed.body).toBe(201);
  });
});
