/**
 * The reports' rollup (report_days, ADR 0008): a report over days that ended two or more days ago
 * reads them from the rollup, built once as of the clock, and still gives what a live scan gives
 * after items of those days move on, and after the society changes its time zone. Green Valley
 * (Asia/Karachi, UTC+5), March 2031: far from the seed's data and from the other report tests'.
 */
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reportDays, reportDayStaff, societies, staffUsers } from '../../src/server/db/schema.js';
import { inSociety } from '../../src/server/db/society-scope.js';
import { reportsRepo, type ReportRange } from '../../src/server/modules/reports/repo.js';
import type { Report } from '../../src/shared/contracts/reports.js';
import { complaintsDesk, fileComplaint } from '../support/clients/complaints.js';
import { useHarness } from './harness.js';

const A = '2031-03-03'; // Monday
const B = '2031-03-04';
const C = '2031-03-05';
const BOUNDS = [300, 900, 3600, 14_400, 86_400, 259_200];

describe('reports: the rollup of closed days', () => {
  const h = useHarness();
  const desk = complaintsDesk(h);
  const greenValley = eq(societies.name, 'Green Valley');
  const at = (iso: string) => h.clock.set(new Date(iso));
  /** A staff action at `iso` with a fresh sign-in (a session goes idle over the days between). */
  const act = async (iso: string, id: number, payload: object) => {
    at(iso);
    const res = await desk.put(await h.staffCookie('complaints@greenvalley.test'), id, payload);
    expect(res.statusCode, res.body).toBe(200);
  };
  const report = async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/reports/complaints?period=custom&from=${A}&to=${C}`,
      headers: { cookie: await h.staffCookie('complaints@greenvalley.test') },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Report>();
  };
  const rollupRows = async () => {
    const [gv] = await h.database.db.select({ id: societies.id }).from(societies).where(greenValley);
    return h.database.db
      .select({ day: reportDays.day, timeZone: reportDays.timeZone, asOf: reportDays.asOf, hours: reportDays.hours })
      .from(reportDays)
      .where(and(eq(reportDays.societyId, gv!.id), eq(reportDays.desk, 'complaint')))
      .orderBy(asc(reportDays.day));
  };
  /** The volume, speed and staff figures' raw sums over A–C read live, and read through the rollup as the report did. */
  const liveAndRolled = async (timeZone: string) => {
    const [gv] = await h.database.db.select({ id: societies.id }).from(societies).where(greenValley);
    const rows = await rollupRows();
    const minAsOf = rows.reduce((m, r) => (r.asOf < m ? r.asOf : m), rows[0]!.asOf);
    const live: ReportRange = { societyId: gv!.id, timeZone, from: A, to: C };
    const rolled: ReportRange = { ...live, rolled: { to: C, minAsOf } };
    const figures = (r: ReportRange) =>
      inSociety(h.database.db, gv!.id, async (tx) => {
        const repo = reportsRepo(tx);
        return {
          volume: await repo.volumeScan(r, 'complaint'),
          speed: await repo.speedScan(r, 'complaint', BOUNDS),
          staff: await repo.staff(r, 'complaint', ['complaint']),
        };
      });
    return { live: await figures(live), rolled: await figures(rolled) };
  };
  const sortedHeat = (r: Report) => [...r.volume.heat].sort((x, y) => x.dow - y.dow || x.hour - y.hour);

  it('reads closed days from the rollup, adds what moved since, and rebuilds them in a new time zone', async () => {
    const staffId = (await h.database.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, 'complaints@greenvalley.test')))[0]!.id;
    // Day A, 10:00 local (05:00 UTC): three complaints a minute apart; the first proceeded after
    // 10 min and completed after 1 h. Day B, 11:00 local: two; the first proceeded after 20 min.
    // Day C, 23:50 local (18:50 UTC): one.
    const ids: number[] = [];
    for (const [iso, phone] of [
      ['2031-03-03T05:00:00Z', '03000000031'],
      ['2031-03-03T05:01:00Z', '03000000032'],
      ['2031-03-03T05:02:00Z', '03000000033'],
      ['2031-03-04T06:00:00Z', '03000000034'],
      ['2031-03-04T06:01:00Z', '03000000035'],
      ['2031-03-05T18:50:00Z', '03000000036'],
    ] as const) {
      at(iso);
      ids.push((await fileComplaint(h, phone, `Rollup complaint filed ${iso}`))._id);
    }
    const [c1, c2, , c4, , c6] = ids as [number, number, number, number, number, number];
    await act('2031-03-03T05:10:00Z', c1, { action: 'proceed' });
    await act('2031-03-03T06:00:00Z', c1, { action: 'submit', response: 'Fixed', confirmed: true });
    await act('2031-03-04T06:20:00Z', c4, { action: 'proceed' });

    // Saturday 9th: A–C ended days ago, so the report builds their rollup as of now and reads it.
    at('2031-03-09T07:00:00Z');
    const first = await report();
    const built = await rollupRows();
    expect(built.map((r) => [r.day, r.timeZone, r.asOf.toISOString()])).toEqual([
      [A, 'Asia/Karachi', '2031-03-09T07:00:00.000Z'],
      [B, 'Asia/Karachi', '2031-03-09T07:00:00.000Z'],
      [C, 'Asia/Karachi', '2031-03-09T07:00:00.000Z'],
    ]);
    expect(built[0]!.hours[10]).toBe(3);
    expect(first.volume.byDay).toEqual([
      { day: A, new: 2, processing: 0, completed: 1 },
      { day: B, new: 1, processing: 1, completed: 0 },
      { day: C, new: 1, processing: 0, completed: 0 },
    ]);
    // Monday (ISO 1) 10:00 holds three, Tuesday 11:00 two, Wednesday 23:00 one.
    expect(sortedHeat(first)).toEqual([
      { dow: 1, hour: 10, n: 3 },
      { dow: 2, hour: 11, n: 2 },
      { dow: 3, hour: 23, n: 1 },
    ]);
    expect(first.speed!.firstAction).toMatchObject({ n: 2, p50S: 900, maxS: 1200 });
    expect(first.speed!.completion).toMatchObject({ n: 1, p50S: 3600, maxS: 3600 });
    expect(first.staff).toEqual([{ staffId, name: expect.any(String), actions: 3, medianResponseS: 900 }]);

    // Tuesday 10th: c2 proceeded, c4 completed, c6 proceeded: after the rollup's as_of.
    await act('2031-03-10T05:01:00Z', c2, { action: 'proceed' });
    await act('2031-03-10T06:00:00Z', c4, { action: 'submit', response: 'Fixed', confirmed: true });
    await act('2031-03-10T18:50:00Z', c6, { action: 'proceed' });
    at('2031-03-11T07:00:00Z');
    const moved = await report();
    // Not rebuilt: the same rows, as of the 9th.
    expect((await rollupRows()).map((r) => r.asOf.toISOString())).toEqual(built.map((r) => r.asOf.toISOString()));
    expect(moved.volume.byDay).toEqual([
      { day: A, new: 1, processing: 1, completed: 1 },
      { day: B, new: 1, processing: 0, completed: 1 },
      { day: C, new: 0, processing: 1, completed: 0 },
    ]);
    expect(sortedHeat(moved)).toEqual(sortedHeat(first));
    // First actions: c1 600, c4 1200, c6 five days and c2 seven: [600, 1200, 432000, 604800].
    expect(moved.speed!.firstAction).toMatchObject({ n: 4, p50S: (1200 + 432_000) / 2, maxS: 604_800 });
    // Completions: c1 3600, c4 six days: [3600, 518400].
    expect(moved.speed!.completion).toMatchObject({ n: 2, maxS: 518_400 });
    // Staff: the actions on the 10th fall outside A–C; the moved items' first actions count.
    expect(moved.staff).toEqual([{ staffId, name: expect.any(String), actions: 3, medianResponseS: (1200 + 432_000) / 2 }]);
    const karachi = await liveAndRolled('Asia/Karachi');
    expect(karachi.rolled).toEqual(karachi.live);

    // The society moves to India time (UTC+5:30): the rows are rebuilt in that zone, and c6
    // (18:50 UTC, 00:20 on the 6th in Kolkata) leaves day C.
    await h.database.db.update(societies).set({ timeZone: 'Asia/Kolkata' }).where(greenValley);
    try {
      at('2031-03-11T08:00:00Z');
      const kolkata = await report();
      const rebuilt = await rollupRows();
      expect(rebuilt.map((r) => [r.day, r.timeZone, r.asOf.toISOString()])).toEqual([
        [A, 'Asia/Kolkata', '2031-03-11T08:00:00.000Z'],
        [B, 'Asia/Kolkata', '2031-03-11T08:00:00.000Z'],
        [C, 'Asia/Kolkata', '2031-03-11T08:00:00.000Z'],
      ]);
      expect(kolkata.range.timeZone).toBe('Asia/Kolkata');
      expect(kolkata.volume.byDay).toEqual([
        { day: A, new: 1, processing: 1, completed: 1 },
        { day: B, new: 1, processing: 0, completed: 1 },
        { day: C, new: 0, processing: 0, completed: 0 },
      ]);
      // 10:30 and 11:30 local now.
      expect(sortedHeat(kolkata)).toEqual([
        { dow: 1, hour: 10, n: 3 },
        { dow: 2, hour: 11, n: 2 },
      ]);
      expect(kolkata.speed!.firstAction).toMatchObject({ n: 3, p50S: 1200, maxS: 604_800 });
      const both = await liveAndRolled('Asia/Kolkata');
      expect(both.rolled).toEqual(both.live);
      const [gv] = await h.database.db.select({ id: societies.id }).from(societies).where(greenValley);
      const staffRows = await h.database.db
        .select({ day: reportDayStaff.day, actions: reportDayStaff.actions, responses: reportDayStaff.responses })
        .from(reportDayStaff)
        .where(and(eq(reportDayStaff.societyId, gv!.id), eq(reportDayStaff.desk, 'complaint')))
        .orderBy(asc(reportDayStaff.day));
      // Built on the 11th: every first action of A–C was before then, so the rows hold them all.
      expect(staffRows).toEqual([
        { day: A, actions: 2, responses: [600, 604_800] },
        { day: B, actions: 1, responses: [1200] },
      ]);
    } finally {
      await h.database.db.update(societies).set({ timeZone: 'Asia/Karachi' }).where(greenValley);
    }
  });
});
