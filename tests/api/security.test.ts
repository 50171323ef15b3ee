import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calendarDay } from '../../src/shared/calendar.js';
import { DEFAULT_TIME_ZONE } from '../../src/shared/constants.js';
import { auditLog, deskRequests, staffUsers } from '../../src/server/db/schema.js';
import { MSG } from '../../src/shared/messages.js';
import type { PendingAlarms, SecurityAlert } from '../../src/shared/contracts/security.js';
import { useHarness } from './harness.js';
import { residentTokens, staffAs } from '../support/clients/sessions.js';
import { pressSos, raiseAlarm } from '../support/clients/security.js';
import type { DeskChange } from '../../src/server/lib/events.js';
import { postNotHome } from '../support/clients/not-home.js';

// Residents of this file (each test its own): Green Valley 03000000031–03000000045.
const ESCALATE_AFTER_S = 30;

describe('security alarms', () => {
  // The escalation job is run on demand below, with the test clock moved past the delay.
  const h = useHarness({ ESCALATE_AFTER_S: String(ESCALATE_AFTER_S) });
  // One sign-in per resident (the resident sign-in route has its own rate limit).
  const token = residentTokens(h);
  const press = async (phone: string, securityComplain?: string) =>
    pressSos(h.app, await token(phone), securityComplain === undefined ? {} : { securityComplain });
  const sos = async (phone: string, securityComplain?: string) =>
    raiseAlarm(h.app, await token(phone), securityComplain === undefined ? {} : { securityComplain });
  const as = staffAs(h);
  const auditActions = async (id: number) =>
    (
      await h.database.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'security'), eq(auditLog.entityId, id)))
    ).map((r) => r.action);
  const stored = async (id: number) => (await h.database.db.select().from(deskRequests).where(eq(deskRequests.id, id)))[0]!;
  const staffName = async (email: string) =>
    (await h.database.db.select({ name: staffUsers.name }).from(staffUsers).where(eq(staffUsers.email, email)))[0]!.name;
  const inboxIds = async (email: string) => (await (await as(email)).get('/api/security/alarms')).json<PendingAlarms>().items.map((x) => x._id);

  it('stores an SOS with the resident card and lists it for button-one of that society only', async () => {
    const alarm = await sos('03000000031', 'Someone is at the gate');
    expect(alarm).toMatchObject({ stage: 'new', securityStatus: false, edit: false, acknowledgedAt: null, escalated: false, societyName: 'Green Valley' });
    expect(alarm).toMatchObject({ securityComplain: 'Someone is at the gate', pressCount: 1, lastPressedTime: alarm.pressedTime });
    // The press answers the resident's own view (ZResidentAlarm), the same as reading it back: none of the desk's fields.
    for (const hidden of ['staffNote', 'ackSeconds', 'notHomeActive', 'drill', 'drillId']) expect(alarm).not.toHaveProperty(hidden);
    const readBack = await h.app.inject({ method: 'GET', url: `/api/resident/alarms/${alarm._id}`, headers: { authorization: await token('03000000031') } });
    expect(readBack.json()).toEqual(alarm);
    expect(alarm.pressedTime).toBe(h.clock.now().toISOString());
    expect(alarm.resident).toMatchObject({ phoneNo: '03000000031' });
    for (const k of ['name', 'address', 'email', 'designation', 'fmName', 'fmphoneNo', 'fmName1', 'fmphoneNo1'] as const)
      expect(alarm.resident[k]).not.toBe('');
    expect((await stored(alarm._id)).desk).toBe('security');

    const gv = await as('security@greenvalley.test');
    const list = (await gv.get('/api/security?stage=new')).json<{ items: SecurityAlert[] }>();
    expect(list.items.map((a) => a._id)).toContain(alarm._id);
    const lc = await as('security@lakecity.test');
    expect((await lc.get('/api/security?stage=new')).json<{ items: SecurityAlert[] }>().items.map((a) => a._id)).not.toContain(alarm._id);
    expect((await lc.get(`/api/security/${alarm._id}`)).statusCode).toBe(404);
    expect((await lc.post(`/api/security/${alarm._id}/acknowledge`)).statusCode).toBe(404);
    for (const handle of ['complaints', 'billing', 'super-admin']) {
      expect((await (await as(`${handle}@greenvalley.test`)).get('/api/security?stage=new')).statusCode, handle).toBe(403);
    }
    expect((await (await as('complaints@greenvalley.test')).get('/api/security/alarms')).statusCode).toBe(403);
  });

  it('acknowledgement is recorded once, with who and exactly how long, and leaves the pending inbox', async () => {
    const alarm = await sos('03000000032');
    const a = await as('security@greenvalley.test');
    expect(await inboxIds('security@greenvalley.test')).toContain(alarm._id);

    h.clock.advance(12_300);
    const first = await a.post(`/api/security/${alarm._id}/acknowledge`);
    expect(first.statusCode).toBe(200);
    const acked = first.json<SecurityAlert>();
    expect(acked.acknowledgedBy).toBe(await staffName('security@greenvalley.test'));
    expect(acked.ackSeconds).toBe(12.3);
    expect(acked.acknowledgedAt).toBe(new Date(Date.parse(alarm.pressedTime) + 12_300).toISOString());

    // Closing the toast again later does not overwrite the record.
    h.clock.advance(5_000);
    const second = (await a.post(`/api/security/${alarm._id}/acknowledge`)).json<SecurityAlert>();
    expect(second).toMatchObject({ acknowledgedAt: acked.acknowledgedAt, acknowledgedBy: acked.acknowledgedBy, ackSeconds: 12.3 });
    expect((await auditActions(alarm._id)).filter((x) => x === 'acknowledge')).toHaveLength(1);
    expect(await inboxIds('security@greenvalley.test')).not.toContain(alarm._id);
  });

  it('super-admin may acknowledge only an escalated alarm (403 before, 200 after escalation)', async () => {
    const alarm = await sos('03000000033');
    const superAdmin = await as('super-admin@greenvalley.test');
    const refused = await superAdmin.post(`/api/security/${alarm._id}/acknowledge`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MSG.alarmNotEscalated);
    expect((await stored(alarm._id)).acknowledgedAt).toBeNull();
    expect(await auditActions(alarm._id)).toEqual(['create']);

    h.clock.advance(ESCALATE_AFTER_S * 1000 + 1);
    await h.jobs.escalation.runOnce();
    const ok = await superAdmin.post(`/api/security/${alarm._id}/acknowledge`);
    expect(ok.statusCode).toBe(200);
    // 30.001 s after the press, shown to a tenth of a second.
    expect(ok.json<SecurityAlert>()).toMatchObject({
      escalated: true,
      ackSeconds: ESCALATE_AFTER_S,
      acknowledgedBy: await staffName('super-admin@greenvalley.test'),
    });
    expect(await auditActions(alarm._id)).toEqual(['create', 'escalate', 'acknowledge']);
  });

  it('escalates an alarm left unacknowledged past ESCALATE_AFTER_S, once, to the super-admin inbox', async () => {
    const alarm = await sos('03000000034');
    const quick = await sos('03000000035');
    await (await as('security@greenvalley.test')).post(`/api/security/${quick._id}/acknowledge`);
    expect(await inboxIds('super-admin@greenvalley.test')).not.toContain(alarm._id);

    // Exactly at the delay it is not due yet; one millisecond later it is.
    h.clock.advance(ESCALATE_AFTER_S * 1000);
    await h.jobs.escalation.runOnce();
    expect((await stored(alarm._id)).escalatedAt).toBeNull();
    h.clock.advance(1);
    await h.jobs.escalation.runOnce();
    expect((await stored(alarm._id)).escalatedAt?.toISOString()).toBe(h.clock.now().toISOString());
    h.clock.advance(ESCALATE_AFTER_S * 1000);
    await h.jobs.escalation.runOnce();
    expect((await auditActions(alarm._id)).filter((x) => x === 'escalate')).toHaveLength(1);
    const inbox = (await (await as('super-admin@greenvalley.test')).get('/api/security/alarms')).json<PendingAlarms>();
    expect(inbox.items.find((x) => x._id === alarm._id)).toMatchObject({ escalated: true });
    // The acknowledged alarm was never escalated.
    expect((await stored(quick._id)).escalatedAt).toBeNull();
    expect(await auditActions(quick._id)).not.toContain('escalate');
  });

  it("keeps the resident's words and the staff's note apart through processing and completed", async () => {
    const alarm = await sos('03000000036', 'Someone at the back door');
    const a = await as('security@greenvalley.test');
    const early = await a.put(`/api/security/${alarm._id}`, { action: 'submit', response: 'x', confirmed: true });
    expect(early.statusCode).toBe(409);
    const proceeded = await a.put(`/api/security/${alarm._id}`, { action: 'proceed', staffNote: 'Intruder reported at back door' });
    expect(proceeded.statusCode).toBe(200);
    expect(proceeded.json()).toMatchObject({
      stage: 'processing',
      securityStatus: false,
      edit: true,
      securityComplain: 'Someone at the back door',
      staffNote: 'Intruder reported at back door',
    });
    // Proceeding answers the alarm, so it counts as acknowledged.
    expect(proceeded.json().acknowledgedAt).not.toBeNull();
    const bad = await a.put(`/api/security/${alarm._id}`, { action: 'submit', response: 'Checked', confirmed: false });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.responseAndCheckbox);
    const done = await a.put(`/api/security/${alarm._id}`, { action: 'submit', response: 'Guard checked, all clear', confirmed: true });
    expect(done.json()).toMatchObject({
      stage: 'completed',
      securityStatus: true,
      response: 'Guard checked, all clear',
      securityComplain: 'Someone at the back door',
      staffNote: 'Intruder reported at back door',
    });
    const detail = (await a.get(`/api/security/${alarm._id}`)).json<SecurityAlert & { history: { action: string }[] }>();
    expect(detail).toMatchObject({ securityComplain: 'Someone at the back door', staffNote: 'Intruder reported at back door' });
    expect(detail.history.map((x) => x.action)).toEqual(['create', 'acknowledge', 'proceed', 'submit']);
    await h.outbox.poke();
    expect(h.pushes.filter((p) => p.data?.documentId === String(alarm._id)).map((p) => p.title)).toEqual(['Security team is on the way', 'Security Completed']);
    const [n] = await h.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'security'), eq(auditLog.entityId, alarm._id)));
    expect(Number(n!.n)).toBe(4);
  });

  it("Proceed without a note keeps the resident's SOS text; the spec's securityComplain field is taken as the note", async () => {
    const a = await as('security@greenvalley.test');
    const silent = await sos('03000000037', 'Smoke in the kitchen');
    const res = await a.put(`/api/security/${silent._id}`, { action: 'proceed' });
    expect(res.json()).toMatchObject({ stage: 'processing', securityComplain: 'Smoke in the kitchen', staffNote: null });
    expect((await stored(silent._id)).body).toBe('Smoke in the kitchen');

    const legacy = await sos('03000000038', 'Gate left open');
    const viaSpec = await a.put(`/api/security/${legacy._id}`, { action: 'proceed', securityComplain: 'Guard closing the gate' });
    expect(viaSpec.json()).toMatchObject({ securityComplain: 'Gate left open', staffNote: 'Guard closing the gate' });
    // The list search finds an alarm by the staff's note too.
    const found = (await a.get('/api/security?stage=processing&q=closing%20the%20gate')).json<{ items: SecurityAlert[] }>();
    expect(found.items.map((x) => x._id)).toEqual([legacy._id]);
  });

  it('merges repeated presses of one resident into the open alarm; a press after acknowledgement is a new alarm', async () => {
    const created: number[] = [];
    const merged: { id: number; count: number }[] = [];
    const onCreated = (e: { kind: string; desk: string; id: number }) => void (e.kind === 'created' && e.desk === 'security' && created.push(e.id));
    const onPressed = (e: DeskChange) => void (e.desk === 'security' && e.kind === 'pressed' && merged.push({ id: e.item._id, count: e.item.pressCount }));
    h.bus.on('desk.changed', onCreated);
    h.bus.on('desk.changed', onPressed);
    try {
      const first = await sos('03000000039', 'Help');
      h.clock.advance(2_000);
      await sos('03000000039');
      h.clock.advance(3_000);
      const third = await sos('03000000039', 'Two men at the door');
      expect(third._id).toBe(first._id);
      expect(third).toMatchObject({ pressCount: 3, pressedTime: first.pressedTime, lastPressedTime: h.clock.now().toISOString() });
      expect(third.securityComplain).toBe('Help\nTwo men at the door');
      expect(created.filter((id) => id === first._id)).toHaveLength(1);
      expect(merged).toEqual([
        { id: first._id, count: 2 },
        { id: first._id, count: 3 },
      ]);
      expect(await auditActions(first._id)).toEqual(['create', 'pressed again', 'pressed again']);
      expect((await inboxIds('security@greenvalley.test')).filter((id) => id === first._id)).toHaveLength(1);

      await (await as('security@greenvalley.test')).post(`/api/security/${first._id}/acknowledge`);
      const again = await sos('03000000039');
      expect(again._id).not.toBe(first._id);
      expect(again.pressCount).toBe(1);
      expect((await stored(first._id)).pressCount).toBe(3);
    } finally {
      h.bus.off('desk.changed', onCreated);
      h.bus.off('desk.changed', onPressed);
    }
  });

  it('refuses more than SOS_MAX_PRESSES_PER_MINUTE presses a minute per resident (429), counted with the clock', async () => {
    expect(h.config.SOS_MAX_PRESSES_PER_MINUTE).toBe(10);
    for (let i = 0; i < 10; i++) expect((await press('03000000040')).statusCode).toBe(201);
    const refused = await press('03000000040');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MSG.sosTooMany);
    expect(refused.headers['retry-after']).toBe('60');
    // Another resident is not affected.
    expect((await sos('03000000041')).pressCount).toBe(1);
    h.clock.advance(59_999);
    expect((await press('03000000040')).statusCode).toBe(429);
    h.clock.advance(1);
    const after = await press('03000000040');
    expect(after.statusCode).toBe(201);
    expect(after.json<SecurityAlert>().pressCount).toBe(11);
  });

  it('flags an alarm from a resident who is away (active not-at-home window)', async () => {
    const authorization = await h.residentAuth('03000000042');
    token.set('03000000042', authorization);
    // Days of the society's calendar at the app clock's time, as the not-at-home rules read them.
    const day = (offset: number) => calendarDay(new Date(h.clock.now().getTime() + offset * 86_400_000), DEFAULT_TIME_ZONE);
    const [today, far] = [day(0), day(5)];
    const nh = await postNotHome(h.app, authorization, { from: today, to: far });
    expect(nh.statusCode).toBe(201);
    // The desk's card says so (the resident's own answer to the press does not carry the flag).
    const gv = await as('security@greenvalley.test');
    const flagOf = async (phone: string) => (await gv.get(`/api/security/${(await sos(phone))._id}`)).json<SecurityAlert>().notHomeActive;
    expect(await flagOf('03000000042')).toBe(true);
    expect(await flagOf('03000000043')).toBe(false);
  });
});
