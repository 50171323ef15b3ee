import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { Complaint } from '../../src/shared/contracts/complaints.js';
import type { SecurityAlert } from '../../src/shared/contracts/security.js';
import { useHarness } from './harness.js';

/** Socket.IO rooms are decided by the server from the session cookie. */
describe('live events over Socket.IO', () => {
  const h = useHarness({ ESCALATE_AFTER_S: '0.1' });
  let url = '';
  const sockets: Socket[] = [];

  beforeAll(async () => {
    url = await h.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => sockets.forEach((s) => s.close()));

  async function open(email: string): Promise<Socket> {
    const cookie = await h.staffCookie(email);
    const s = connect(url, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false });
    sockets.push(s);
    await new Promise<void>((resolve, reject) => {
      s.once('connect', resolve);
      s.once('connect_error', reject);
    });
    return s;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const next = <T = Complaint>(s: Socket, event: string) => new Promise<T>((resolve) => s.once(event, resolve as (x: any) => void));
  async function file(phone: string, complain: string): Promise<Complaint> {
    const authorization = await h.residentAuth(phone);
    const res = await h.app.inject({ method: 'POST', url: '/api/complain', headers: { authorization }, payload: { complain } });
    return res.json<Complaint>();
  }

  it('refuses a socket without a valid session', async () => {
    const s = connect(url, { transports: ['websocket'], extraHeaders: { cookie: 'sd_session=nope' }, reconnection: false });
    sockets.push(s);
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
    const raised = (await h.app.inject({ method: 'POST', url: '/api/security', headers: { authorization }, payload: {} })).json<SecurityAlert>();
    expect((await heard1)._id).toBe(raised._id);
    expect((await heard2).resident.phoneNo).toBe('03000000012');

    // Unanswered: the escalation job raises it again to button-one and super-admin.
    const escalatedSa = next<SecurityAlert>(superAdmin, 'security-escalated');
    const escalatedG = next<SecurityAlert>(guard2, 'security-escalated');
    // Run the job until the 0.1 s delay has passed and it escalates this alarm (count ≥ 1).
    await expect.poll(() => h.security.escalateDue(h.config.ESCALATE_AFTER_S), { interval: 50 }).toBeGreaterThan(0);
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
});
