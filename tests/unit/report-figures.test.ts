import { describe, expect, it } from 'vitest';
import { figureOfDesk, figureSheet } from '../../src/server/modules/reports/figure-sheet.js';
import { ACK_BOUNDS_S, distributionOf, everyDay, histogramOf, periodDays } from '../../src/server/modules/reports/figures.js';
import { reportGate } from '../../src/server/modules/reports/gate.js';
import { REPORT_FIGURES, ZReportQuery, type Report } from '../../src/shared/contracts/reports.js';
import { MSG } from '../../src/shared/messages.js';

const dist = (n: number) => distributionOf({ n, p: n ? [40, 104] : null, max: n ? 120 : null, hist: n ? [{ b: 1, n }] : [] }, ACK_BOUNDS_S);

const REPORT: Report = {
  desk: 'security',
  range: { from: '2030-01-15', to: '2030-01-16', timeZone: 'Asia/Karachi', days: 2 },
  volume: {
    byDay: [
      { day: '2030-01-15', new: 3, processing: 0, completed: 0 },
      { day: '2030-01-16', new: 0, processing: 1, completed: 2 },
    ],
    heat: [
      { dow: 3, hour: 4, n: 1 },
      { dow: 2, hour: 15, n: 3 },
    ],
  },
  speed: null,
  security: {
    alarms: 3,
    ack: dist(3),
    escalated: 1,
    escalatedShare: 1 / 3,
    raisedWhileAway: 1,
    mergedAlarms: 1,
    mergedPresses: 1,
    notHome: { requests: 2, withGuard: 1, withoutGuard: 1, toAssign: dist(0) },
  },
  grocery: null,
  staff: [{ staffId: 4, name: 'Aslam', actions: 4, medianResponseS: 40 }],
  overdue: null,
};

describe('report figures', () => {
  it("labels width_bucket's buckets, zeros included", () => {
    const bins = histogramOf(
      [10, 30, 60],
      new Map([
        [0, 2],
        [3, 1],
      ]),
    );
    expect(bins).toEqual([
      { label: '< 10s', fromS: 0, toS: 10, n: 2 },
      { label: '10s–30s', fromS: 10, toS: 30, n: 0 },
      { label: '30s–1m', fromS: 30, toS: 60, n: 0 },
      { label: '≥ 1m', fromS: 60, toS: null, n: 1 },
    ]);
  });

  it('gives null figures for an empty distribution', () => {
    expect(dist(0)).toMatchObject({ n: 0, p50S: null, p90S: null, maxS: null });
    expect(dist(3)).toMatchObject({ n: 3, p50S: 40, p90S: 104, maxS: 120 });
  });

  it("resolves periods in the society's zone: 19:30 UTC is already tomorrow in Karachi", () => {
    const now = new Date('2030-01-15T19:30:00Z');
    expect(periodDays('today', now, 'Asia/Karachi', {})).toEqual({ from: '2030-01-16', to: '2030-01-16', today: '2030-01-16' });
    expect(periodDays('today', now, 'UTC', {})).toMatchObject({ from: '2030-01-15', to: '2030-01-15' });
    expect(periodDays('7d', now, 'Asia/Karachi', {})).toMatchObject({ from: '2030-01-10', to: '2030-01-16' });
    expect(periodDays('30d', now, 'Asia/Karachi', {})).toMatchObject({ from: '2029-12-18', to: '2030-01-16' });
    expect(periodDays('custom', now, 'Asia/Karachi', { from: '2029-02-27', to: '2029-03-01' })).toMatchObject({ from: '2029-02-27', to: '2029-03-01' });
  });

  it('fills every day of the period', () => {
    const rows = everyDay('2029-02-27', '2029-03-01', [{ day: '2029-02-28', n: 5 }], (day) => ({ day, n: 0 }));
    expect(rows).toEqual([
      { day: '2029-02-27', n: 0 },
      { day: '2029-02-28', n: 5 },
      { day: '2029-03-01', n: 0 },
    ]);
  });

  it('refuses a custom period without its days, backwards, or longer than 366 days', () => {
    const issue = (q: object) => {
      const r = ZReportQuery.safeParse(q);
      return r.success ? null : { path: r.error.issues[0]!.path.join('.'), message: r.error.issues[0]!.message };
    };
    expect(issue({ period: 'custom', to: '2030-01-01' })).toEqual({ path: 'from', message: MSG.reportDayRequired });
    expect(issue({ period: 'custom', from: '2029-01-01', to: '2029-12-31' })).toBeNull();
    expect(issue({ period: 'custom', from: '2028-01-01', to: '2028-12-31' })).toBeNull(); // 366 days (a leap year)
    expect(issue({ period: 'custom', from: '2028-01-01', to: '2029-01-01' })).toEqual({ path: 'to', message: MSG.reportRangeTooLong });
    expect(issue({ period: '7d', from: 'x' })).toEqual({ path: 'from', message: 'Enter a date as YYYY-MM-DD.' });
    expect(ZReportQuery.parse({})).toEqual({ period: '7d' });
  });
});

describe('figure sheets (the numbers of each chart for its .xlsx)', () => {
  it('volume: one dated row per day, a column per stage', () => {
    expect(figureSheet(REPORT, 'volume')).toEqual({
      title: 'Volume by day',
      columns: [
        { title: 'Day', type: 'date' },
        { title: 'New', type: 'int' },
        { title: 'Processing', type: 'int' },
        { title: 'Completed', type: 'int' },
      ],
      rows: [
        ['2030-01-15', 3, 0, 0],
        ['2030-01-16', 0, 1, 2],
      ],
    });
  });

  it('heat: weekday names, sorted by weekday then hour', () => {
    expect(figureSheet(REPORT, 'heat')!.rows).toEqual([
      ['Tue', 15, 3],
      ['Wed', 4, 1],
    ]);
  });

  it('security: the counts, then the acknowledgement figures and histogram', () => {
    const sheet = figureSheet(REPORT, 'security')!;
    expect(sheet.rows.slice(0, 8)).toEqual([
      ['Alarms', 3],
      ['Escalated', 1],
      ['Escalated share', 1 / 3],
      ['Raised while away', 1],
      ['Alarms with merged presses', 1],
      ['Presses merged', 1],
      ['Acknowledgement: Items measured', 3],
      ['Acknowledgement: Median (s)', 40],
    ]);
    expect(sheet.rows).toContainEqual(['Acknowledgement: Items 10s–30s', 3]);
    expect(figureSheet(REPORT, 'notHome')!.rows.slice(0, 3)).toEqual([
      ['Requests', 2],
      ['With a guard', 1],
      ['Without a guard', 1],
    ]);
  });

  it('staff, and null for the figures a desk does not have', () => {
    expect(figureSheet(REPORT, 'staff')!.rows).toEqual([['Aslam', 4, 40]]);
    for (const f of ['firstAction', 'completion', 'grocery', 'overdue'] as const) expect(figureSheet(REPORT, f)).toBeNull();
    // An export refuses, before computing the report, exactly the figures the sheet has not.
    for (const f of REPORT_FIGURES) expect(figureOfDesk('security', f), f).toBe(figureSheet(REPORT, f) !== null);
    expect(REPORT_FIGURES.filter((f) => figureOfDesk('complaints', f))).toEqual(['volume', 'heat', 'firstAction', 'completion', 'staff', 'overdue']);
    expect(REPORT_FIGURES.filter((f) => figureOfDesk('grocery', f))).toContain('grocery');
    // Every row has one value per column.
    for (const f of REPORT_FIGURES) {
      const sheet = figureSheet(REPORT, f);
      for (const row of sheet?.rows ?? []) expect(row).toHaveLength(sheet!.columns.length);
    }
  });
});

describe('report gate', () => {
  it('runs two at once, queues the next in order, refuses beyond the queue with 429', async () => {
    const gate = reportGate(2, 1);
    const releases: (() => void)[] = [];
    const started: number[] = [];
    const job = (i: number) => () =>
      new Promise<number>((resolve) => {
        started.push(i);
        releases.push(() => resolve(i));
      });
    const a = gate.run(job(1));
    const b = gate.run(job(2));
    const c = gate.run(job(3));
    await Promise.resolve();
    expect(started).toEqual([1, 2]);
    expect(gate.load()).toEqual({ active: 2, waiting: 1 });
    await expect(gate.run(job(4))).rejects.toMatchObject({ statusCode: 429, retryAfterS: 2 });
    releases[0]!();
    expect(await a).toBe(1);
    await expect.poll(() => started).toEqual([1, 2, 3]);
    releases[1]!();
    releases[2]!();
    expect([await b, await c]).toEqual([2, 3]);
    expect(gate.load()).toEqual({ active: 0, waiting: 0 });
  });

  it("as the figures' connection cap (no queue limit): never refuses, never runs more than its places", async () => {
    const slots = reportGate(3, Number.POSITIVE_INFINITY);
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const job = () =>
      new Promise<void>((resolve) => {
        running++;
        most = Math.max(most, running);
        releases.push(() => {
          running--;
          resolve();
        });
      });
    const all = Array.from({ length: 10 }, () => slots.run(job));
    await expect.poll(() => releases.length).toBe(3);
    expect(slots.load()).toEqual({ active: 3, waiting: 7 });
    // Each finished job lets the next waiting one start, in order.
    for (let i = 0; i < 10; i++) {
      await expect.poll(() => releases.length).toBeGreaterThan(i);
      releases[i]!();
    }
    await Promise.all(all);
    expect(most).toBe(3);
  });
});
