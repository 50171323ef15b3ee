import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { staffSessions, staffUsers } from '../../src/server/db/schema.js';
import { newToken } from '../../src/server/lib/tokens.js';
import type { Complaint } from '../../src/shared/contracts/complaints.js';
import type { SecurityAlert } from '../../src/shared/contracts/security.js';
import { useHarness } from './harness.js';
import { staffScreens } from '../support/staff-socket.js';
import { pressSos } from '../support/clients/security.js';
import { postComplaint } from '../support/clients/complaints.js';

/** Socket.IO rooms are decided by the server from the session cookie. */
describe('live events over Socket.IO', () => {
  const h = useHarness({ ESCALATE_AFTER_S: '0.1', ALLOWED_ORIGINS: 'http://localhost:5173' });
  const screens = staffScreens(h);
  const { open, openWith } = screens;
  const disconnected = (s: Socket) => new Promise<string>((resolve) => s.once('disconnect', (reason) => resolve(reason)));
  const serverHas = async (id: string) => (await h.io.fetchSockets()).some((x) => x.id === id);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const next = <T = Complaint>(s: Socket, event: string) => new Promise<T>((resolve) => s.once(event, resolve as (x: any) => void));
  async function file(phone: string, complain: string): Promise<Complaint> {
    const authorization = await h.residentAuth(phone);
    const res = await postComplaint(h.app, authorization, { complain });
    return res.json<Complaint>();
  }

  it('refuses a socket without a valid session', async () => {
    const s = screens.track(connect(screens.url(), { transports: ['websocket'], extraHeaders: { cookie: 'sd_session=nope' }, reconnection: false }));
    const err = await new Promise<Error>((resolve) => s.once('connect_error', resolve));
    expect(err.message).toBe('unauthorized');
  });

  it("sends 'receive-complain' only to that society's staff who may see complaints", async () => {
    const gvComplaints = await open('complaints@greenvalley.test');
    const gvSecurity = await open('security@greenvalley.test');
    const gvBilling = await open('billing@greenvalley.test');
    const lcComplaints = await open('complaints@lakecity.test');

    const gotGv = next(gvComplaints, 'receive-complain');
    const gotSec = next(gvSecurity, 'receive-complain');
    const lcFirst = next(lcComplaints, 'receive-complain');
    const filed = await file('03000000010', 'Sewerage overflow in Block B');
    expect((await gotGv)._id).toBe(filed._id);
    expect((await gotSec)._id).toBe(filed._id);

    // Events reach one socket in the order they were sent: if the first thing Lake City hears is
    // its own complaint, the Green Valley one never reached it.
    const lcFiled = await file('03100000010', 'Lift stuck on floor 3');
    expect((await lcFirst)._id).toBe(lcFiled._id);

    // The billing socket is in its society room but not in the complaints room.
    const billingSocket = (await h.io.fetchSockets()).find((s) => s.id === gvBilling.id)!;
    expect([...billingSocket.rooms].some((r) => r.endsWith(':complaints'))).toBe(false);
    expect([...billingSocket.rooms].some((r) => r.endsWith(':billing'))).toBe(true);
  });

  it("sends 'complain-updated' when another staff member moves a complaint", async () => {
    const watcher = await open('security@greenvalley.test');
    const filed = await file('03000000011', 'Stray dogs near the school gate');
    const updated = next(watcher, 'complain-updated');
    const cookie = await h.staffCookie('complaints@greenvalley.test');
    await h.app.inject({ method: 'PUT', url: `/api/complain/${filed._id}`, headers: { cookie }, payload: { action: 'proceed' } });
    expect(await updated).toMatchObject({ _id: filed._id, stage: 'processing' });
  });

  it("alarms: 'receive-security' to button-one only; acknowledgement and escalation fan out; presence counts", async () => {
    const guard1 = await open('security@greenvalley.test');
    const firstPresence = next<{ connected: number }>(guard1, 'security-presence');
    const guard2 = await open('security@greenvalley.test');
    expect((await firstPresence).connected).toBe(1); // the same staff member on two screens counts once
    const superAdmin = await open('super-admin@greenvalley.test');
    const complaintsGv = await open('complaints@greenvalley.test');
    const lcGuard = await open('security@lakecity.test');

    const heard1 = next<SecurityAlert>(guard1, 'receive-security');
    const heard2 = next<SecurityAlert>(guard2, 'receive-security');
    const authorization = await h.residentAuth('03000000012');
    const raised = (await pressSos(h.app, authorization)).json<SecurityAlert>();
    expect((await heard1)._id).toBe(raised._id);
    expect((await heard2).resident.phoneNo).toBe('03000000012');

    // Unanswered: the escalation job raises it again to button-one and super-admin.
    const escalatedSa = next<SecurityAlert>(superAdmin, 'security-escalated');
    const escalatedG = next<SecurityAlert>(guard2, 'security-escalated');
    // Not yet due on the app's clock; once ESCALATE_AFTER_S has passed on it, the job escalates it.
    expect(await h.security.escalateDue(h.config.ESCALATE_AFTER_S)).toBe(0);
    h.clock.advance(h.config.ESCALATE_AFTER_S * 1000 + 1);
    expect(await h.security.escalateDue(h.config.ESCALATE_AFTER_S)).toBe(1);
    expect(await escalatedSa).toMatchObject({ _id: raised._id, escalated: true });
    expect((await escalatedG)._id).toBe(raised._id);

    // One screen acknowledges: the others hear who did it.
    const ackOther = next<{ _id: number; acknowledgedBy: string }>(guard2, 'security-acknowledged');
    const ackSa = next<{ _id: number }>(superAdmin, 'security-acknowledged');
    const cookie = await h.staffCookie('security@greenvalley.test');
    await h.app.inject({ method: 'POST', url: `/api/security/${raised._id}/acknowledge`, headers: { cookie } });
    expect(await ackOther).toMatchObject({ _id: raised._id });
    expect((await ackOther).acknowledgedBy.length).toBeGreaterThan(0);
    expect((await ackSa)._id).toBe(raised._id);

    // Neither Lake City's guard nor Green Valley's complaints desk is in the alarm rooms.
    const rooms = async (s: Socket) => [...((await h.io.fetchSockets()).find((x) => x.id === s.id)?.rooms ?? [])];
    expect((await rooms(lcGuard)).some((r) => r.startsWith('society:1:'))).toBe(false);
    expect((await rooms(complaintsGv)).some((r) => r.endsWith(':security') || r.endsWith(':sub:super-admin'))).toBe(false);
  });

  it("logout disconnects that session's socket within 1 s; it hears no later complaint, other sessions still do", async () => {
    const cookie = await h.staffCookie('complaints@lakecity.test');
    const loggedOut = await openWith(cookie);
    const otherSession = await open('complaints@lakecity.test');
    const id = loggedOut.id!;
    let leaked = false;
    loggedOut.on('receive-complain', () => (leaked = true));
    const gone = disconnected(loggedOut);
    const t0 = performance.now();
    expect((await h.app.inject({ method: 'POST', url: '/api/society/logout', headers: { cookie } })).statusCode).toBe(204);
    expect(await gone).toBe('io server disconnect');
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(await serverHas(id)).toBe(false);

    const heard = next(otherSession, 'receive-complain');
    const filed = await file('03100000020', 'Water leaking from the roof');
    expect((await heard)._id).toBe(filed._id);
    expect(leaked).toBe(false);
    // The cookie cannot open a new socket either.
    await expect(openWith(cookie)).rejects.toThrow('unauthorized');
  }, 10_000);

  it('auth.revokeAccount disconnects every socket of the account and ends its sessions', async () => {
    const cookieA = await h.staffCookie('cms@greenvalley.test');
    const a = await openWith(cookieA);
    const b = await open('cms@greenvalley.test');
    const bystander = await open('cms@lakecity.test');
    const [cms] = await h.database.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, 'cms@greenvalley.test'));
    const goneA = disconnected(a);
    const goneB = disconnected(b);
    await h.auth.revokeAccount(cms!.id);
    expect(await goneA).toBe('io server disconnect');
    expect(await goneB).toBe('io server disconnect');
    expect(bystander.connected).toBe(true);
    expect(await serverHas(bystander.id!)).toBe(true);
    expect((await h.app.inject({ method: 'GET', url: '/api/society/me', headers: { cookie: cookieA } })).statusCode).toBe(401);
  }, 10_000);

  it('disconnects a socket when its session expires', async () => {
    // A session that expires 300 ms after now on the app's clock, written straight to the table.
    const [staff] = await h.database.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, 'status@greenvalley.test'));
    const { token, hash } = newToken();
    await h.database.db.insert(staffSessions).values({ tokenHash: hash, staffId: staff!.id, expiresAt: new Date(h.clock.now().getTime() + 300) });
    const s = await openWith(`sd_session=${token}`);
    expect(await disconnected(s)).toBe('io server disconnect');
    // Already expired on the clock: refused at the handshake.
    h.clock.advance(301);
    await expect(openWith(`sd_session=${token}`)).rejects.toThrow('unauthorized');
  }, 10_000);

  it("refuses a handshake from a foreign Origin; accepts the app's own origin and ALLOWED_ORIGINS", async () => {
    const cookie = await h.staffCookie('billing@lakecity.test');
    await expect(openWith(cookie, { origin: 'http://evil.example' })).rejects.toThrow('origin not allowed');
    await expect(openWith(cookie, { origin: 'null' })).rejects.toThrow('origin not allowed');
    // Same host and port as the Host header, over http or https.
    const own = new URL(screens.url());
    expect((await openWith(cookie, { origin: own.origin })).connected).toBe(true);
    expect((await openWith(cookie, { origin: `https://${own.host}` })).connected).toBe(true);
    expect((await openWith(cookie, { origin: 'http://localhost:5173' })).connected).toBe(true);
    await expect(openWith(cookie, { origin: 'http://localhost:5174' })).rejects.toThrow('origin not allowed');
  });
});
