import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, deskRequests } from '../../src/server/db/schema.js';
import { MSG } from '../../src/shared/messages.js';
import type { SecurityAlert } from '../../src/shared/contracts/security.js';
import { useHarness } from './harness.js';

describe('security alarms', () => {
  // A short escalation delay: the job is run on demand below, not on a timer.
  const h = useHarness({ ESCALATE_AFTER_S: '0.2' });
  const sos = async (phone: string, securityComplain?: string) => {
    const authorization = await h.residentAuth(phone);
    const res = await h.app.inject({ method: 'POST', url: '/api/security', headers: { authorization }, payload: securityComplain === undefined ? {} : { securityComplain } });
    expect(res.statusCode).toBe(201);
    return res.json<SecurityAlert>();
  };
  const as = async (email: string) => {
    const cookie = await h.staffCookie(email);
    return {
      get: (url: string) => h.app.inject({ method: 'GET', url, headers: { cookie } }),
      put: (url: string, payload: object) => h.app.inject({ method: 'PUT', url, headers: { cookie }, payload }),
      post: (url: string) => h.app.inject({ method: 'POST', url, headers: { cookie } }),
    };
  };
  const auditActions = async (id: number) =>
    (await h.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entity, 'security'), eq(auditLog.entityId, id)))).map((r) => r.action);

  it('stores an SOS with the resident card and lists it for button-one of that society only', async () => {
    const alarm = await sos('03000000031');
    expect(alarm).toMatchObject({ stage: 'new', securityStatus: false, edit: false, acknowledgedAt: null, escalated: false, societyName: 'Green Valley' });
    expect(alarm.resident).toMatchObject({ phoneNo: '03000000031' });
    for (const k of ['name', 'address', 'email', 'designation', 'fmName', 'fmphoneNo', 'fmName1', 'fmphoneNo1'] as const) expect(alarm.resident[k]).not.toBe('');
    const [stored] = await h.database.db.select().from(deskRequests).where(eq(deskRequests.id, alarm._id));
    expect(stored?.desk).toBe('security');

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

  it('acknowledgement is recorded once, with who and how long, and leaves the pending inbox', async () => {
    const alarm = await sos('03000000032');
    const a = await as('security@greenvalley.test');
    const pending = (await a.get('/api/security/alarms')).json<{ items: SecurityAlert[] }>();
    expect(pending.items.map((x) => x._id)).toContain(alarm._id);

    const first = await a.post(`/api/security/${alarm._id}/acknowledge`);
    expect(first.statusCode).toBe(200);
    const acked = first.json<SecurityAlert>();
    expect(acked.acknowledgedBy).toBeTruthy();
    expect(acked.ackSeconds).toBeGreaterThanOrEqual(0);

    // A second staff member closing their toast later does not overwrite the record.
    const other = await as('super-admin@greenvalley.test');
    const second = (await other.post(`/api/security/${alarm._id}/acknowledge`)).json<SecurityAlert>();
    expect(second.acknowledgedAt).toBe(acked.acknowledgedAt);
    expect(second.acknowledgedBy).toBe(acked.acknowledgedBy);
    expect((await auditActions(alarm._id)).filter((x) => x === 'acknowledge')).toHaveLength(1);
    expect((await a.get('/api/security/alarms')).json<{ items: SecurityAlert[] }>().items.map((x) => x._id)).not.toContain(alarm._id);
  });

  it('escalates an alarm left unacknowledged, once, to the super-admin inbox', async () => {
    const alarm = await sos('03000000033');
    const superAdmin = await as('super-admin@greenvalley.test');
    expect((await superAdmin.get('/api/security/alarms')).json<{ items: SecurityAlert[] }>().items.map((x) => x._id)).not.toContain(alarm._id);
    await expect.poll(async () => {
      await h.jobs.escalation.runOnce();
      const [row] = await h.database.db.select().from(deskRequests).where(eq(deskRequests.id, alarm._id));
      return row?.escalatedAt !== null;
    }).toBe(true);
    await h.jobs.escalation.runOnce();
    expect((await auditActions(alarm._id)).filter((x) => x === 'escalate')).toHaveLength(1);
    const inbox = (await superAdmin.get('/api/security/alarms')).json<{ items: SecurityAlert[] }>();
    expect(inbox.items.find((x) => x._id === alarm._id)).toMatchObject({ escalated: true });
    // An acknowledged alarm is never escalated.
    const quick = await sos('03000000034');
    await (await as('security@greenvalley.test')).post(`/api/security/${quick._id}/acknowledge`);
    await new Promise((r) => setTimeout(r, 250)); // let the 0.2 s escalation delay pass
    await h.jobs.escalation.runOnce();
    expect(await auditActions(quick._id)).not.toContain('escalate');
  });

  it('takes an alarm through processing to completed with the spec messages and pushes', async () => {
    const alarm = await sos('03000000035', 'Someone at the back door');
    const a = await as('security@greenvalley.test');
    const early = await a.put(`/api/security/${alarm._id}`, { action: 'submit', response: 'x', confirmed: true });
    expect(early.statusCode).toBe(409);
    const proceeded = await a.put(`/api/security/${alarm._id}`, { action: 'proceed', securityComplain: 'Intruder reported at back door' });
    expect(proceeded.statusCode).toBe(200);
    expect(proceeded.json()).toMatchObject({ stage: 'processing', securityStatus: false, edit: true, securityComplain: 'Intruder reported at back door' });
    // Proceeding answers the alarm, so it counts as acknowledged.
    expect(proceeded.json().acknowledgedAt).not.toBeNull();
    const bad = await a.put(`/api/security/${alarm._id}`, { action: 'submit', response: 'Checked', confirmed: false });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.responseAndCheckbox);
    const done = await a.put(`/api/security/${alarm._id}`, { action: 'submit', response: 'Guard checked, all clear', confirmed: true });
    expect(done.json()).toMatchObject({ stage: 'completed', securityStatus: true, response: 'Guard checked, all clear' });
    await h.outbox.poke();
    expect(h.pushes.filter((p) => p.data?.documentId === String(alarm._id)).map((p) => p.title)).toEqual(['Security team is on the way', 'Security Completed']);
    const [n] = await h.database.db.select({ n: count() }).from(auditLog).where(and(eq(auditLog.entity, 'security'), eq(auditLog.entityId, alarm._id)));
    expect(Number(n!.n)).toBe(4); // create, acknowledge, proceed, submit
  });

  it('flags an alarm from a resident who is away (active not-at-home window)', async () => {
    const authorization = await h.residentAuth('03000000036');
    const today = new Date().toISOString().slice(0, 10);
    const far = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const nh = await h.app.inject({ method: 'POST', url: '/api/nothome', headers: { authorization }, payload: { from: today, to: far } });
    expect(nh.statusCode).toBe(201);
    expect((await sos('03000000036')).notHomeActive).toBe(true);
    expect((await sos('03000000037')).notHomeActive).toBe(false);
  });
});
