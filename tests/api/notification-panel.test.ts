import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notificationCampaigns, notifications, outbox, residents, societies, staffUsers, webPushSubscriptions } from '../../src/server/db/schema.js';
import type { PushPayload } from '../../src/server/modules/outbox/repo.js';
import type { CampaignCreated, CampaignList, CampaignReport, PanelResidentList } from '../../src/shared/contracts/notification-panel.js';
import type { ResidentNotificationList } from '../../src/shared/contracts/resident.js';
import { MSG } from '../../src/shared/messages.js';
import { useHarness } from './harness.js';
import { changeAuditRows, societyWithResident } from '../support/rows.js';

/**
 * The notification panel: broadcast and single sends write one in-app record and one
 * queued push per approved resident of the sender's society, in one transaction; the delivery
 * report counts the campaign's pushes in the outbox.
 */
describe('notification panel: sending and the delivery report', () => {
  const h = useHarness();
  const db = () => h.database.db;
  const GV = 'notification@greenvalley.test';
  const LC = 'notification@lakecity.test';
  const call = async (method: 'GET' | 'POST', url: string, email: string, payload?: object) =>
    h.app.inject({ method, url, headers: { cookie: await h.staffCookie(email) }, ...(payload ? { payload } : {}) });
  const societyId = async (name: string) => (await db().select({ id: societies.id }).from(societies).where(eq(societies.name, name)))[0]!.id;
  const approved = async (society: number) =>
    db()
      .select({ id: residents.id, name: residents.name, pushToken: residents.pushToken })
      .from(residents)
      .where(and(eq(residents.societyId, society), eq(residents.status, 'Approve')));

  let gv = 0;
  let lc = 0;
  beforeAll(async () => {
    gv = await societyId('Green Valley');
    lc = await societyId('Lake City');
    // Every Green Valley resident of this file's database gets a device token, so every push has a
    // phone to go to (pushes without one are the transport's business, tested with the outbox).
    await db()
      .update(residents)
      .set({ pushToken: sql`'panel-test-token-' || ${residents.id}` })
      .where(and(eq(residents.societyId, gv), isNull(residents.pushToken)));
  });

  it('sends to all approved residents of the society only: records, pushes with campaign_id, audit, then the report moves to sent', async () => {
    const expected = await approved(gv);
    const blocked = await db()
      .select({ id: residents.id })
      .from(residents)
      .where(and(eq(residents.societyId, gv), eq(residents.status, 'Block')));
    expect(blocked.length).toBeGreaterThan(0);
    expect(expected.length).toBeGreaterThan(0);

    const res = await call('POST', '/api/notifications/broadcast', GV, { title: '  Water supply  ', body: 'No water on Sunday 10 am to 2 pm.' });
    expect(res.statusCode).toBe(201);
    const { campaignId, recipients } = res.json<CampaignCreated>();
    expect(recipients).toBe(expected.length);

    const records = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.refEntity, 'notification_campaign'), eq(notifications.refId, campaignId)));
    expect(records.map((r) => r.residentId).sort((a, b) => a - b)).toEqual(expected.map((r) => r.id).sort((a, b) => a - b));
    expect(new Set(records.map((r) => `${r.societyId}|${r.title}|${r.description}`))).toEqual(
      new Set([`${gv}|Water supply|No water on Sunday 10 am to 2 pm.`]),
    );

    const pushes = await db().select().from(outbox).where(eq(outbox.campaignId, campaignId));
    expect(pushes).toHaveLength(expected.length);
    const tokenOf = new Map(expected.map((r) => [r.id, r.pushToken]));
    for (const p of pushes) {
      const payload = p.payload as PushPayload;
      expect(p.societyId).toBe(gv);
      expect(payload).toMatchObject({ title: 'Water supply', body: 'No water on Sunday 10 am to 2 pm.', data: { documentId: String(campaignId) } });
      expect(payload.to).toBe(tokenOf.get(payload.residentId));
    }
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'notification_campaign'), eq(auditLog.entityId, campaignId)));
    expect(audit).toMatchObject({ societyId: gv, actorKind: 'staff', action: `send to all (${expected.length})` });

    const early = (await call('GET', `/api/notifications/campaigns/${campaignId}`, GV)).json<CampaignReport>();
    expect(early.recipients).toBe(expected.length);
    expect(early.pending + early.sent).toBe(expected.length);

    await h.outbox.poke();
    const report = await call('GET', `/api/notifications/campaigns/${campaignId}`, GV);
    expect(report.statusCode).toBe(200);
    expect(report.json<CampaignReport>()).toMatchObject({
      _id: campaignId,
      kind: 'broadcast',
      title: 'Water supply',
      recipients: expected.length,
      sent: expected.length,
      failed: 0,
      pending: 0,
    });
    expect(h.pushes.filter((p) => p.data?.documentId === String(campaignId) && p.title === 'Water supply')).toHaveLength(expected.length);

    // The report counts what the outbox says: a push given up on and one waiting for a retry.
    const [first, second] = pushes;
    await db().update(outbox).set({ status: 'failed' }).where(eq(outbox.id, first!.id));
    await db().update(outbox).set({ status: 'pending' }).where(eq(outbox.id, second!.id));
    const moved = (await call('GET', `/api/notifications/campaigns/${campaignId}`, GV)).json<CampaignReport>();
    expect(moved).toMatchObject({ recipients: expected.length, sent: expected.length - 2, failed: 1, pending: 1 });
    await db()
      .update(outbox)
      .set({ status: 'sent' })
      .where(inArray(outbox.id, [first!.id, second!.id]));

    // The resident reads it in the app; Lake City never got it.
    const authorization = await h.residentAuth('03000000001');
    const mine = (await h.app.inject({ method: 'GET', url: '/api/resident/notifications', headers: { authorization } })).json<ResidentNotificationList>();
    expect(mine.items.some((n) => n.title === 'Water supply' && n.refEntity === 'notification_campaign' && n.refId === campaignId)).toBe(true);
    const [foreign] = await db()
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.societyId, lc), eq(notifications.title, 'Water supply')));
    expect(Number(foreign!.n)).toBe(0);
  });

  it('finds residents by the start of the full name, case-insensitive, approved ones of the society only, 10 a page', async () => {
    const all = await approved(gv);
    const prefix = all[0]!.name.slice(0, 2);
    const matching = all.filter((r) => r.name.toLowerCase().startsWith(prefix.toLowerCase()));
    const res = await call('GET', `/api/notifications/residents?name=${encodeURIComponent(` ${prefix.toUpperCase()} `)}`, GV);
    expect(res.statusCode).toBe(200);
    const page = res.json<PanelResidentList>();
    expect(page.total).toBe(matching.length);
    expect(page.items.length).toBe(Math.min(10, matching.length));
    expect(page.items.every((r) => r.name.toLowerCase().startsWith(prefix.toLowerCase()) && r.hasDevice)).toBe(true);
    expect(page.items.map((r) => r._id)).toEqual(
      matching
        .map((r) => r.id)
        .sort((a, b) => b - a)
        .slice(0, 10),
    );

    const everyone = (await call('GET', '/api/notifications/residents?page=2', GV)).json<PanelResidentList>();
    expect(everyone.total).toBe(all.length);
    expect(everyone.items.map((r) => r._id)).toEqual(
      all
        .map((r) => r.id)
        .sort((a, b) => b - a)
        .slice(10, 20),
    );

    const [blocked] = await db()
      .select({ name: residents.name, id: residents.id })
      .from(residents)
      .where(and(eq(residents.societyId, gv), eq(residents.status, 'Block')));
    const byBlockedName = (await call('GET', `/api/notifications/residents?name=${encodeURIComponent(blocked!.name)}`, GV)).json<PanelResidentList>();
    expect(byBlockedName.items.some((r) => r._id === blocked!.id)).toBe(false);
    const fromLakeCity = (await call('GET', `/api/notifications/residents?name=${encodeURIComponent(all[0]!.name)}`, LC)).json<PanelResidentList>();
    expect(fromLakeCity.items.some((r) => r._id === all[0]!.id)).toBe(false);
    // LIKE metacharacters match literally.
    expect((await call('GET', '/api/notifications/residents?name=%25', GV)).json<PanelResidentList>().total).toBe(0);
  });

  it('sends to one resident; another society, a blocked or an unknown resident is 404 with nothing written', async () => {
    const [target] = await approved(gv);
    const res = await call('POST', '/api/notifications/send', 'super-admin@greenvalley.test', {
      residentId: target!.id,
      title: 'Parcel',
      body: 'A parcel is waiting at the gate.',
    });
    expect(res.statusCode).toBe(201);
    const { campaignId, recipients } = res.json<CampaignCreated>();
    expect(recipients).toBe(1);
    const records = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.refEntity, 'notification_campaign'), eq(notifications.refId, campaignId)));
    expect(records.map((r) => r.residentId)).toEqual([target!.id]);
    const pushes = await db().select().from(outbox).where(eq(outbox.campaignId, campaignId));
    expect(pushes.map((p) => (p.payload as PushPayload).to)).toEqual([target!.pushToken]);
    await h.outbox.poke();
    expect((await call('GET', `/api/notifications/campaigns/${campaignId}`, GV)).json<CampaignReport>()).toMatchObject({
      kind: 'single',
      recipients: 1,
      sent: 1,
      pending: 0,
      failed: 0,
    });

    const [blocked] = await db()
      .select({ id: residents.id })
      .from(residents)
      .where(and(eq(residents.societyId, gv), eq(residents.status, 'Block')));
    const before = await totals();
    for (const [email, residentId] of [
      [LC, target!.id],
      [GV, blocked!.id],
      [GV, 2_000_000],
    ] as const) {
      const refused = await call('POST', '/api/notifications/send', email, { residentId, title: 'Parcel', body: 'Nope.' });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ message: MSG.noMatchingDocument });
    }
    expect(await totals()).toEqual(before);
    // Lake City cannot read Green Valley's report, nor see it among its campaigns.
    expect((await call('GET', `/api/notifications/campaigns/${campaignId}`, LC)).statusCode).toBe(404);
    const lcList = (await call('GET', '/api/notifications/campaigns', LC)).json<CampaignList>();
    expect(lcList.items.some((c) => c._id === campaignId)).toBe(false);
    const gvList = (await call('GET', '/api/notifications/campaigns', GV)).json<CampaignList>();
    expect(gvList.items[0]).toMatchObject({ _id: campaignId, kind: 'single', title: 'Parcel', recipients: 1 });
  });

  async function totals() {
    const n = async (table: typeof outbox | typeof notifications | typeof notificationCampaigns) =>
      Number((await db().select({ n: count() }).from(table))[0]!.n);
    return { outbox: await n(outbox), notifications: await n(notifications), campaigns: await n(notificationCampaigns), audit: await changeAuditRows(db()) };
  }

  it('counts residents, not devices: a phone reached is sent whatever its browsers answered; pending or failed only when no device got it', async () => {
    const r = await societyWithResident(db(), { name: 'Panel Devices', societyId: gv });
    await db().update(residents).set({ pushToken: 'panel-devices-phone' }).where(eq(residents.id, r.residentId));
    await db()
      .insert(webPushSubscriptions)
      .values(
        [1, 2].map((n) => ({
          societyId: gv,
          residentId: r.residentId,
          endpoint: `https://push.example.test/panel-devices-${n}`,
          p256dh: 'p256dh-key',
          auth: 'auth-secret',
          createdAt: h.clock.now(),
        })),
      );
    const res = await call('POST', '/api/notifications/send', GV, { residentId: r.residentId, title: 'Parcel', body: 'At the gate.' });
    expect(res.statusCode, res.body).toBe(201);
    const { campaignId } = res.json<CampaignCreated>();
    const rows = await db().select().from(outbox).where(eq(outbox.campaignId, campaignId));
    expect(rows).toHaveLength(3);
    const phone = rows.find((o) => (o.payload as PushPayload).webPush === undefined)!;
    const browsers = rows.filter((o) => o !== phone).map((o) => o.id);
    const report = async (phoneStatus: 'pending' | 'sent' | 'failed', browserStatus: 'pending' | 'sent' | 'failed') => {
      await db().update(outbox).set({ status: phoneStatus }).where(eq(outbox.id, phone.id));
      await db().update(outbox).set({ status: browserStatus }).where(inArray(outbox.id, browsers));
      const { recipients, sent, pending, failed } = (await call('GET', `/api/notifications/campaigns/${campaignId}`, GV)).json<CampaignReport>();
      return { recipients, sent, pending, failed };
    };
    expect(await report('sent', 'failed')).toEqual({ recipients: 1, sent: 1, pending: 0, failed: 0 });
    expect(await report('failed', 'sent')).toEqual({ recipients: 1, sent: 1, pending: 0, failed: 0 });
    expect(await report('pending', 'failed')).toEqual({ recipients: 1, sent: 0, pending: 1, failed: 0 });
    expect(await report('failed', 'failed')).toEqual({ recipients: 1, sent: 0, pending: 0, failed: 1 });
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const before = await totals();
    const cases: [url: string, body: unknown, field: string, message?: string][] = [
      ['/api/notifications/broadcast', { title: '   ', body: 'Hello' }, 'title', MSG.fillRequired],
      ['/api/notifications/broadcast', { body: 'Hello' }, 'title', MSG.fillRequired],
      ['/api/notifications/broadcast', { title: 'Hello', body: 'x'.repeat(1001) }, 'body', 'At most 1000 characters.'],
      ['/api/notifications/broadcast', { title: 'x'.repeat(101), body: 'Hello' }, 'title', 'At most 100 characters.'],
      ['/api/notifications/send', { residentId: 'abc', title: 'Hi', body: 'Hello' }, 'residentId'],
      ['/api/notifications/send', { residentId: 1, title: 'Hi', body: '' }, 'body', MSG.fillRequired],
    ];
    for (const [url, payload, field, message] of cases) {
      const res = await call('POST', url, GV, payload as object);
      expect(res.statusCode, `${url} ${JSON.stringify(payload).slice(0, 60)}`).toBe(400);
      expect(res.json()).toMatchObject({ field, ...(message ? { message } : {}) });
    }
    expect((await call('GET', '/api/notifications/residents?page=0', GV)).json()).toMatchObject({ field: 'page' });
    expect(await totals()).toEqual(before);
  });

  it('answers 404 "No matching document found." to Send to All in a society with no approved resident', async () => {
    const [society] = await db().insert(societies).values({ name: 'Panel Test Empty Society', code: 'PTES' }).returning({ id: societies.id });
    const [gvStaff] = await db().select({ hash: staffUsers.passwordHash }).from(staffUsers).where(eq(staffUsers.email, GV));
    await db().insert(staffUsers).values({
      societyId: society!.id,
      email: 'notification@empty-panel.test',
      name: 'Empty Panel',
      role: 'Admin',
      subRole: 'notification',
      passwordHash: gvStaff!.hash,
    });
    const before = await totals();
    const res = await call('POST', '/api/notifications/broadcast', 'notification@empty-panel.test', { title: 'Anyone?', body: 'Hello' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: MSG.noMatchingDocument });
    expect(await totals()).toEqual(before);
  });
});
