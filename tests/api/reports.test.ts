import { and, asc, count, desc, eq, gt } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, deskRequests, reportDays, residents, societies, staffUsers } from '../../src/server/db/schema.js';
import type { Report } from '../../src/shared/contracts/reports.js';
import { MSG } from '../../src/shared/messages.js';
import { complaintsDesk, fileComplaint } from '../support/clients/complaints.js';
import { fileGrocery } from '../support/clients/grocery.js';
import { postNotHome } from '../support/clients/not-home.js';
import { raiseAlarm } from '../support/clients/security.js';
import { signedInStaff } from '../support/clients/sessions.js';
import { readExport, serialToWall } from '../support/xlsx-export.js';
import { DEMO_SIGN_INS } from '../../src/server/seed/demo.js';
import type { SubRole } from '../../src/shared/subroles.js';
import { useHarness } from './harness.js';

/**
 * Who may read each desk's report: the sub-roles whose menu holds the desk's pages (spec section
 * 2; button-one's also holds the complaint pages) and super-admin, who oversees every desk (spec
 * deviation 88). Written out here, not read from the product's own table.
 */
const REPORT_ALLOWED: Record<string, readonly SubRole[]> = {
  complaints: ['button-one', 'complian', 'super-admin'],
  security: ['button-one', 'super-admin'],
  grocery: ['button-three', 'super-admin'],
  doctor: ['button-two', 'super-admin'],
};

/**
 * /Reports over a scripted day in Green Valley (Asia/Karachi, UTC+5): the manual clock is set to
 * Tuesday 2030-01-15 09:00 local (04:00 UTC), far from the seed's data, and every item is filed
 * through the API at known times. Residents of this file: Green Valley 03000000031–03000000045.
 */
const T0 = Date.parse('2030-01-15T04:00:00Z');
const DAY = '2030-01-15';
const NEXT = '2030-01-16';
const MIN = 60_000;

describe('reports', () => {
  // The sub-role matrix exports every desk's figures as each account: more than the default limit a minute.
  const h = useHarness({ ESCALATE_AFTER_S: '60', EXPORT_MAX_PER_MINUTE: '100' });
  const staff = signedInStaff(h);
  // Signed in after the scripted day (the day's own sessions have gone idle by 23:30 UTC).
  const viewer = signedInStaff(h);
  const desk = complaintsDesk(h);
  const at = (ms: number) => h.clock.set(new Date(T0 + ms));
  const report = async (email: string, deskName: string, qs: string) => viewer.send('GET', `/api/reports/${deskName}${qs}`, email);
  const custom = (from: string, to: string) => `?period=custom&from=${from}&to=${to}`;
  const staffId = async (email: string) => (await h.database.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email)))[0]!.id;

  beforeAll(async () => {
    at(0);
    // Complaints: six filed a minute apart from 09:00 local; first actions after 600, 1200, 3600
    // and 10,800 s; two completed after 14,400 and 17,940 s.
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      at(i * MIN);
      ids.push((await fileComplaint(h, `030000000${31 + i}`, `Report complaint ${i + 1}`))._id);
    }
    const cookie = await staff.cookie('complaints@greenvalley.test');
    const put = async (ms: number, id: number, payload: object) => {
      at(ms);
      expect((await desk.put(cookie, id, payload)).statusCode).toBe(200);
    };
    await put(600_000, ids[0]!, { action: 'proceed' });
    await put(60_000 + 1_200_000, ids[1]!, { action: 'proceed' });
    await put(120_000 + 3_600_000, ids[2]!, { action: 'proceed' });
    await put(180_000 + 10_800_000, ids[3]!, { action: 'proceed' });
    await put(14_400_000, ids[0]!, { action: 'submit', response: 'Fixed', confirmed: true });
    await put(60_000 + 17_940_000, ids[1]!, { action: 'submit', response: 'Fixed', confirmed: true });

    // Security from 15:00 local (T1): a not-at-home request (guard after 30 min) and one without a
    // guard; an alarm with a merged press (ack after 20 s); one while the resident is away (ack
    // after 40 s); one escalated by the job (ack after 120 s).
    const T1 = 6 * 60 * MIN;
    const away = await h.residentAuth('03000000041');
    at(T1);
    const filed = await postNotHome(h.app, away, { from: DAY, to: NEXT });
    expect(filed.statusCode).toBe(201);
    const other = await h.residentAuth('03000000042');
    expect((await postNotHome(h.app, other, { from: DAY, to: DAY })).statusCode).toBe(201);
    const sec = await staff.cookie('security@greenvalley.test');
    const ack = async (ms: number, id: number) => {
      at(ms);
      expect((await h.app.inject({ method: 'POST', url: `/api/security/${id}/acknowledge`, headers: { cookie: sec } })).statusCode).toBe(200);
    };
    const presser = await h.residentAuth('03000000043');
    at(T1 + 60_000);
    const s1 = await raiseAlarm(h.app, presser);
    at(T1 + 70_000);
    expect((await raiseAlarm(h.app, presser))._id).toBe(s1._id);
    await ack(T1 + 80_000, s1._id);
    at(T1 + 100_000);
    const s3 = await raiseAlarm(h.app, away);
    await ack(T1 + 140_000, s3._id);
    const late = await h.residentAuth('03000000044');
    at(T1 + 200_000);
    const s2 = await raiseAlarm(h.app, late);
    at(T1 + 261_000);
    await h.jobs.escalation.runOnce();
    await ack(T1 + 320_000, s2._id);
    at(T1 + 30 * MIN);
    const assigned = await h.app.inject({
      method: 'PUT',
      url: `/api/nothome/update/${filed.json<{ _id: number }>()._id}`,
      headers: { cookie: sec },
      payload: { guardName: 'Aslam', guardPhone: '03001234567', guardEmail: 'aslam@example.com' },
    });
    expect(assigned.statusCode).toBe(200);
    // A drill alarm (inserted directly): merged, escalated and acknowledged, yet left out of every figure.
    const [drillResident] = await h.database.db
      .select({ id: residents.id, societyId: residents.societyId })
      .from(residents)
      .where(eq(residents.phone, '03000000045'));
    await h.database.db.insert(deskRequests).values({
      desk: 'security',
      societyId: drillResident!.societyId,
      residentId: drillResident!.id,
      createdAt: new Date(T0 + T1 + 400_000),
      acknowledgedAt: new Date(T0 + T1 + 405_000),
      escalatedAt: new Date(T0 + T1 + 401_000),
      pressCount: 3,
      isDrill: true,
      acknowledgedBy: await staffId('security@greenvalley.test'),
    });
    const [drill] = await h.database.db.select({ id: deskRequests.id }).from(deskRequests).where(eq(deskRequests.isDrill, true));
    await h.database.db.insert(auditLog).values({
      societyId: drillResident!.societyId,
      actorKind: 'staff',
      actorId: await staffId('security@greenvalley.test'),
      actorName: 'Security',
      entity: 'security',
      entityId: drill!.id,
      action: 'acknowledge',
      at: new Date(T0 + T1 + 405_000),
    });

    // Grocery at 17:00 local: two orders placed; one delivered at 18:00 (451.00), the other at
    // 01:00 local on the 16th (510.00).
    const shop = await staff.cookie('grocery@greenvalley.test');
    const send = async (ms: number, method: 'POST' | 'PUT', url: string, payload: object, status: number) => {
      at(ms);
      const res = await h.app.inject({ method, url, headers: { cookie: shop }, payload });
      expect(res.statusCode, res.body).toBe(status);
    };
    at(8 * 60 * MIN);
    const g1 = await fileGrocery(h, '03000000038', 'Rice for the week');
    const g2 = await fileGrocery(h, '03000000039', 'Bread');
    await send(
      8 * 60 * MIN + 10 * MIN,
      'POST',
      '/api/orders',
      { requestId: g1._id, items: [{ itemName: 'Rice', quantity: 2.5, currency: 'Kilogram', price: 120.4 }] },
      201,
    );
    await send(
      8 * 60 * MIN + 11 * MIN,
      'POST',
      '/api/orders',
      { requestId: g2._id, items: [{ itemName: 'Bread', quantity: 2, currency: 'packet', price: 180 }] },
      201,
    );
    await send(9 * 60 * MIN, 'PUT', `/api/orders/${g1._id}`, { action: 'deliver' }, 200);
    h.clock.set(new Date('2030-01-15T20:00:00Z'));
    const late2 = await h.app.inject({ method: 'PUT', url: `/api/orders/${g2._id}`, headers: { cookie: shop }, payload: { action: 'deliver' } });
    expect(late2.statusCode, late2.body).toBe(200);

    // 23:30 UTC on the 15th is 04:30 on the 16th in Karachi.
    h.clock.set(new Date('2030-01-15T23:30:00Z'));
    await fileComplaint(h, '03000000037', 'Filed after midnight, local time');
  });

  it("counts the day's complaints by stage and local day, with p50/p90 by percentile_cont", async () => {
    const res = await report('complaints@greenvalley.test', 'complaints', custom(DAY, NEXT));
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<Report>();
    expect(r.range).toEqual({ from: DAY, to: NEXT, timeZone: 'Asia/Karachi', days: 2 });
    expect(r.volume.byDay).toEqual([
      { day: DAY, new: 2, processing: 2, completed: 2 },
      { day: NEXT, new: 1, processing: 0, completed: 0 },
    ]);
    // Heat: Tuesday (ISO 2) 09:00 holds the six; Wednesday (3) 04:00 the one filed at 23:30 UTC.
    expect(r.volume.heat).toEqual(
      expect.arrayContaining([
        { dow: 2, hour: 9, n: 6 },
        { dow: 3, hour: 4, n: 1 },
      ]),
    );
    expect(r.volume.heat).toHaveLength(2);
    // First action [600, 1200, 3600, 10800]: p50 at rank 1.5 → 1200 + 0.5 × 2400 = 2400;
    // p90 at rank 2.7 → 3600 + 0.7 × 7200 = 8640.
    const first = r.speed!.firstAction;
    expect({ n: first.n, p50S: first.p50S, p90S: first.p90S, maxS: first.maxS }).toEqual({ n: 4, p50S: 2400, p90S: 8640, maxS: 10_800 });
    expect(first.histogram.map((b) => b.n)).toEqual([0, 1, 1, 2, 0, 0, 0]);
    expect(first.histogram.map((b) => b.label)).toEqual(['< 5m', '5m–15m', '15m–1h', '1h–4h', '4h–24h', '24h–72h', '≥ 72h']);
    // Completion [14400, 17940]: p50 16170; p90 14400 + 0.9 × 3540 = 17586.
    const done = r.speed!.completion;
    expect(done.n).toBe(2);
    expect(done.p50S).toBeCloseTo(16_170, 6);
    expect(done.p90S).toBeCloseTo(17_586, 6);
    expect(done.maxS).toBe(17_940);
    expect(done.histogram.map((b) => b.n)).toEqual([0, 0, 0, 0, 2, 0, 0]);
    // Staff: 4 proceeds + 2 submits by the complaints desk; their median first action 2400 s.
    expect(r.staff).toEqual([{ staffId: await staffId('complaints@greenvalley.test'), name: expect.any(String), actions: 6, medianResponseS: 2400 }]);
    expect(r.security).toBeNull();
    expect(r.grocery).toBeNull();
    expect(r.overdue).toEqual({ now: [], becameOverdue: 0, share: 0 });
  });

  it("'today' is the local day of the clock: only the complaint filed at 23:30 UTC", async () => {
    const r = (await report('complaints@greenvalley.test', 'complaints', '?period=today')).json<Report>();
    expect(r.range).toMatchObject({ from: NEXT, to: NEXT, days: 1 });
    expect(r.volume.byDay).toEqual([{ day: NEXT, new: 1, processing: 0, completed: 0 }]);
    const week = (await report('complaints@greenvalley.test', 'complaints', '?period=7d')).json<Report>();
    expect(week.range).toMatchObject({ from: '2030-01-10', to: NEXT, days: 7 });
    expect(week.volume.byDay).toHaveLength(7);
  });

  it('security: acknowledgement times, escalations, merged presses, away and not-at-home, drills left out', async () => {
    const res = await report('security@greenvalley.test', 'security', custom(DAY, DAY));
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<Report>();
    const s = r.security!;
    expect({
      alarms: s.alarms,
      escalated: s.escalated,
      raisedWhileAway: s.raisedWhileAway,
      mergedAlarms: s.mergedAlarms,
      mergedPresses: s.mergedPresses,
    }).toEqual({
      alarms: 3,
      escalated: 1,
      raisedWhileAway: 1,
      mergedAlarms: 1,
      mergedPresses: 1,
    });
    expect(s.escalatedShare).toBeCloseTo(1 / 3, 9);
    // Ack [20, 40, 120]: p50 40; p90 at rank 1.8 → 40 + 0.8 × 80 = 104.
    expect({ n: s.ack.n, p50S: s.ack.p50S, p90S: s.ack.p90S, maxS: s.ack.maxS }).toEqual({ n: 3, p50S: 40, p90S: 104, maxS: 120 });
    expect(s.ack.histogram.map((b) => b.n)).toEqual([0, 1, 1, 0, 1, 0, 0]);
    expect(s.notHome).toMatchObject({ requests: 2, withGuard: 1, withoutGuard: 1 });
    expect({ p50S: s.notHome.toAssign.p50S, maxS: s.notHome.toAssign.maxS }).toEqual({ p50S: 1800, maxS: 1800 });
    expect(r.volume.byDay).toEqual([{ day: DAY, new: 3, processing: 0, completed: 0 }]);
    expect(r.speed).toBeNull();
    expect(r.overdue).toBeNull();
    // The security desk: 3 acknowledgements and a guard assignment; median acknowledgement 40 s.
    expect(r.staff).toEqual([{ staffId: await staffId('security@greenvalley.test'), name: expect.any(String), actions: 4, medianResponseS: 40 }]);
  });

  it('grocery: orders placed and the value delivered per local day, money as exact numbers', async () => {
    const r = (await report('grocery@greenvalley.test', 'grocery', custom(DAY, NEXT))).json<Report>();
    expect(r.grocery!.byDay).toEqual([
      { day: DAY, orders: 2, deliveredValue: 451 },
      { day: NEXT, orders: 0, deliveredValue: 510 },
    ]);
    expect(r.volume.byDay).toEqual([
      { day: DAY, new: 0, processing: 0, completed: 2 },
      { day: NEXT, new: 0, processing: 0, completed: 0 },
    ]);
    expect(r.speed!.completion).toMatchObject({ n: 2, maxS: 8 * 60 * 60 });
  });

  it('an empty period gives zeros and nulls', async () => {
    const r = (await report('super-admin@greenvalley.test', 'grocery', custom('2030-01-01', '2030-01-02'))).json<Report>();
    expect(r.volume).toEqual({
      byDay: [
        { day: '2030-01-01', new: 0, processing: 0, completed: 0 },
        { day: '2030-01-02', new: 0, processing: 0, completed: 0 },
      ],
      heat: [],
    });
    expect(r.speed!.firstAction).toMatchObject({ n: 0, p50S: null, p90S: null, maxS: null });
    expect(r.speed!.completion.histogram.every((b) => b.n === 0)).toBe(true);
    expect(r.grocery!.byDay).toEqual([
      { day: '2030-01-01', orders: 0, deliveredValue: 0 },
      { day: '2030-01-02', orders: 0, deliveredValue: 0 },
    ]);
    expect(r.staff).toEqual([]);
    expect(r.overdue).toEqual({ now: [], becameOverdue: 0, share: null });
    const sec = (await report('super-admin@greenvalley.test', 'security', custom('2030-01-01', '2030-01-01'))).json<Report>();
    expect(sec.security).toMatchObject({ alarms: 0, escalated: 0, escalatedShare: null, raisedWhileAway: 0, mergedPresses: 0 });
    expect(sec.security!.ack).toMatchObject({ n: 0, p50S: null, maxS: null });
  });

  it.each(Object.entries(REPORT_ALLOWED))(
    "the %s report and its export: the desk's sub-roles and super-admin, every other sub-role 403",
    async (deskName, allowed) => {
      const answers = [];
      for (const { email, subRole } of DEMO_SIGN_INS) {
        const codes = [(await report(email, deskName, '')).statusCode, (await report(email, `${deskName}/export`, '?figure=volume')).statusCode];
        answers.push(`${subRole} → ${codes.map((c) => (c === 403 ? 403 : 'allowed')).join(', ')}`);
      }
      expect(answers).toEqual(DEMO_SIGN_INS.map(({ subRole }) => `${subRole} → ${allowed.includes(subRole) ? 'allowed, allowed' : '403, 403'}`));
    },
  );

  it('403 for a desk outside the sub-role, 400 naming the field for a bad period', async () => {
    const forbidden = await report('complaints@greenvalley.test', 'security', '');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(MSG.reportNotYourDesk);
    const cases: [string, string, string][] = [
      ['?period=custom&to=2030-01-15', 'from', MSG.reportDayRequired],
      ['?period=custom&from=2030-01-15', 'to', MSG.reportDayRequired],
      [custom('2030-01-15', '2030-01-14'), 'to', 'The end date cannot be before the start date.'],
      [custom('2029-01-14', '2030-01-15'), 'to', MSG.reportRangeTooLong],
      [custom('2030-01-16', '2030-01-17'), 'to', MSG.reportFutureDay],
      [custom('2030-02-30', '2030-03-01'), 'from', 'Not a date on the calendar.'],
      ['?period=year', 'period', 'Period must be today, 7d, 30d or custom.'],
    ];
    for (const [qs, field, message] of cases) {
      const res = await report('complaints@greenvalley.test', 'complaints', qs);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json(), qs).toMatchObject({ field, message });
    }
    // 366 days inclusive is allowed.
    expect((await report('complaints@greenvalley.test', 'complaints', custom('2029-01-16', NEXT))).statusCode).toBe(200);
    expect((await report('super-admin@greenvalley.test', 'kitchen', '')).statusCode).toBe(400);
  });

  it("downloads a figure's numbers as .xlsx: the report's own numbers, audited; 400 for a figure the desk has not", async () => {
    // Only this test's audit rows: other tests export figures too.
    const [last] = await h.database.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    const r = (await report('complaints@greenvalley.test', 'complaints', custom(DAY, NEXT))).json<Report>();
    const file = readExport(await report('complaints@greenvalley.test', 'complaints/export', `${custom(DAY, NEXT)}&figure=volume`));
    expect(file.header).toEqual(['Day', 'New', 'Processing', 'Completed']);
    // Days are date cells (serials), counts numbers.
    expect(file.rows.map((row) => [serialToWall(Number(row[0]!.v)).slice(0, 10), row[1]!.v, row[2]!.v, row[3]!.v])).toEqual(
      r.volume.byDay.map((d) => [d.day, d.new, d.processing, d.completed]),
    );
    expect(file.rows[0]![0]!.t).toBe('n');
    expect(file.about.get('Figure')).toBe('volume');
    const speed = readExport(await report('complaints@greenvalley.test', 'complaints/export', `${custom(DAY, NEXT)}&figure=firstAction`));
    expect(speed.rows.find((row) => row[0]!.v === 'Median (s)')![1]!.v).toBe(2400);
    // In the order they were written (without an ORDER BY, PostgreSQL may return them either way).
    const audits = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'report'), gt(auditLog.id, last!.id)))
      .orderBy(asc(auditLog.id));
    expect(audits.map((a) => a.detail)).toEqual([expect.stringContaining('figure=volume'), expect.stringContaining('figure=firstAction')]);
    // Refused before the report is computed: days no report has read yet get no rollup rows.
    const rolledUp = async () => (await h.database.db.select({ n: count() }).from(reportDays))[0]!.n;
    const before = await rolledUp();
    const notHere = await report('complaints@greenvalley.test', 'complaints/export', `${custom('2028-03-01', '2028-03-31')}&figure=security`);
    expect(notHere.statusCode).toBe(400);
    expect(notHere.json()).toMatchObject({ field: 'figure', message: MSG.reportFigureNotForDesk });
    expect(await rolledUp()).toBe(before);
    expect((await report('complaints@greenvalley.test', 'complaints/export', '?figure=kitchen')).json()).toMatchObject({ field: 'figure' });
    expect((await report('complaints@greenvalley.test', 'security/export', '?figure=security')).statusCode).toBe(403);
  });
  it('puts each complaint in its local hour in a zone a quarter-hour off UTC (Kathmandu, +05:45)', async () => {
    // Lake City's own complaints, on a day no other test reports on.
    const lakeCity = eq(societies.name, 'Lake City');
    await h.database.db.update(societies).set({ timeZone: 'Asia/Kathmandu' }).where(lakeCity);
    try {
      // 03:10 and 03:20 UTC are in one UTC hour, but 08:55 and 09:05 in Kathmandu.
      for (const [utc, text] of [
        ['2030-02-20T03:10:00Z', 'Filed at 08:55 Kathmandu time'],
        ['2030-02-20T03:20:00Z', 'Filed at 09:05 Kathmandu time'],
      ] as const) {
        h.clock.set(new Date(utc));
        await fileComplaint(h, '03100000021', text);
      }
      const res = await report('complaints@lakecity.test', 'complaints', custom('2030-02-20', '2030-02-20'));
      expect(res.statusCode, res.body).toBe(200);
      const r = res.json<Report>();
      expect(r.range.timeZone).toBe('Asia/Kathmandu');
      expect(r.volume.byDay).toEqual([{ day: '2030-02-20', new: 2, processing: 0, completed: 0 }]);
      // 2030-02-20 is a Wednesday (ISO 3).
      expect(r.volume.heat).toEqual(
        expect.arrayContaining([
          { dow: 3, hour: 8, n: 1 },
          { dow: 3, hour: 9, n: 1 },
        ]),
      );
      expect(r.volume.heat).toHaveLength(2);
    } finally {
      await h.database.db.update(societies).set({ timeZone: 'Asia/Karachi' }).where(lakeCity);
    }
  });
});
