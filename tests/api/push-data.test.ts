/**
 * Every push carries `data: {type, id}` naming the item it is about, so the resident app opens it
 * from the resident API list of that type: a bill, a grocery order, a doctor consultation, a feed
 * post, a complaint and a notification-panel message. Pushes queued one by one (JS) and in bulk
 * (SQL, `pushPayloadSql`) have the same shape; FCM gets every value as text (fcm-transport.test.ts).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { residents } from '../../src/server/db/schema.js';
import type { ListResponse } from '../../src/shared/contracts/common.js';
import type { CampaignCreated } from '../../src/shared/contracts/notification-panel.js';
import type { PushItemType } from '../../src/shared/contracts/push.js';
import type { ResidentNotification } from '../../src/shared/contracts/resident.js';
import { PUSH } from '../../src/shared/messages.js';
import { useHarness } from './harness.js';
import { feedBody } from './posts-support.js';
import { createBill } from '../support/clients/billing.js';
import { fileComplaint } from '../support/clients/complaints.js';
import { fileDoctor } from '../support/clients/doctor.js';
import { fileGrocery } from '../support/clients/grocery.js';
import { residentTokens, signedInStaff } from '../support/clients/sessions.js';
import { orderLine } from '../support/factories.js';

describe('push data: the item each push opens', () => {
  const h = useHarness({ MEET_ALLOWED_HOSTS: 'meet.example.org' });
  const { send } = signedInStaff(h);
  const token = residentTokens(h);
  /** The device token of resident `phone` in this file. */
  const deviceOf = (phone: string) => `device-${phone}`;
  /** Gives resident `phone` its device token ({@link deviceOf}); @returns it. */
  const device = async (phone: string) => {
    const to = deviceOf(phone);
    await h.database.db.update(residents).set({ pushToken: to }).where(eq(residents.phone, phone));
    return to;
  };
  /** The pushes delivered to `to` so far (the outbox drained first): title and data. */
  const delivered = async (to: string) => {
    await h.outbox.poke();
    return h.pushes.filter((p) => p.to === to).map((p) => ({ title: p.title, data: p.data }));
  };
  /** The data a push about item `id` of kind `type` must carry: every value text (FCM's rule). */
  const data = (type: PushItemType, id: number) => ({ type, id: String(id), documentId: String(id) });
  /** The ids of the first page of a resident list of `phone`. */
  const listed = async (phone: string, path: string) => {
    const res = await h.app.inject({ method: 'GET', url: path, headers: { authorization: await token(phone) } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ListResponse<{ _id: number }>>().items.map((i) => i._id);
  };
  /**
   * The pushes delivered to `phone`'s device are exactly `titles`, in order, each naming item `id`
   * of kind `type`, and the resident list `path` (the one of that type) holds that item.
   */
  const expectOpens = async (phone: string, titles: string[], type: PushItemType, id: number, path: string) => {
    expect(await delivered(deviceOf(phone))).toEqual(titles.map((title) => ({ title, data: data(type, id) })));
    expect(await listed(phone, path)).toContain(id);
  };

  it("a bill's push names the bill, which the resident's bill list holds", async () => {
    const phone = '03000000002';
    await device(phone);
    const bill = await createBill(h, await h.staffCookie('billing@greenvalley.test'), { residentId: 'GV0002', units: 7, period: '2031-06' });
    await expectOpens(phone, [PUSH.billGenerated.title], 'bill', bill._id, '/api/resident/bills');
  });

  it("an order's pushes (updated, delivered) name the grocery request the resident's orders list", async () => {
    const phone = '03000000003';
    await device(phone);
    const req = await fileGrocery(h, phone, 'Milk and bread');
    const grocery = 'grocery@greenvalley.test';
    expect((await send('POST', '/api/orders', grocery, { requestId: req._id, items: [orderLine()] })).statusCode).toBe(201);
    expect((await send('PUT', `/api/orders/${req._id}`, grocery, { action: 'update', items: [orderLine({ quantity: 3 })] })).statusCode).toBe(200);
    expect((await send('PUT', `/api/orders/${req._id}`, grocery, { action: 'deliver' })).statusCode).toBe(200);
    await expectOpens(phone, [PUSH.orderUpdated.title, PUSH.orderCompleted.title], 'order', req._id, '/api/resident/orders');
  });

  it("a consultation's pushes (link, doctor ready) name the doctor request the resident's consultations list", async () => {
    const phone = '03000000004';
    await device(phone);
    const req = await fileDoctor(h, phone, 'Fever since yesterday');
    const doctor = 'doctor@greenvalley.test';
    expect((await send('PUT', `/api/doctor/${req._id}/link`, doctor, { meetingId: 'push-data-room' })).statusCode).toBe(200);
    expect((await send('POST', `/api/consultations/${req._id}/ready`, doctor)).statusCode).toBe(200);
    await expectOpens(phone, [PUSH.linkGenerated.title, PUSH.doctorReady.title], 'consultation', req._id, '/api/resident/consultations');
  });

  it("a feed post's push (queued in bulk) names the post the resident's feed holds", async () => {
    const phone = '03000000005';
    await device(phone);
    const res = await send('POST', '/api/feed', 'cms@greenvalley.test', feedBody(undefined, { youtubeLink: 'https://youtu.be/dQw4w9WgXcQ' }));
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json<{ _id: number }>();
    await expectOpens(phone, [PUSH.feedPosted.title], 'post', post._id, '/api/resident/feed');
  });

  it("a complaint's pushes name the complaint; a panel message's names the message its in-app record refers to", async () => {
    const phone = '03000000006';
    const to = await device(phone);
    const complaint = await fileComplaint(h, phone, 'The street light is out.', token);
    expect((await send('PUT', `/api/complain/${complaint._id}`, 'complaints@greenvalley.test', { action: 'proceed' })).statusCode).toBe(200);
    const [row] = await h.database.db.select({ id: residents.id }).from(residents).where(eq(residents.phone, phone));
    const sent = await send('POST', '/api/notifications/send', 'notification@greenvalley.test', { residentId: row!.id, title: 'Parcel', body: 'At the gate.' });
    expect(sent.statusCode, sent.body).toBe(201);
    const { campaignId } = sent.json<CampaignCreated>();
    const pushes = await delivered(to);
    expect(pushes.map((p) => p.data)).toEqual([data('complaint', complaint._id), data('message', campaignId)]);
    expect(await listed(phone, '/api/resident/complaints')).toContain(complaint._id);
    const records = await h.app.inject({ method: 'GET', url: '/api/resident/notifications', headers: { authorization: await token(phone) } });
    expect(records.json<ListResponse<ResidentNotification>>().items.some((n) => n.refEntity === 'notification_campaign' && n.refId === campaignId)).toBe(true);
  });
});
