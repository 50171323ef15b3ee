import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { auditLog, deskOverdue, outbox } from '../../src/server/db/schema.js';
import type { Complaint } from '../../src/shared/contracts/complaints.js';
import type { Deadlines, OverdueItem, OverdueRaised } from '../../src/shared/contracts/deadlines.js';
import type { ListResponse } from '../../src/shared/contracts/common.js';
import type { GroceryRequest } from '../../src/shared/contracts/grocery.js';
import { PUSH } from '../../src/shared/messages.js';
import { DEMO_SIGN_INS } from '../../src/server/seed/demo.js';
import { inTurn } from '../support/in-turn.js';
import { useHarness } from './harness.js';
import { complaintsDesk, fileComplaint } from '../support/clients/complaints.js';
import { fileGrocery } from '../support/clients/grocery.js';
import { fileDoctor } from '../support/clients/doctor.js';
import type { Order } from '../../src/shared/contracts/grocery.js';
import type { Consultation } from '../../src/shared/contracts/doctor.js';
import { staffScreens } from '../support/staff-socket.js';
import { waitFor } from '../support/wait-for.js';

const HOUR = 3_600_000;
const SUPER = 'super-admin@greenvalley.test';
/** Who may read and change the deadlines (spec deviation 90: /Deadlines is super-admin's). */
const DEADLINES_ALLOWED: ReadonlySet<string> = new Set(['super-admin']);

/**
 * Deadlines: super-admin's settings and the job that escalates an item past its stage's
 * deadline exactly once (a `desk_overdue` row, an audit row, 'overdue-raised' and the desk's
 * updated event, the optional resident push). Time moves only with the harness's manual clock.
 * The seed's own old requests are escalated once before the tests, so each test counts only its
 * own items. Residents of this file: Green Valley 03000000001–03000000010.
 */
describe('deadlines', () => {
  const h = useHarness();
  const screens = staffScreens(h);
  const complaints = complaintsDesk(h);

  beforeAll(async () => {
    await h.jobs.deadlines.runOnce();
  });

  // Signed in at each call: the clock moves by days, past a session's lifetime.
  const get = async (url: string, cookie?: string) => h.app.inject({ method: 'GET', url, headers: { cookie: cookie ?? (await h.staffCookie(SUPER)) } });
  const put = async (payload: unknown, cookie?: string) =>
    h.app.inject({ method: 'PUT', url: '/api/deadlines', headers: { cookie: cookie ?? (await h.staffCookie(SUPER)) }, payload: payload as object });
  const overdueRows = (requestId: number) => h.database.db.select().from(deskOverdue).where(eq(deskOverdue.requestId, requestId));
  /** The details of the item's 'overdue' audit rows (one per escalation). */
  const overdueAudits = async (entity: string, requestId: number) =>
    (
      await h.database.db
        .select({ detail: auditLog.detail })
        .from(auditLog)
        .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, requestId), eq(auditLog.action, 'overdue')))
    ).map((row) => row.detail);
  const pushesAbout = async (type: string, requestId: number) =>
    h.database.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(sql`${outbox.payload}->'data'->>'type' = ${type} and ${outbox.payload}->'data'->>'id' = ${String(requestId)}`);
  const heard = <T>(s: Socket, event: string): T[] => {
    const got: T[] = [];
    s.on(event, (e: T) => got.push(e));
    return got;
  };

  it('answers the defaults (24 h, 72 h, no push) to super-admin only', async () => {
    const res = await get('/api/deadlines');
    expect(res.statusCode).toBe(200);
    expect(res.json<Deadlines>().desks).toEqual(
      ['complaint', 'grocery', 'doctor'].map((desk) => ({ desk, firstActionHours: 24, completionHours: 72, notifyResident: false })),
    );
    // Every sub-role: /Deadlines is super-admin's alone (spec deviation 90). The allowed PUT writes
    // the defaults again, a change of nothing.
    const defaults = res.json<Deadlines>();
    const answers = await inTurn(DEMO_SIGN_INS, async ({ email, subRole }) => {
      const cookie = await h.staffCookie(email);
      const codes = [
        (await get('/api/deadlines', cookie)).statusCode,
        (await get('/api/deadlines/overdue', cookie)).statusCode,
        (await put(defaults, cookie)).statusCode,
      ];
      return `${subRole} → ${codes.map((c) => (c === 403 ? 403 : 'allowed')).join(', ')}`;
    });
    expect(answers).toEqual(
      DEMO_SIGN_INS.map(({ subRole }) => `${subRole} → ${DEADLINES_ALLOWED.has(subRole) ? 'allowed, allowed, allowed' : '403, 403, 403'}`),
    );
    expect((await h.app.inject({ method: 'GET', url: '/api/deadlines' })).statusCode).toBe(401);
    expect((await get('/api/deadlines')).json<Deadlines>().desks[2]).toMatchObject({ firstActionHours: 24 });
  });

  it('refuses hours outside 1–8760, non-integers and a repeated desk with a 400 naming the field, writing nothing', async () => {
    const audits = async () =>
      (
        await h.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(auditLog)
          .where(eq(auditLog.entity, 'deadline'))
      )[0]!.n;
    const before = await audits();
    const ok = { desk: 'doctor', firstActionHours: 24, completionHours: 72, notifyResident: false };
    const cases: [unknown, string][] = [
      [{ desks: [{ ...ok, firstActionHours: 0 }] }, 'desks.0.firstActionHours'],
      [{ desks: [{ ...ok, completionHours: 8761 }] }, 'desks.0.completionHours'],
      [{ desks: [{ ...ok, firstActionHours: 1.5 }] }, 'desks.0.firstActionHours'],
      [{ desks: [{ ...ok, firstActionHours: '24' }] }, 'desks.0.firstActionHours'],
      [{ desks: [ok, { ...ok, firstActionHours: 5 }] }, 'desks.1.desk'],
      [{ desks: [{ ...ok, desk: 'security' }] }, 'desks.0.desk'],
      [{ desks: [] }, 'desks'],
    ];
    for (const [payload, field] of cases) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ field?: string }>().field, JSON.stringify(payload)).toBe(field);
    }
    expect(await audits()).toBe(before);
    expect((await get('/api/deadlines')).json<Deadlines>().desks[2]).toEqual({ ...ok });
  });

  it('escalates a complaint once at 24 h: one overdue row, one audit row, overdue-raised and complain-updated; a second run does nothing', async () => {
    const complaintsScreen = await screens.open('complaints@greenvalley.test');
    const superScreen = await screens.open(SUPER);
    const raisedToDesk = heard<OverdueRaised>(complaintsScreen, 'overdue-raised');
    const raisedToSuper = heard<OverdueRaised>(superScreen, 'overdue-raised');
    const updated = heard<Complaint>(complaintsScreen, 'complain-updated');
    const c = await fileComplaint(h, '03000000001', 'Street light out for a day');
    expect(c.overdueSince).toBeNull();

    h.clock.advance(24 * HOUR - 60_000);
    await h.jobs.deadlines.runOnce();
    expect(await overdueRows(c._id)).toEqual([]);

    h.clock.advance(60_000);
    await h.jobs.deadlines.runOnce();
    const rows = await overdueRows(c._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ stage: 'new', desk: 'complaint' });
    expect(rows[0]!.dueAt.getTime()).toBe(new Date(c.pressedTime).getTime() + 24 * HOUR);
    expect(await overdueAudits('complaint', c._id)).toEqual(['Past the new deadline']);
    const mine = <T extends { requestId?: number; _id?: number }>(list: T[]): T[] => list.filter((e) => (e.requestId ?? e._id) === c._id);
    await waitFor(() => mine(raisedToDesk).length === 1 && mine(raisedToSuper).length === 1 && mine(updated).length === 1, 'the live events');
    expect(mine(raisedToSuper)[0]).toMatchObject({ desk: 'complaint', stage: 'new', requestId: c._id, since: rows[0]!.escalatedAt.toISOString() });
    expect(mine(updated)[0]!.overdueSince).toBe(rows[0]!.escalatedAt.toISOString());
    // Without notify_resident (the default), no push.
    expect(await pushesAbout('complaint', c._id)).toEqual([]);

    await h.jobs.deadlines.runOnce();
    h.clock.advance(HOUR);
    await h.jobs.deadlines.runOnce();
    expect(await overdueRows(c._id)).toHaveLength(1);
    expect(await overdueAudits('complaint', c._id)).toEqual(['Past the new deadline']);
    // Its events came once; a later event of the same socket would already be here (one server, in order).
    const marker = new Promise((resolve) => superScreen.once('overdue-raised', resolve));
    const other = await fileComplaint(h, '03000000002', 'Marker');
    h.clock.advance(25 * HOUR);
    await h.jobs.deadlines.runOnce();
    await marker;
    expect(mine(raisedToSuper)).toHaveLength(1);
    expect((await overdueRows(other._id)).length).toBe(1);
  });

  it('counts the processing deadline from Proceed: overdue 72 h after it, not after filing', async () => {
    const c = await fileComplaint(h, '03000000003', 'Water leak in the lane');
    h.clock.advance(10 * HOUR);
    const cookie = await h.staffCookie('complaints@greenvalley.test');
    expect((await complaints.put(cookie, c._id, { action: 'proceed' })).statusCode).toBe(200);
    h.clock.advance(72 * HOUR - 60_000);
    await h.jobs.deadlines.runOnce();
    expect(await overdueRows(c._id)).toEqual([]);
    h.clock.advance(60_000);
    await h.jobs.deadlines.runOnce();
    const rows = await overdueRows(c._id);
    expect(rows.map((r) => r.stage)).toEqual(['processing']);
    expect(await overdueAudits('complaint', c._id)).toEqual(['Past the processing deadline']);
    const detail = (await get(`/api/complain/${c._id}`, await h.staffCookie('complaints@greenvalley.test'))).json<Complaint>();
    expect(detail.overdueSince).toBe(rows[0]!.escalatedAt.toISOString());
  });

  it('never escalates a stage that is off, and pushes the resident once when "Tell the resident" is on', async (ctx) => {
    // The society's settings are shared by the file's tests: put the defaults back afterwards.
    const before = (await get('/api/deadlines')).json<Deadlines>();
    ctx.onTestFinished(async () => {
      expect((await put(before)).statusCode).toBe(200);
    });
    const res = await put({
      desks: [
        { desk: 'doctor', firstActionHours: null, completionHours: 72, notifyResident: true },
        { desk: 'grocery', firstActionHours: 2, completionHours: 72, notifyResident: true },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Deadlines>().desks.find((d) => d.desk === 'doctor')).toEqual({
      desk: 'doctor',
      firstActionHours: null,
      completionHours: 72,
      notifyResident: true,
    });
    const [audit] = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'deadline'), sql`${auditLog.detail} like 'doctor:%'`));
    expect(audit).toMatchObject({ actorName: expect.any(String), action: 'update', detail: 'doctor: 24 h / 72 h → off / 72 h, tell the resident' });

    const authorization = await h.residentAuth('03000000004');
    const doc = await h.app.inject({ method: 'POST', url: '/api/doctor', headers: { authorization }, payload: { description: 'Fever' } });
    expect(doc.statusCode).toBe(201);
    const g: GroceryRequest = await fileGrocery(h, '03000000005', 'Milk');
    h.clock.advance(2 * HOUR);
    await h.jobs.deadlines.runOnce();
    await h.jobs.deadlines.runOnce();
    h.clock.advance(1000 * HOUR);
    await h.jobs.deadlines.runOnce();
    expect(await overdueRows(doc.json<{ _id: number }>()._id)).toEqual([]);
    expect(await overdueRows(g._id)).toHaveLength(1);
    const pushes = await pushesAbout('order', g._id);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.payload).toMatchObject({
      title: PUSH.overdue.grocery.title,
      body: 'Your grocery request is taking longer than usual; the committee has been told.',
    });
  });

  it('lists overdue items (overdue=1 on the stage list, /api/deadlines/overdue) with their totals, and drops a handled one', async () => {
    const late = await fileComplaint(h, '03000000006', 'Overdue gate repair zq');
    h.clock.advance(30 * HOUR);
    const fresh = await fileComplaint(h, '03000000007', 'Fresh gate repair zq');
    await h.jobs.deadlines.runOnce();
    const cookie = await h.staffCookie('complaints@greenvalley.test');

    const onlyOverdue = (await complaints.list(cookie, '?stage=new&overdue=1&q=gate%20repair%20zq')).json<ListResponse<Complaint>>();
    expect(onlyOverdue.items.map((i) => i._id)).toEqual([late._id]);
    expect(onlyOverdue).toMatchObject({ total: 1, totalExact: true });
    expect(onlyOverdue.items[0]!.overdueSince).toEqual(expect.any(String));
    const all = (await complaints.list(cookie, '?stage=new&q=gate%20repair%20zq')).json<ListResponse<Complaint>>();
    expect(all.items.map((i) => i._id)).toEqual([fresh._id, late._id]);
    expect(all.items[0]!.overdueSince).toBeNull();
    const unsearched = (await complaints.list(cookie, '?stage=new&overdue=1')).json<ListResponse<Complaint>>();
    expect(unsearched.items.map((i) => i._id)).toContain(late._id);
    expect(unsearched.items.every((i) => i.overdueSince)).toBe(true);
    expect(unsearched.items.map((i) => i._id)).not.toContain(fresh._id);
    const bad = await complaints.list(cookie, '?stage=new&overdue=yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ field?: string }>().field).toBe('overdue');

    const page = (await get('/api/deadlines/overdue')).json<ListResponse<OverdueItem>>();
    expect(page.total).toBeGreaterThanOrEqual(1);
    const ids = page.items.map((i) => i._id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const lateRow = (await overdueRows(late._id))[0]!;
    const code = page.items.find((i) => i.requestId === late._id)!.residentCode;
    const byCode = (await get(`/api/deadlines/overdue?q=${code}`)).json<ListResponse<OverdueItem>>();
    expect(byCode.items.find((i) => i.requestId === late._id)).toEqual({
      _id: lateRow.id,
      desk: 'complaint',
      requestId: late._id,
      stage: 'new',
      residentName: expect.any(String),
      residentCode: code,
      since: lateRow.escalatedAt.toISOString(),
      dueAt: lateRow.dueAt.toISOString(),
    });
    expect(byCode.items.every((i) => i.residentCode === code)).toBe(true);

    // Proceeding the item takes it off the overdue list (its new stage has its own deadline).
    expect((await complaints.put(cookie, late._id, { action: 'proceed' })).statusCode).toBe(200);
    const after = (await get('/api/deadlines/overdue?page=1')).json<ListResponse<OverdueItem>>();
    expect(after.total).toBe(page.total - 1);
    const proceeded = (await get(`/api/complain/${late._id}`, cookie)).json<Complaint>();
    expect(proceeded.overdueSince).toBeNull();
  });
  it('lists the open orders and consultations past the processing deadline (overdue=1 on /Orders and /Prescription)', async () => {
    const grocery = await h.staffCookie('grocery@greenvalley.test');
    const doctor = await h.staffCookie('doctor@greenvalley.test');
    const send = (cookie: string, method: 'POST' | 'PUT', url: string, payload: object) => h.app.inject({ method, url, headers: { cookie }, payload });
    const late = await fileGrocery(h, '03000000009', 'Overdue order zq');
    expect(
      (await send(grocery, 'POST', '/api/orders', { requestId: late._id, items: [{ itemName: 'Rice', quantity: 1, currency: 'Kilogram', price: 100 }] }))
        .statusCode,
    ).toBe(201);
    const visit = await fileDoctor(h, '03000000010', 'Overdue visit zq');
    expect((await send(doctor, 'PUT', `/api/doctor/${visit._id}/link`, { meetingId: `room-${visit._id}` })).statusCode).toBe(200);
    h.clock.advance(73 * HOUR);
    await h.jobs.deadlines.runOnce();
    // Signed in again: the sessions above ended while the clock moved.
    const groceryNow = await h.staffCookie('grocery@greenvalley.test');
    const doctorNow = await h.staffCookie('doctor@greenvalley.test');
    const fresh = await fileGrocery(h, '03000000009', 'Fresh order zq');
    expect(
      (await send(groceryNow, 'POST', '/api/orders', { requestId: fresh._id, items: [{ itemName: 'Salt', quantity: 1, currency: 'packet', price: 50 }] }))
        .statusCode,
    ).toBe(201);

    const list = async (cookie: string, url: string) => (await get(url, cookie)).json<ListResponse<Order | Consultation>>();
    const overdueOrders = await list(groceryNow, '/api/orders?stage=open&overdue=1&q=zq');
    expect(overdueOrders.items.map((o) => o._id)).toEqual([late._id]);
    expect(overdueOrders.items[0]!.overdueSince).toEqual(expect.any(String));
    expect((await list(groceryNow, '/api/orders?stage=open&q=zq')).items.map((o) => o._id)).toEqual([fresh._id, late._id]);
    const overdueVisits = await list(doctorNow, '/api/consultations?stage=open&overdue=1&q=zq');
    expect(overdueVisits.items.map((c) => c._id)).toEqual([visit._id]);
    expect(await overdueAudits('grocery', late._id)).toEqual(['Past the processing deadline']);
  });
});
