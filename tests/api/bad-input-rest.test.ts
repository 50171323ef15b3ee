import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { groceryOrderLines, groceryOrders } from '../../src/server/db/schema.js';
import { MAX_ORDER_TOTAL, MAX_PRICE, MAX_QUANTITY, type OrderLineInput } from '../../src/shared/contracts/grocery.js';
import { MSG } from '../../src/shared/messages.js';
import { useHarness } from './harness.js';
import { orderLine } from '../support/factories.js';
import { fileGrocery } from '../support/clients/grocery.js';
import { staffRequest } from '../support/clients/sessions.js';

/**
 * Bad input that answered 500 or was accepted when it should not be: money beyond the columns,
 * ids that are not plain decimal digits, bidirectional control characters in shown text.
 */
describe('bad input: money and ids', () => {
  const h = useHarness({ MEET_ALLOWED_HOSTS: 'meet.google.com' });
  const GV = 'grocery@greenvalley.test';
  const staff = staffRequest(h);
  const file = async (phone: string) => (await fileGrocery(h, phone, 'money limits'))._id;
  const written = async (id: number) => {
    const db = h.database.db;
    const orders = await db.select().from(groceryOrders).where(eq(groceryOrders.requestId, id));
    const lines = await db.select().from(groceryOrderLines).where(eq(groceryOrderLines.requestId, id)).orderBy(asc(groceryOrderLines.position));
    return { orders, lines };
  };
  const maxLine = orderLine({ itemName: 'Gold', quantity: MAX_QUANTITY, currency: 'pieces', price: MAX_PRICE });
  const lines = (n: number, extra: OrderLineInput[] = []) => [...Array.from({ length: n }, () => maxLine), ...extra];

  it('refuses an order of 100 lines at the largest quantity and price with 400 naming items, on place and on update, writing nothing', async () => {
    const cookie = await h.staffCookie(GV);
    const id = await file('03000000002');
    const before = await written(id);
    const placed = await staff('POST', '/api/orders', cookie, { requestId: id, items: lines(100) });
    expect(placed.statusCode, placed.body).toBe(400);
    expect(placed.json()).toMatchObject({ field: 'items', message: `The order total can be at most ${MAX_ORDER_TOTAL.toLocaleString('en-US')} rupees.` });
    expect(await written(id)).toEqual(before);

    expect((await staff('POST', '/api/orders', cookie, { requestId: id, items: lines(1) })).statusCode).toBe(201);
    const open = await written(id);
    for (const action of ['update', 'deliver'] as const) {
      const res = await staff('PUT', `/api/orders/${id}`, cookie, { action, items: lines(100) });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field).toBe('items');
    }
    expect(await written(id)).toEqual(open);
  });

  it('refuses a total beyond 2^53 paisa, which a JSON number could not carry to the paisa', async () => {
    const cookie = await h.staffCookie(GV);
    const id = await file('03000000003');
    // 91 × 10^12 + 150.01 rupees: fits numeric(16,2), but as a double the .01 becomes .015625.
    const res = await staff('POST', '/api/orders', cookie, {
      requestId: id,
      items: lines(91, [{ itemName: 'Salt', quantity: 1, currency: 'packet', price: 0.01 }]),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field).toBe('items');
    expect((await written(id)).orders).toEqual([]);
  });

  it('sends the largest allowed amounts exactly: the JSON text has the stored digits', async () => {
    const cookie = await h.staffCookie(GV);
    const id = await file('03000000004');
    // 9 × 999,999,999,000 + 0.07 + 150 = 8,999,999,991,150.07 (15 significant digits).
    const items = [
      ...Array.from({ length: 9 }, () => ({ ...maxLine, price: 9_999_999.99 })),
      { itemName: 'Salt', quantity: 1, currency: 'packet' as const, price: 0.07 },
    ];
    const res = await staff('POST', '/api/orders', cookie, { requestId: id, items });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.body).toContain('"allTotal":8999999991150.07');
    expect(res.body).toContain('"total":999999999000');
    expect((await written(id)).orders[0]!.allTotal).toBe('8999999991150.07');
    const read = await staff('GET', `/api/orders/${id}`, cookie);
    expect(read.body).toContain('"allTotal":8999999991150.07');
  });

  it.each([
    ['GET', '/api/grocery/0x10', 'id'],
    ['GET', '/api/grocery/1e2', 'id'],
    ['GET', '/api/grocery/%207%20', 'id'],
    ['GET', '/api/grocery/+7', 'id'],
    ['GET', '/api/grocery/7.0', 'id'],
    ['PUT', '/api/orders/0x10', 'id'],
    ['GET', '/api/grocery?page=1e2', 'page'],
    ['GET', '/api/grocery?page=0x2', 'page'],
    ['GET', '/api/grocery?after=0x10', 'after'],
    ['GET', '/api/grocery?before=1e2', 'before'],
    ['GET', '/api/resident/orders?page=1e1', 'page'],
  ] as const)('%s %s → 400 naming %s (not read as a number)', async (method, url, field) => {
    const cookie = await h.staffCookie(GV);
    const authorization = await h.residentAuth('03000000005');
    const res = await h.app.inject({ method, url, headers: { cookie, authorization }, ...(method === 'PUT' ? { payload: { action: 'deliver' } } : {}) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field).toBe(field);
  });

  it('reads ids and pages of other modules strictly too: alarms cursor, bill import, notification panel', async () => {
    const security = await h.staffCookie('security@greenvalley.test');
    const before = await staff('GET', '/api/security/alarms?before=0x10', security);
    expect(before.statusCode).toBe(400);
    expect(before.json().field).toBe('before');
    const billing = await h.staffCookie('billing@greenvalley.test');
    const commit = await staff('POST', '/api/bills/import/1e2/commit', billing);
    expect(commit.statusCode).toBe(400);
    expect(commit.json().field).toBe('importId');
    const panel = await h.staffCookie('notification@greenvalley.test');
    const page = await staff('GET', '/api/notifications/residents?page=1e1', panel);
    expect(page.statusCode).toBe(400);
    expect(page.json().field).toBe('page');
    // JSON bodies keep integers: a numeric string is not an id.
    const send = await staff('POST', '/api/notifications/send', panel, { residentId: '16', title: 'Hi', body: 'Hello' });
    expect(send.statusCode).toBe(400);
    expect(send.json().field).toBe('residentId');
    // Plain digits still work.
    expect((await staff('GET', '/api/grocery?page=2', await h.staffCookie(GV))).statusCode).toBe(200);
  });

  describe('bidirectional control characters', () => {
    const RLO = '\u202E';
    it.each([
      [
        'U+202E in an announcement title',
        'POST',
        '/api/announcement',
        'announcements@greenvalley.test',
        { title: `Invoice ${RLO}fdp.exe`, description: 'Read me' },
        'title',
      ],
      [
        'U+2066 in a grocery item name',
        'POST',
        '/api/orders',
        GV,
        { requestId: 1, items: [{ itemName: 'Rice\u2066', quantity: 1, currency: 'Kilogram', price: 1 }] },
        'items.0.itemName',
      ],
      ['U+202A in a panel title', 'POST', '/api/notifications/broadcast', 'notification@greenvalley.test', { title: '\u202Aoffer', body: 'x' }, 'title'],
    ] as const)('refuses %s with 400 naming the field', async (_what, method, url, email, payload, field) => {
      const cookie = await h.staffCookie(email);
      const res = await staff(method, url, cookie, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ field, message: MSG.textBidiControl });
    });

    it('refuses them in a resident registration name, and accepts Urdu text with its implicit marks', async () => {
      const registration = { societyName: 'Green Valley', phone: '03001234567', password: 'long-enough-1', house: '1', street: '2', block: 'A' };
      const bad = await h.app.inject({ method: 'POST', url: '/api/resident/register', payload: { ...registration, name: `Ali ${RLO}nimda` } });
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json()).toMatchObject({ field: 'name', message: MSG.textBidiControl });
      const urdu = await h.app.inject({ method: 'POST', url: '/api/resident/register', payload: { ...registration, name: 'علی احمد\u200F' } });
      expect(urdu.statusCode, urdu.body).toBe(201);
    });

    it('leaves passwords alone: a password is never shown, so it is checked as typed (401, not 400)', async () => {
      const res = await h.app.inject({ method: 'POST', url: '/api/society/login', payload: { email: GV, password: `x${RLO}y` } });
      expect(res.statusCode).toBe(401);
    });
  });

  it('a meeting link may point only at MEET_BASE_URL or MEET_ALLOWED_HOSTS: any other site is 400 naming meetingId, nothing written', async () => {
    const authorization = await h.residentAuth('03000000006');
    const filed = await h.app.inject({ method: 'POST', url: '/api/doctor', headers: { authorization }, payload: { description: 'Fever' } });
    expect(filed.statusCode).toBe(201);
    const id = filed.json<{ _id: number }>()._id;
    const cookie = await h.staffCookie('doctor@greenvalley.test');
    for (const meetingId of [
      'https://evil.test/meet',
      'https://meet.jit.si.evil.test/room',
      'https://meet.jit.si@evil.test/room',
      'http://meet.google.com/abc',
    ]) {
      const res = await staff('PUT', `/api/doctor/${id}/link`, cookie, { meetingId });
      expect(res.statusCode, meetingId).toBe(400);
      expect(res.json()).toMatchObject({ field: 'meetingId', message: MSG.meetingLinkHost });
      expect((await staff('GET', `/api/doctor/${id}`, cookie)).json()).toMatchObject({ stage: 'new', edit: false });
    }
    const ok = await staff('PUT', `/api/doctor/${id}/link`, cookie, { meetingId: 'https://meet.google.com/abc-defg-hij' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ meetingUrl: 'https://meet.google.com/abc-defg-hij' });
  });
});
