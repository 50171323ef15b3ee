import { and, asc, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, deskRequests, groceryOrderLines, groceryOrders, notifications, outbox } from '../../src/server/db/schema.js';
import type { GroceryRequest, Order } from '../../src/shared/contracts/grocery.js';
import { IN_APP, MSG, PUSH } from '../../src/shared/messages.js';
import { useHarness } from './harness.js';
import { fileGrocery } from '../support/clients/grocery.js';
import { staffRequest } from '../support/clients/sessions.js';

/** The grocery desk end to end: request → order → update → delivery, money exact. */
describe('grocery desk', () => {
  const h = useHarness();
  const GV = 'grocery@greenvalley.test';
  const staff = staffRequest(h);
  const file = (phone: string, list: string) => fileGrocery(h, phone, list);
  const items = [
    { itemName: 'Eggs', quantity: 3, currency: 'dozen', price: 0.1, total: 999 },
    { itemName: 'Rice', quantity: 2.5, currency: 'Kilogram', price: 120.4 },
  ];
  /** What one request has written: order rows, lines (in position order), in-app records, audit rows, outbox rows. */
  const written = async (id: number) => {
    const db = h.database.db;
    const orders = await db.select().from(groceryOrders).where(eq(groceryOrders.requestId, id));
    const lines = await db.select().from(groceryOrderLines).where(eq(groceryOrderLines.requestId, id)).orderBy(asc(groceryOrderLines.position));
    const inApp = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.refEntity, 'grocery'), eq(notifications.refId, id)));
    const [a] = await db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'grocery'), eq(auditLog.entityId, id)));
    const [o] = await db.select({ n: count() }).from(outbox);
    const [row] = await db.select({ stage: deskRequests.stage }).from(deskRequests).where(eq(deskRequests.id, id));
    return { orders, lines, inApp: inApp.map((n) => n.description), audit: Number(a!.n), outbox: Number(o!.n), stage: row?.stage };
  };
  const pushTitles = async (id: number) => {
    await h.outbox.poke();
    return h.pushes.filter((p) => p.data?.documentId === String(id)).map((p) => p.title);
  };

  it('turns a request into an order, updates and delivers it, with exact money, records and pushes', async () => {
    const cookie = await h.staffCookie(GV);
    const req = await file('03000000002', 'Eggs and rice for the week, ring twice');
    expect(req).toMatchObject({ list: 'Eggs and rice for the week, ring twice', edit: false, stage: 'new', societyName: 'Green Valley' });

    const listed = (await staff('GET', `/api/grocery?q=${encodeURIComponent('ring twice')}`, cookie)).json<{ items: GroceryRequest[]; total: number }>();
    expect(listed.items.map((r) => r._id)).toEqual([req._id]);
    expect((await staff('GET', '/api/grocery', cookie)).json<{ items: GroceryRequest[] }>().items[0]!._id).toBe(req._id);

    const placed = await staff('POST', '/api/orders', cookie, { requestId: req._id, items, allTotal: 1 });
    expect(placed.statusCode).toBe(201);
    const order = placed.json<Order>();
    expect(order.items).toEqual([
      { itemName: 'Eggs', quantity: 3, currency: 'dozen', price: 0.1, total: 0.3 },
      { itemName: 'Rice', quantity: 2.5, currency: 'Kilogram', price: 120.4, total: 301 },
    ]);
    expect(order).toMatchObject({
      _id: req._id,
      deliveryCharge: 150,
      allTotal: 451.3,
      Status: 'Processing',
      update: false,
      updatedAt: null,
      deliveredAt: null,
    });
    expect(order.customerName).toBe(req.resident.name);
    expect(order.customerPhone).toBe('03000000002');
    let w = await written(req._id);
    expect(w.stage).toBe('processing');
    expect(w.lines.map((l) => [l.position, l.total])).toEqual([
      [0, '0.30'],
      [1, '301.00'],
    ]);
    expect(w.orders[0]!.allTotal).toBe('451.30');
    expect(w.inApp).toEqual([IN_APP.orderPlaced.description]);

    expect((await staff('GET', '/api/grocery', cookie)).json<{ items: GroceryRequest[] }>().items.some((r) => r._id === req._id)).toBe(false);
    expect((await staff('GET', `/api/grocery/${req._id}`, cookie)).json()).toMatchObject({ edit: true, stage: 'processing' });
    const open = (await staff('GET', '/api/orders?stage=open', cookie)).json<{ items: Order[] }>();
    expect(open.items[0]!._id).toBe(req._id);

    const second = await staff('POST', '/api/orders', cookie, { requestId: req._id, items });
    expect(second.statusCode).toBe(409);
    expect((await written(req._id)).lines.length).toBe(2);

    // Edit: Eggs deleted, Rice 2.5 → 3 kg, Oil added.
    const edited = [
      { itemName: 'Rice', quantity: 3, currency: 'Kilogram', price: 120.4 },
      { itemName: 'Oil', quantity: 1, currency: 'liter', price: 550.75, total: 0 },
    ];
    h.clock.advance(60_000);
    const updated = await staff('PUT', `/api/orders/${req._id}`, cookie, { action: 'update', items: edited });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<Order>().items.map((l) => [l.itemName, l.quantity, l.total])).toEqual([
      ['Rice', 3, 361.2],
      ['Oil', 1, 550.75],
    ]);
    expect(updated.json()).toMatchObject({ allTotal: 1061.95, Status: 'Processing', update: false });
    expect(updated.json<Order>().updatedAt).toBe(h.clock.now().toISOString());
    w = await written(req._id);
    expect(w.lines.map((l) => [l.position, l.itemName])).toEqual([
      [0, 'Rice'],
      [1, 'Oil'],
    ]);
    expect(w.inApp).toEqual([IN_APP.orderPlaced.description, IN_APP.orderUpdated.description]);
    expect(await pushTitles(req._id)).toEqual([PUSH.orderUpdated.title]);

    const delivered = await staff('PUT', `/api/orders/${req._id}`, cookie, { action: 'deliver' });
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toMatchObject({ Status: 'Delivered', update: true, allTotal: 1061.95 });
    expect(delivered.json<Order>().deliveredAt).not.toBeNull();
    expect(await pushTitles(req._id)).toEqual([PUSH.orderUpdated.title, PUSH.orderCompleted.title]);
    const done = (await staff('GET', '/api/orders?stage=delivered', cookie)).json<{ items: Order[] }>();
    expect(done.items[0]!._id).toBe(req._id);
    expect((await staff('GET', '/api/orders?stage=open', cookie)).json<{ items: Order[] }>().items.some((o) => o._id === req._id)).toBe(false);

    const before = await written(req._id);
    const late = await staff('PUT', `/api/orders/${req._id}`, cookie, { action: 'update', items: edited.slice(0, 1) });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(MSG.orderDelivered);
    expect((await staff('PUT', `/api/orders/${req._id}`, cookie, { action: 'deliver' })).statusCode).toBe(409);
    expect(await written(req._id)).toEqual(before);

    const detail = (await staff('GET', `/api/orders/${req._id}`, cookie)).json();
    expect(detail.history.map((e: { action: string }) => e.action)).toEqual(['create', 'proceed', 'update', 'submit']);
    expect(detail.items).toHaveLength(2);
  });

  it('delivers with the lines sent, replacing the old ones; reads a request without an order as 404', async () => {
    const cookie = await h.staffCookie(GV);
    const req = await file('03000000003', '');
    expect(req.list).toBe('');
    expect((await staff('GET', `/api/orders/${req._id}`, cookie)).statusCode).toBe(404);
    expect((await staff('PUT', `/api/orders/${req._id}`, cookie, { action: 'update', items })).statusCode).toBe(409);
    expect((await staff('PUT', `/api/orders/${req._id}`, cookie, { action: 'deliver' })).statusCode).toBe(409);
    expect((await staff('POST', '/api/orders', cookie, { requestId: req._id, items })).statusCode).toBe(201);
    const res = await staff('PUT', `/api/orders/${req._id}`, cookie, {
      action: 'deliver',
      items: [{ itemName: 'Bread', quantity: 2, currency: 'packet', price: 180 }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Status: 'Delivered', allTotal: 510, items: [{ itemName: 'Bread', total: 360 }] });
    expect((await written(req._id)).lines.map((l) => l.itemName)).toEqual(['Bread']);
  });

  it('files a request without a body (the app may only press a button)', async () => {
    const authorization = await h.residentAuth('03000000004');
    const res = await h.app.inject({ method: 'POST', url: '/api/grocery', headers: { authorization } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ list: '', edit: false });
  });

  it.each([
    [{ items: [{ ...items[0], quantity: -1 }] }, 'items.0.quantity'],
    [{ items: [items[1], { ...items[0], price: '12' }] }, 'items.1.price'],
    [{ items: [{ ...items[0], currency: 'tonne' }] }, 'items.0.currency'],
    [{ items: [{ ...items[0], price: 1.2345 }] }, 'items.0.price'],
    [{ items: [{ ...items[0], quantity: 0.0001 }] }, 'items.0.quantity'],
    [{ items: [{ ...items[0], itemName: ' ' }] }, 'items.0.itemName'],
    [{ items: [] }, 'items'],
    [{}, 'items'],
  ])('refuses a bad order %j with 400 naming %s, writing nothing', async (payload, field) => {
    const cookie = await h.staffCookie(GV);
    const req = await file('03000000005', 'Bad input check');
    const before = await written(req._id);
    const placed = await staff('POST', '/api/orders', cookie, { requestId: req._id, ...payload });
    expect(placed.statusCode).toBe(400);
    expect(placed.json().field).toBe(field);
    expect(await written(req._id)).toEqual(before);

    const ok = await staff('POST', '/api/orders', cookie, { requestId: req._id, items });
    expect(ok.statusCode).toBe(201);
    const open = await written(req._id);
    const update = await staff('PUT', `/api/orders/${req._id}`, cookie, { action: 'update', ...payload });
    expect(update.statusCode).toBe(400);
    expect(update.json().field).toBe(field);
    expect(await written(req._id)).toEqual(open);
  });

  it('refuses malformed ids, actions, list queries and a too long list with 400 naming the field', async () => {
    const cookie = await h.staffCookie(GV);
    expect((await staff('PUT', '/api/orders/abc', cookie, { action: 'deliver' })).json().field).toBe('id');
    expect((await staff('PUT', '/api/orders/1', cookie, { action: 'cancel' })).json().field).toBe('action');
    expect((await staff('POST', '/api/orders', cookie, { requestId: 'x', items })).json().field).toBe('requestId');
    expect((await staff('GET', '/api/orders?stage=archived', cookie)).json().field).toBe('stage');
    expect((await staff('GET', '/api/grocery?page=0', cookie)).json().field).toBe('page');
    const authorization = await h.residentAuth('03000000006');
    const long = await h.app.inject({ method: 'POST', url: '/api/grocery', headers: { authorization }, payload: { list: 'x'.repeat(2001) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().field).toBe('list');
    expect((await staff('POST', '/api/orders', cookie, { requestId: 999_999, items })).statusCode).toBe(404);
  });
});
