import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deskRequests, groceryOrderLines, groceryOrders } from '../../src/server/db/schema.js';
import type { Order, ResidentOrder } from '../../src/shared/contracts/grocery.js';
import { MSG } from '../../src/shared/messages.js';
import { useHarness } from './harness.js';
import { orderLine } from '../support/factories.js';
import { fileGrocery } from '../support/clients/grocery.js';
import { staffRequest } from '../support/clients/sessions.js';
import { nextEvent, staffScreens } from '../support/staff-socket.js';
import { postComplaint } from '../support/clients/complaints.js';

/** Grocery: who may see what, concurrent writes, live events. */
describe('grocery access, concurrency and live events', () => {
  const h = useHarness();
  const GV = 'grocery@greenvalley.test';
  const items = [orderLine()];
  const staff = staffRequest(h);
  const file = (phone: string, list: string) => fileGrocery(h, phone, list);
  const place = async (id: number) => {
    const res = await staff('POST', '/api/orders', await h.staffCookie(GV), { requestId: id, items });
    expect(res.statusCode).toBe(201);
    return res.json<Order>();
  };
  const lines = (id: number) =>
    h.database.db
      .select({ itemName: groceryOrderLines.itemName })
      .from(groceryOrderLines)
      .where(eq(groceryOrderLines.requestId, id))
      .orderBy(asc(groceryOrderLines.position));

  const { open } = staffScreens(h);
  const next = nextEvent;

  it('isolates societies: Lake City grocery staff get 404 for a Green Valley request and order', async () => {
    const req = await file('03000000002', 'Green Valley only: basmati');
    const lc = await h.staffCookie('grocery@lakecity.test');
    const listed = (await staff('GET', `/api/grocery?q=${encodeURIComponent('Green Valley only')}`, lc)).json<{ total: number }>();
    expect(listed.total).toBe(0);
    expect((await staff('GET', `/api/grocery/${req._id}`, lc)).statusCode).toBe(404);
    expect((await staff('POST', '/api/orders', lc, { requestId: req._id, items })).statusCode).toBe(404);
    await place(req._id);
    expect((await staff('GET', `/api/orders/${req._id}`, lc)).statusCode).toBe(404);
    expect((await staff('PUT', `/api/orders/${req._id}`, lc, { action: 'update', items })).statusCode).toBe(404);
    expect((await staff('PUT', `/api/orders/${req._id}`, lc, { action: 'deliver' })).statusCode).toBe(404);
    const lcOrders = (await staff('GET', '/api/orders?stage=open', lc)).json<{ items: Order[] }>();
    expect(lcOrders.items.some((o) => o._id === req._id)).toBe(false);
    const [row] = await h.database.db.select().from(groceryOrders).where(eq(groceryOrders.requestId, req._id));
    expect(row!.updatedAt).toBeNull();
  });

  it('gives 403 on every grocery route to other sub-roles, 401 without a session', async () => {
    const routes: [method: 'GET' | 'POST' | 'PUT', url: string, body?: object][] = [
      ['GET', '/api/grocery'],
      ['GET', '/api/grocery/1'],
      ['POST', '/api/orders', { requestId: 1, items }],
      ['GET', '/api/orders?stage=open'],
      ['GET', '/api/orders/1'],
      ['PUT', '/api/orders/1', { action: 'deliver' }],
    ];
    for (const handle of ['complaints', 'security', 'doctor', 'billing', 'super-admin']) {
      const cookie = await h.staffCookie(`${handle}@greenvalley.test`);
      for (const [method, path, body] of routes) {
        const res = await staff(method, path, cookie, body);
        expect(res.statusCode, `${handle} ${method} ${path}`).toBe(403);
        expect(res.json().message).toBe(MSG.notAvailable);
      }
    }
    for (const [method, path, body] of routes) expect((await h.app.inject({ method, url: path, ...(body ? { payload: body } : {}) })).statusCode).toBe(401);
    const cookie = await h.staffCookie(GV);
    expect((await h.app.inject({ method: 'POST', url: '/api/grocery', headers: { cookie }, payload: { list: 'x' } })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'GET', url: '/api/resident/orders', headers: { cookie } })).statusCode).toBe(401);
  });

  it('shows a resident only their own requests, newest first, with the order once placed', async () => {
    const mine = async (phone: string) => {
      const res = await h.app.inject({ method: 'GET', url: '/api/resident/orders', headers: { authorization: await h.residentAuth(phone) } });
      expect(res.statusCode).toBe(200);
      return res.json<{ items: ResidentOrder[]; total: number }>();
    };
    /** The owners (resident id, desk, society) of these request ids, from the database. */
    const owners = async (ids: number[]) => {
      const rows = await h.database.db
        .select({ residentId: deskRequests.residentId, desk: deskRequests.desk })
        .from(deskRequests)
        .where(inArray(deskRequests.id, ids));
      return new Set(rows.map((r) => `${r.residentId}:${r.desk}`));
    };
    const before = await mine('03000000003');
    const first = await file('03000000003', 'Mine: sugar');
    const second = await file('03000000003', 'Mine: tea');
    const neighbour = await file('03000000004', 'A neighbour’s list');
    const lakeCity = await file('03100000003', 'Lake City list');
    await place(first._id);
    const body = await mine('03000000003');
    expect(body.total).toBe(before.total + 2);
    expect(body.items.slice(0, 2).map((r) => [r._id, r.list, r.stage])).toEqual([
      [second._id, 'Mine: tea', 'new'],
      [first._id, 'Mine: sugar', 'processing'],
    ]);
    expect(body.items[0]!.order).toBeNull();
    expect(body.items[1]!.order).toMatchObject({ _id: first._id, allTotal: 570, Status: 'Processing' });
    const ids = body.items.map((r) => r._id);
    expect(ids).not.toContain(neighbour._id);
    expect(ids).not.toContain(lakeCity._id);
    const [own] = await h.database.db.select({ residentId: deskRequests.residentId }).from(deskRequests).where(eq(deskRequests.id, first._id));
    expect(await owners(ids)).toEqual(new Set([`${own!.residentId}:grocery`]));
    const lc = await mine('03100000003');
    expect(lc.items[0]!._id).toBe(lakeCity._id);
    expect(lc.items.map((r) => r._id)).not.toContain(first._id);
  });

  it('places exactly one order when two arrive at once', async () => {
    const req = await file('03000000005', 'Race: flour');
    const cookie = await h.staffCookie(GV);
    const both = await Promise.all([0, 1].map(() => staff('POST', '/api/orders', cookie, { requestId: req._id, items })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await lines(req._id)).toEqual([{ itemName: 'Milk' }]);
  });

  it('an update racing a delivery either lands before it or is refused: a delivered order never changes', async () => {
    const req = await file('03000000006', 'Race: butter');
    await place(req._id);
    const cookie = await h.staffCookie(GV);
    const [update, deliver] = await Promise.all([
      staff('PUT', `/api/orders/${req._id}`, cookie, { action: 'update', items: [{ itemName: 'Butter', quantity: 1, currency: 'packet', price: 400 }] }),
      staff('PUT', `/api/orders/${req._id}`, cookie, { action: 'deliver' }),
    ]);
    expect(deliver.statusCode).toBe(200);
    expect([200, 409]).toContain(update.statusCode);
    const detail = (await staff('GET', `/api/orders/${req._id}`, cookie)).json();
    expect(detail.Status).toBe('Delivered');
    const actions = detail.history.map((e: { action: string }) => e.action);
    if (update.statusCode === 200) {
      expect(actions).toEqual(['create', 'proceed', 'update', 'submit']);
      expect(await lines(req._id)).toEqual([{ itemName: 'Butter' }]);
    } else {
      expect(actions).toEqual(['create', 'proceed', 'submit']);
      expect(await lines(req._id)).toEqual([{ itemName: 'Milk' }]);
    }
  });

  it("announces requests and orders live to that society's grocery staff only", async () => {
    const gv = await open(GV);
    const lc = await open('grocery@lakecity.test');
    const complaints = await open('complaints@greenvalley.test');
    // Every event the other two sockets hear, in order.
    const heard = { lc: [] as string[], complaints: [] as string[] };
    lc.onAny((event: string) => heard.lc.push(event));
    complaints.onAny((event: string) => heard.complaints.push(event));
    const complaintsFirst = next(complaints, 'receive-complain');
    const lcFirst = next(lc, 'receive-grocery');

    const arrived = next(gv, 'receive-grocery');
    const req = await file('03000000007', 'Live: bread');
    expect(await arrived).toMatchObject({ _id: req._id, edit: false, list: 'Live: bread' });

    const moved = next(gv, 'grocery-updated');
    const ordered = next(gv, 'order-updated');
    await place(req._id);
    expect(await moved).toMatchObject({ _id: req._id, edit: true });
    expect(await ordered).toMatchObject({ _id: req._id, Status: 'Processing', allTotal: 570 });

    const updated = next(gv, 'order-updated');
    await staff('PUT', `/api/orders/${req._id}`, await h.staffCookie(GV), {
      action: 'update',
      items: [{ itemName: 'Bread', quantity: 1, currency: 'packet', price: 180 }],
    });
    expect(await updated).toMatchObject({ _id: req._id, allTotal: 330, items: [{ itemName: 'Bread' }] });
    const delivered = next(gv, 'order-updated');
    await staff('PUT', `/api/orders/${req._id}`, await h.staffCookie(GV), { action: 'deliver' });
    expect(await delivered).toMatchObject({ _id: req._id, Status: 'Delivered', update: true });

    // Events reach a socket in the order they were sent: when each socket's own event arrives, any
    // Green Valley grocery event sent to it earlier would already be in its list.
    const lcReq = await file('03100000007', 'Live: Lake City');
    expect((await lcFirst)._id).toBe(lcReq._id);
    expect(heard.lc).toEqual(['receive-grocery']);
    const authorization = await h.residentAuth('03000000007');
    const c = await postComplaint(h.app, authorization, { complain: 'Live: a complaint' });
    expect((await complaintsFirst)._id).toBe(c.json<{ _id: number }>()._id);
    expect(heard.complaints).toEqual(['receive-complain']);
  });
});
