import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { Complaint } from '../../src/shared/contracts/complaints.js';
import { useHarness } from './harness.js';

/** Socket.IO rooms are decided by the server from the session cookie. */
describe('live complaints over Socket.IO', () => {
  const h = useHarness();
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
  const next = (s: Socket, event: string) => new Promise<Complaint>((resolve) => s.once(event, resolve));
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
});
