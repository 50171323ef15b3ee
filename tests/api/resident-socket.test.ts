/**
 * The resident app's socket: Socket.IO on the staff sockets' endpoint, authenticated
 * with the resident bearer token (`auth: {token}`), joined to the resident's own rooms only. Each
 * `resident-…` event reaches the resident whose item changed and no one else; sign-out and a block
 * end the socket at once, a bad or expired token is refused, and staff cookie sockets are as before.
 * Residents: A and B of Green Valley, C of Lake City; D (Green Valley) is blocked by one test.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { residentSessions, residents } from '../../src/server/db/schema.js';
import { hashToken, newToken } from '../../src/server/lib/tokens.js';
import type { ServerToClientEvents } from '../../src/shared/events.js';
import { RESIDENT_EVENTS } from '../../src/shared/contracts/resident-events.js';
import { calendarDay } from '../../src/shared/calendar.js';
import { DEFAULT_TIME_ZONE } from '../../src/shared/constants.js';
import { useHarness } from './harness.js';
import { staffScreens } from '../support/staff-socket.js';
import { residentTokens, signedInStaff } from '../support/clients/sessions.js';
import { waitFor } from '../support/wait-for.js';

const A = '03000000006';
const B = '03000000007';
const C = '03100000006';
const D = '03000000008';
const GUARD = 'security@greenvalley.test';

type Name = keyof ServerToClientEvents;
type Payload<E extends Name> = Parameters<ServerToClientEvents[E]>[0];

describe('resident socket', () => {
  const h = useHarness({ ESCALATE_AFTER_S: '0.1' });
  const screens = staffScreens(h);
  const token = residentTokens(h);
  const staff = signedInStaff(h);
  const sockets: Socket[] = [];
  afterAll(() => sockets.forEach((s) => s.close()));

  /** The bearer token (without "Bearer ") of a resident. */
  const bare = async (phone: string) => (await token(phone)).replace(/^Bearer /, '');
  /** Opens a resident socket with `auth` (and other handshake headers); resolves once connected, rejects with the server's reason. */
  async function openResident(auth: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Socket> {
    const s = connect(screens.url(), { transports: ['websocket'], auth, extraHeaders: headers, reconnection: false });
    sockets.push(s);
    await new Promise<void>((resolve, reject) => {
      s.once('connect', resolve);
      s.once('connect_error', reject);
    });
    return s;
  }
  const openAs = async (phone: string) => openResident({ token: await bare(phone) });

  /**
   * Every `resident-…` event a socket hears, in order, each checked against its contract schema
   * (a payload that does not parse fails the test).
   */
  function recorder(s: Socket) {
    const heard: { event: Name; payload: unknown }[] = [];
    s.onAny((event: Name, payload: unknown) => {
      const schema = RESIDENT_EVENTS[event as keyof typeof RESIDENT_EVENTS];
      if (schema) schema.parse(payload);
      heard.push({ event, payload });
    });
    return {
      heard,
      /** Resolves with the payload of the first `event` heard from now on whose `_id` is `id`. */
      async next<E extends Name>(event: E, id: number, where: (p: Payload<E>) => boolean = () => true): Promise<Payload<E>> {
        const from = heard.length;
        let found: Payload<E> | undefined;
        await waitFor(() => {
          found = heard.slice(from).find((x) => x.event === event && (x.payload as { _id: number })._id === id && where(x.payload as Payload<E>))?.payload as
            Payload<E> | undefined;
          return found !== undefined;
        }, `${event} ${id}`);
        return found!;
      },
    };
  }
  const disconnected = (s: Socket) => new Promise<string>((resolve) => s.once('disconnect', (reason) => resolve(reason)));
  const serverRooms = async (s: Socket) => [...((await h.io.fetchSockets()).find((x) => x.id === s.id)?.rooms ?? [])];
  const residentRowId = async (phone: string) => (await h.database.db.select({ id: residents.id }).from(residents).where(eq(residents.phone, phone)))[0]!.id;
  const residentCode = async (phone: string) =>
    (await h.database.db.select({ code: residents.residentCode }).from(residents).where(eq(residents.phone, phone)))[0]!.code;
  const file = async (phone: string, url: string, payload: object) => {
    const res = await h.app.inject({ method: 'POST', url, headers: { authorization: await token(phone) }, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ _id: number }>()._id;
  };
  const staffOk = async (method: 'POST' | 'PUT', url: string, email: string, payload?: object) => {
    const res = await staff.send(method, url, email, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res;
  };

  it("joins only the resident's own rooms and hears only its own items' events", async () => {
    const [a, b, c] = [await openAs(A), await openAs(B), await openAs(C)];
    const [ra, rb, rc] = [recorder(a), recorder(b), recorder(c)];
    const idA = await residentRowId(A);
    expect((await serverRooms(a)).sort()).toEqual([a.id, `resident-session:${hashToken(await bare(A))}`, `resident:${idA}`].sort());

    // A's complaint moves: A hears each stage and the response; B and C hear nothing of it.
    const complaint = await file(A, '/api/complain', { complain: 'Socket complaint' });
    const proceeding = ra.next('resident-complaint-updated', complaint);
    await staffOk('PUT', `/api/complain/${complaint}`, 'complaints@greenvalley.test', { action: 'proceed' });
    expect(await proceeding).toMatchObject({ stage: 'processing', complainStatus: 'pending', response: null });
    const completed = ra.next('resident-complaint-updated', complaint, (p) => p.stage === 'completed');
    await staffOk('PUT', `/api/complain/${complaint}`, 'complaints@greenvalley.test', { action: 'submit', response: 'Fixed the pipe', confirmed: true });
    expect(await completed).toMatchObject({ complainStatus: 'completed', response: 'Fixed the pipe', completedAt: expect.any(String) });

    // B's own complaint: the first (and only) thing B hears is its own; A hears nothing of it.
    const bComplaint = await file(B, '/api/complain', { complain: 'B complaint' });
    const bHeard = rb.next('resident-complaint-updated', bComplaint);
    await staffOk('PUT', `/api/complain/${bComplaint}`, 'complaints@greenvalley.test', { action: 'proceed' });
    await bHeard;
    // C's, in Lake City, likewise: a socket hears its events in order, so C's first event being
    // its own shows none of A's or B's reached it.
    const cComplaint = await file(C, '/api/complain', { complain: 'C complaint' });
    const cHeard = rc.next('resident-complaint-updated', cComplaint);
    await staffOk('PUT', `/api/complain/${cComplaint}`, 'complaints@lakecity.test', { action: 'proceed' });
    await cHeard;
    expect(rb.heard.map((x) => (x.payload as { _id: number })._id)).toEqual([bComplaint]);
    expect(rc.heard.map((x) => (x.payload as { _id: number })._id)).toEqual([cComplaint]);
    expect(ra.heard.every((x) => (x.payload as { _id: number })._id === complaint)).toBe(true);
  });

  it('alarm: escalated, acknowledged by name and time, resolved — to the resident who pressed only', async () => {
    const [a, b] = [await openAs(A), await openAs(B)];
    const [ra, rb] = [recorder(a), recorder(b)];
    const alarm = await file(A, '/api/security', { securityComplain: 'Help' });

    const escalated = ra.next('resident-alarm-escalated', alarm);
    h.clock.advance(h.config.ESCALATE_AFTER_S * 1000 + 1);
    expect(await h.security.escalateDue(h.config.ESCALATE_AFTER_S)).toBeGreaterThanOrEqual(1);
    expect((await escalated).escalatedAt).toEqual(expect.any(String));

    const acked = ra.next('resident-alarm-acknowledged', alarm);
    const ack = await staffOk('POST', `/api/security/${alarm}/acknowledge`, GUARD);
    const staffSide = ack.json<{ acknowledgedBy: string; acknowledgedAt: string }>();
    expect(await acked).toEqual({ _id: alarm, acknowledgedBy: staffSide.acknowledgedBy, acknowledgedAt: staffSide.acknowledgedAt });
    expect(staffSide.acknowledgedBy.length).toBeGreaterThan(0);

    const proceeded = ra.next('resident-alarm-updated', alarm, (p) => p.stage === 'processing');
    await staffOk('PUT', `/api/security/${alarm}`, GUARD, { action: 'proceed', staffNote: 'Staff-only note' });
    expect(await proceeded).toMatchObject({ stage: 'processing', response: null });
    const resolved = ra.next('resident-alarm-updated', alarm, (p) => p.stage === 'completed');
    await staffOk('PUT', `/api/security/${alarm}`, GUARD, { action: 'submit', response: 'Guard visited', confirmed: true });
    expect(await resolved).toMatchObject({ stage: 'completed', response: 'Guard visited', completedAt: expect.any(String) });
    // The staff's own note is not in any event the resident heard.
    expect(JSON.stringify(ra.heard)).not.toContain('Staff-only note');
    expect(rb.heard).toEqual([]);
  });

  it('not-at-home guard, grocery order placed/updated/delivered, doctor link/ready/prescription, a new bill', async () => {
    const [a, b] = [await openAs(A), await openAs(B)];
    const [ra, rb] = [recorder(a), recorder(b)];

    const day = calendarDay(h.clock.now(), DEFAULT_TIME_ZONE);
    const away = await file(A, '/api/nothome', { from: day, to: day });
    const guarded = ra.next('resident-not-at-home-updated', away);
    await staffOk('PUT', `/api/nothome/update/${away}`, GUARD, { guardName: 'Aslam', guardPhone: '03001234567', guardEmail: 'aslam@example.com' });
    expect(await guarded).toEqual({ _id: away, state: 'active', guardName: 'Aslam', guardPhone: '03001234567', guardEmail: 'aslam@example.com' });

    const order = await file(A, '/api/grocery', { list: 'Eggs' });
    const line = { itemName: 'Eggs', quantity: 1, currency: 'dozen', price: 300 };
    const placed = ra.next('resident-order-updated', order, (p) => p.change === 'placed');
    await staffOk('POST', '/api/orders', 'grocery@greenvalley.test', { requestId: order, items: [line] });
    expect(await placed).toMatchObject({ stage: 'processing', items: [expect.objectContaining({ itemName: 'Eggs', total: 300 })] });
    const updated = ra.next('resident-order-updated', order, (p) => p.change === 'updated');
    await staffOk('PUT', `/api/orders/${order}`, 'grocery@greenvalley.test', { action: 'update', items: [{ ...line, quantity: 2 }] });
    expect((await updated).items[0]).toMatchObject({ quantity: 2, total: 600 });
    const delivered = ra.next('resident-order-updated', order, (p) => p.change === 'delivered');
    await staffOk('PUT', `/api/orders/${order}`, 'grocery@greenvalley.test', { action: 'deliver' });
    expect(await delivered).toMatchObject({ stage: 'completed', allTotal: expect.any(Number) });

    const visit = await file(A, '/api/doctor', { description: 'Cough' });
    const linked = ra.next('resident-consultation-updated', visit, (p) => p.change === 'link');
    await staffOk('PUT', `/api/doctor/${visit}/link`, 'doctor@greenvalley.test', { meetingId: 'socket-room' });
    expect(await linked).toMatchObject({ stage: 'processing', meetingUrl: expect.stringContaining('socket-room'), prescription: false });
    const ready = ra.next('resident-consultation-updated', visit, (p) => p.change === 'ready');
    await staffOk('POST', `/api/consultations/${visit}/ready`, 'doctor@greenvalley.test');
    expect((await ready).readyNotifiedAt).toEqual(expect.any(String));
    const prescribed = ra.next('resident-consultation-updated', visit, (p) => p.change === 'prescription');
    const rx = { disease: 'Cold', medicine: 'Secret medicine name', testNeeded: 'None', thingsToDo: 'Rest' };
    await staffOk('PUT', `/api/consultations/${visit}/prescription`, 'doctor@greenvalley.test', rx);
    expect(await prescribed).toMatchObject({ stage: 'completed', prescription: true });
    // The prescription's content is read through the audited route, never sent in an event.
    expect(JSON.stringify(ra.heard)).not.toContain('Secret medicine name');

    const billed = staffOk('POST', '/api/bills', 'billing@greenvalley.test', { residentId: await residentCode(A), units: 4, period: '2031-03' });
    const bill = (await billed).json<{ _id: number }>()._id;
    expect(await ra.next('resident-bill', bill)).toMatchObject({ period: '2031-03', units: 4, total: expect.any(Number) });
    expect(rb.heard).toEqual([]);
  });

  it("an SOS drill's practice alarm sends nothing to any resident room", async () => {
    const sent: string[] = [];
    const to = h.io.to.bind(h.io);
    // Every emit of the modules' listeners goes through io.to(rooms): record those to resident rooms.
    h.io.to = ((rooms: string | string[]) => {
      const op = to(rooms);
      const list = [rooms].flat();
      if (list.some((r) => r.startsWith('resident:'))) return { emit: (event: string) => void sent.push(event) } as unknown as ReturnType<typeof to>;
      return op;
    }) as typeof h.io.to;
    try {
      const started = await staffOk('POST', '/api/security/drills', GUARD);
      const drill = started.json<{ alarmId: number; _id: number }>();
      await staffOk('POST', `/api/security/${drill.alarmId}/acknowledge`, GUARD);
      h.clock.advance(h.config.ESCALATE_AFTER_S * 1000 + 1);
      await h.security.escalateDue(h.config.ESCALATE_AFTER_S);
      // A real resident's alarm in the same window is heard (the recorder works).
      const real = await file(B, '/api/security', { securityComplain: '' });
      await staffOk('POST', `/api/security/${real}/acknowledge`, GUARD);
      await waitFor(() => sent.includes('resident-alarm-acknowledged'), 'the real alarm acknowledged');
      expect(sent).toEqual(['resident-alarm-acknowledged']);
    } finally {
      h.io.to = to;
    }
  });

  it('a staff cookie socket is as before: its staff rooms, no resident room, staff events', async () => {
    const guard = await screens.open(GUARD);
    const rooms = await serverRooms(guard);
    expect(rooms.some((r) => r.startsWith('resident'))).toBe(false);
    expect(rooms.some((r) => r.endsWith(':security'))).toBe(true);
    const heard = new Promise<{ _id: number }>((resolve) => guard.once('receive-not-at-home', resolve));
    const day = calendarDay(h.clock.now(), DEFAULT_TIME_ZONE);
    const away = await file(B, '/api/nothome', { from: day, to: day });
    expect((await heard)._id).toBe(away);
    // A cookie and a token together: the token decides (a resident socket).
    const both = await openResident({ token: await bare(B) }, { cookie: await staff.cookie(GUARD) });
    expect((await serverRooms(both)).some((r) => r.endsWith(':security'))).toBe(false);
    expect((await serverRooms(both)).includes(`resident:${await residentRowId(B)}`)).toBe(true);
  });

  it('refuses a bad or expired token, and a foreign Origin', async () => {
    for (const auth of [{ token: 'nope' }, { token: '' }, { token: 42 }, { token: ['x'] }, { token: `Bearer ${await bare(A)}` }]) {
      await expect(openResident(auth), JSON.stringify(auth)).rejects.toThrow('unauthorized');
    }
    // No token and no cookie: refused as before.
    await expect(openResident({})).rejects.toThrow('unauthorized');
    await expect(openResident({ token: await bare(A) }, { origin: 'http://evil.example' })).rejects.toThrow('origin not allowed');
    expect((await openResident({ token: await bare(A) }, { origin: new URL(screens.url()).origin })).connected).toBe(true);

    // A token that expires 300 ms after now on the app's clock: connected, then ended at expiry.
    const { token: short, hash } = newToken();
    await h.database.db
      .insert(residentSessions)
      .values({ tokenHash: hash, residentId: await residentRowId(A), expiresAt: new Date(h.clock.now().getTime() + 300) });
    const s = await openResident({ token: short });
    expect(await disconnected(s)).toBe('io server disconnect');
    h.clock.advance(301);
    await expect(openResident({ token: short })).rejects.toThrow('unauthorized');
  }, 10_000);

  it('sign-out ends that token’s socket at once; the other device of the resident stays', async () => {
    const authorization = await h.residentAuth(A); // a second device: its own token
    const device = await openResident({ token: authorization.replace(/^Bearer /, '') });
    const other = await openAs(A);
    const id = device.id!;
    const gone = disconnected(device);
    expect((await h.app.inject({ method: 'POST', url: '/api/resident/logout', headers: { authorization } })).statusCode).toBe(204);
    // The server's own disconnect is the proof: the app clock stands still, so no expiry ended it.
    expect(await gone).toBe('io server disconnect');
    expect((await h.io.fetchSockets()).some((x) => x.id === id)).toBe(false);
    expect(other.connected).toBe(true);
    await expect(openResident({ token: authorization.replace(/^Bearer /, '') })).rejects.toThrow('unauthorized');
  }, 10_000);

  it('a sign-out landing between the handshake’s token read and its join still ends the socket', async () => {
    const authorization = await h.residentAuth(B);
    const raced = hashToken(authorization.replace(/^Bearer /, ''));
    // A middleware after the token check: the sign-out is announced there, after the read.
    h.io.use((socket, next) => {
      if (socket.data.kind === 'resident' && socket.data.tokenHash === raced) h.bus.emit('resident.session-ended', { tokenHash: raced });
      next();
    });
    const s = connect(screens.url(), { transports: ['websocket'], auth: { token: authorization.replace(/^Bearer /, '') }, reconnection: false });
    sockets.push(s);
    expect(await disconnected(s)).toBe('io server disconnect');
    expect((await h.io.fetchSockets()).some((x) => x.data.kind === 'resident' && x.data.tokenHash === raced)).toBe(false);
  }, 10_000);

  it('blocking the resident ends every socket of theirs at once; a new one is refused', async () => {
    const [one, two] = [await openAs(D), await openResident({ token: (await h.residentAuth(D)).replace(/^Bearer /, '') })];
    const bystander = await openAs(B);
    const gone = [disconnected(one), disconnected(two)];
    await staffOk('PUT', `/api/residents/${await residentRowId(D)}/status`, 'status@greenvalley.test', { status: 'Block' });
    expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(bystander.connected).toBe(true);
    await expect(openAs(D)).rejects.toThrow('unauthorized');
  }, 10_000);
});
