/**
 * The resident API's items by id (what a push opens, `GET /api/resident/<kind>/:id`),
 * mark-all-read, and the discounts' category filter. Each item by id is the list's item exactly;
 * a resident's own request is 404 to another resident of the society and to another society's
 * (never 403); the society's content (feed, discounts, plots, announcements) is 404 to another
 * society's residents; a bad id is a 400 naming `id`.
 * Residents: A and B of Green Valley, C of Lake City (phones no other test of this file files for).
 */
import { describe, expect, it } from 'vitest';
import type { ListResponse } from '../../src/shared/contracts/common.js';
import { calendarDay } from '../../src/shared/calendar.js';
import { DEFAULT_TIME_ZONE } from '../../src/shared/constants.js';
import { useHarness } from './harness.js';
import { GV, LC, addMedia, addMediaN, discountBody, plotBody, staffEmail } from './posts-support.js';
import { residentTokens, signedInStaff } from '../support/clients/sessions.js';
import { writeMarker } from '../support/write-marker.js';

const A = '03000000004';
const B = '03000000005';
const C = '03100000004';

type Item = { _id: number } & Record<string, unknown>;

describe('resident API: items by id, mark-all-read, discounts by category', () => {
  const h = useHarness();
  const token = residentTokens(h);
  const staff = signedInStaff(h);
  const as = async (phone: string, method: 'GET' | 'PUT', url: string) => h.app.inject({ method, url, headers: { authorization: await token(phone) } });
  const created = (res: { statusCode: number; body: string; json<T>(): T }) => {
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ _id: number }>()._id;
  };
  const ok = <T>(res: { statusCode: number; body: string; json<T>(): T }): T => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  /** The item `id` as the first page of the resident's list `path` holds it. */
  const listed = async (phone: string, path: string, id: number): Promise<Item> => {
    const page = ok<ListResponse<Item>>(await as(phone, 'GET', path));
    const item = page.items.find((i) => i._id === id);
    expect(item, `${path} lists ${id}`).toBeDefined();
    return item!;
  };
  const residentCode = async (phone: string) => ok<{ residentId: string }>(await as(phone, 'GET', '/api/resident/me')).residentId;

  /** One item of each kind a push can point at, A's own (or A's society's). */
  async function itemsOfA() {
    const auth = { authorization: await token(A) };
    const post = (url: string, payload: object) => h.app.inject({ method: 'POST', url, headers: auth, payload });
    const complaint = created(await post('/api/complain', { complain: 'By-id complaint' }));
    const alarm = created(await post('/api/security', { securityComplain: 'By-id SOS' }));
    ok(await staff.send('POST', `/api/security/${alarm}/acknowledge`, staffEmail('security')));
    const day = calendarDay(h.clock.now(), DEFAULT_TIME_ZONE);
    const nothome = created(await post('/api/nothome', { from: day, to: day }));
    const order = created(await post('/api/grocery', { list: 'Milk' }));
    const line = { itemName: 'Milk', quantity: 2, currency: 'liter', price: 150 };
    expect((await staff.send('POST', '/api/orders', staffEmail('grocery'), { requestId: order, items: [line] })).statusCode).toBe(201);
    const consultation = created(await post('/api/doctor', { description: 'Fever' }));
    ok(await staff.send('PUT', `/api/doctor/${consultation}/link`, staffEmail('doctor'), { meetingId: 'by-id-room' }));
    const bill = created(await staff.send('POST', '/api/bills', staffEmail('billing'), { residentId: await residentCode(A), units: 3, period: '2031-01' }));
    const sent = await staff.send('POST', '/api/notifications/send', staffEmail('notification'), {
      title: 'Water',
      body: 'Off at noon',
      residentId: await residentCode(A),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const message = sent.json<{ campaignId: number }>().campaignId;
    const feed = created(await staff.send('POST', '/api/feed', staffEmail('cms'), { description: 'By-id post', youtubeLink: 'https://youtu.be/dQw4w9WgXcQ' }));
    const discount = created(await staff.send('POST', '/api/discounts', staffEmail('discounts'), discountBody(await addMedia(h, GV), await addMedia(h, GV))));
    const plot = created(await staff.send('POST', '/api/plots', staffEmail('plots'), plotBody(await addMediaN(h, GV, 1))));
    const announcement = created(await staff.send('POST', '/api/announcement', staffEmail('announcements'), { title: 'By id', description: 'Gate closed' }));
    return {
      own: { complaints: complaint, alarms: alarm, nothome, orders: order, consultations: consultation, bills: bill },
      society: { feed, discounts: discount, plots: plot, announcements: announcement },
      message,
    };
  }

  it("opens each kind by id as its list shows it; another resident's or another society's is 404, a bad id 400 naming `id`", async () => {
    const { own, society, message } = await itemsOfA();
    for (const phone of [B, C]) await token(phone); // signed in (a write) before the marker
    await h.outbox.poke(); // the pushes queued above are sent (a write) before the marker
    const marker = await writeMarker(h.database);
    const before = await marker();
    for (const [kind, id] of Object.entries({ ...own, ...society })) {
      const path = `/api/resident/${kind}`;
      const one = ok<Item>(await as(A, 'GET', `${path}/${id}`));
      expect(one, kind).toEqual(await listed(A, path, id));
      // Another society's resident never sees it, whatever the kind.
      const foreign = await as(C, 'GET', `${path}/${id}`);
      expect([kind, foreign.statusCode]).toEqual([kind, 404]);
      // A resident's own request is not even another resident of the society's to see.
      const neighbour = await as(B, 'GET', `${path}/${id}`);
      expect([kind, neighbour.statusCode]).toEqual([kind, kind in own ? 404 : 200]);
      for (const bad of ['abc', '0', '-1', '1.5', '2147483648']) {
        const res = await as(A, 'GET', `${path}/${bad}`);
        expect([kind, bad, res.statusCode, res.json<{ field?: string }>().field]).toEqual([kind, bad, 400, 'id']);
      }
      expect((await as(A, 'GET', `${path}/2147483647`)).statusCode, kind).toBe(404);
    }
    // The alarm by id is the resident's view: who acknowledged, never the staff's note.
    const alarm = ok<Item>(await as(A, 'GET', `/api/resident/alarms/${own.alarms}`));
    expect(alarm).toMatchObject({ acknowledgedBy: expect.any(String), acknowledgedAt: expect.any(String) });
    expect(alarm).not.toHaveProperty('staffNote');
    // The order carries its lines and total; the consultation its meeting link.
    expect(ok<Item>(await as(A, 'GET', `/api/resident/orders/${own.orders}`))).toMatchObject({ stage: 'processing', order: { allTotal: expect.any(Number) } });
    expect(ok<Item>(await as(A, 'GET', `/api/resident/consultations/${own.consultations}`))).toMatchObject({
      meeting: { meetingUrl: expect.stringContaining('by-id-room') },
      prescription: null,
    });

    // A push of type 'message' opens the resident's in-app record of that campaign.
    const record = ok<Item>(await as(A, 'GET', `/api/resident/messages/${message}`));
    expect(record).toMatchObject({ title: 'Water', description: 'Off at noon', refEntity: 'notification_campaign', refId: message });
    expect((await as(B, 'GET', `/api/resident/messages/${message}`)).statusCode).toBe(404);
    expect((await as(C, 'GET', `/api/resident/messages/${message}`)).statusCode).toBe(404);
    // Reading by id writes nothing (the consultation without a prescription audits no read).
    expect(await marker()).toBe(before);
  });

  it('the OpenAPI document lists every route of this issue, under the resident bearer token', () => {
    const doc = h.app.swagger() as { paths: Record<string, Record<string, { security?: Record<string, unknown>[]; tags?: string[] }>> };
    const kinds = ['complaints', 'alarms', 'nothome', 'orders', 'consultations', 'bills', 'feed', 'discounts', 'plots', 'announcements', 'messages'];
    const routes: [string, string][] = [
      ['put', '/api/resident/notifications/read-all'],
      ...kinds.map((k): [string, string] => ['get', `/api/resident/${k}/{id}`]),
    ];
    for (const [method, path] of routes) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op!.security, path).toEqual([{ resident: [] }]);
    }
    const discounts = doc.paths['/api/resident/discounts']!.get as { parameters?: { name: string; in: string }[] };
    expect(discounts.parameters?.some((p) => p.name === 'category' && p.in === 'query')).toBe(true);
  });

  it('a prescription read by id is audited as the list read is', async () => {
    const auth = { authorization: await token(A) };
    const id = created(await h.app.inject({ method: 'POST', url: '/api/doctor', headers: auth, payload: {} }));
    ok(await staff.send('PUT', `/api/doctor/${id}/link`, staffEmail('doctor'), { meetingId: 'rx-room' }));
    const rx = { disease: 'Flu', medicine: 'Rest', testNeeded: 'None', thingsToDo: 'Water' };
    ok(await staff.send('PUT', `/api/consultations/${id}/prescription`, staffEmail('doctor'), rx));
    const reads = async () => {
      const res = await staff.send('GET', `/api/doctor/${id}`, staffEmail('doctor'));
      return ok<{ history: { action: string }[] }>(res).history.filter((e) => e.action === 'read prescription').length;
    };
    const before = await reads();
    const one = ok<Item>(await as(A, 'GET', `/api/resident/consultations/${id}`));
    expect(one).toMatchObject({ stage: 'completed', prescription: { disease: 'Flu' } });
    expect(await reads()).toBe(before + 1);
  });

  it("marks all of the resident's records read and answers how many; another resident's stay unread", async () => {
    for (const [phone, n] of [
      [A, 2],
      [B, 1],
    ] as const) {
      for (let i = 0; i < n; i++) {
        const sent = await staff.send('POST', '/api/notifications/send', staffEmail('notification'), {
          title: `Note ${i}`,
          body: 'Read me',
          residentId: await residentCode(phone),
        });
        expect(sent.statusCode, sent.body).toBe(201);
      }
    }
    const unread = async (phone: string) => ok<{ unread: number }>(await as(phone, 'GET', '/api/resident/notifications')).unread;
    const aUnread = await unread(A);
    const bUnread = await unread(B);
    expect(aUnread).toBeGreaterThanOrEqual(2);
    expect(ok(await as(A, 'PUT', '/api/resident/notifications/read-all'))).toEqual({ marked: aUnread });
    expect(await unread(A)).toBe(0);
    expect(await unread(B)).toBe(bUnread);
    const page = ok<ListResponse<{ isRead: boolean }>>(await as(A, 'GET', '/api/resident/notifications'));
    expect(page.items.every((n) => n.isRead)).toBe(true);
    // Again: nothing left to mark.
    expect(ok(await as(A, 'PUT', '/api/resident/notifications/read-all'))).toEqual({ marked: 0 });
    // Without a token: 401, nothing marked.
    expect((await h.app.inject({ method: 'PUT', url: '/api/resident/notifications/read-all' })).statusCode).toBe(401);
    expect(await unread(B)).toBe(bUnread);
  });

  it('filters the discounts by category; an unknown category is a 400 naming `category`', async () => {
    const make = async (society: 'gv' | 'lc', category: string) =>
      created(
        await staff.send(
          'POST',
          '/api/discounts',
          staffEmail('discounts', society),
          discountBody(await addMedia(h, society === 'gv' ? GV : LC), await addMedia(h, society === 'gv' ? GV : LC), { category }),
        ),
      );
    const health = await make('gv', 'Health');
    const lifestyle = await make('gv', 'Life Style');
    const lcHealth = await make('lc', 'Health');
    const ids = async (qs: string) => ok<ListResponse<Item>>(await as(A, 'GET', `/api/resident/discounts${qs}`)).items.map((d) => d._id);
    const healthOnly = await ids('?category=Health');
    expect(healthOnly).toContain(health);
    expect(healthOnly).not.toContain(lifestyle);
    expect(healthOnly).not.toContain(lcHealth);
    const healthPage = ok<ListResponse<Item>>(await as(A, 'GET', '/api/resident/discounts?category=Health'));
    expect(healthPage.items.every((d) => d.category === 'Health')).toBe(true);
    expect(healthPage.total).toBe(healthPage.items.length);
    expect(await ids('?category=Life%20Style')).toEqual([lifestyle]);
    expect(await ids('?category=Education')).toEqual([]);
    const all = await ids('');
    expect(all).toEqual(expect.arrayContaining([health, lifestyle]));
    for (const bad of ['health', 'LifeStyle', '', 'Health&category=Food']) {
      const res = await as(A, 'GET', `/api/resident/discounts?category=${bad}`);
      expect([bad, res.statusCode, res.json<{ field?: string }>().field]).toEqual([bad, 400, 'category']);
    }
    const res = await as(A, 'GET', '/api/resident/discounts?category=Sports');
    expect(res.json<{ message: string }>().message).toBe('Category must be one of: Health, Fitness, Education, Food, Life Style.');
  });
});
