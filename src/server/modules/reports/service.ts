import type { Report, ReportQuery } from '../../../shared/contracts/reports.js';
import { daysInclusive } from '../../../shared/contracts/reports.js';
import { MSG } from '../../../shared/messages.js';
import { reportDesksOf, type ReportDesk } from '../../../shared/subroles.js';
import { inSociety } from '../../db/society-scope.js';
import type { Db } from '../../db/client.js';
import type { StaffContext } from '../../lib/caller-context.js';
import type { Clock } from '../../lib/clock.js';
import { BadRequestError, ForbiddenError } from '../../lib/errors.js';
import { societyTimeZone } from '../../lib/society-time-zone.js';
import { ACK_BOUNDS_S, addDays, daysOf, DESK_BOUNDS_S, distributionOf, everyDay, periodDays } from './figures.js';
import { reportGate } from './gate.js';
import { reportsRepo, type ReportRange, type RolledDays, type StoredDesk } from './repo.js';

/** Each report desk's stored desk name and the audit entities of its items. */
const DESKS: Record<ReportDesk, { stored: StoredDesk; entities: readonly string[] }> = {
  complaints: { stored: 'complaint', entities: ['complaint'] },
  security: { stored: 'security', entities: ['security', 'nothome'] },
  grocery: { stored: 'grocery', entities: ['grocery'] },
  doctor: { stored: 'doctor', entities: ['doctor'] },
};

/**
 * A local day is read from the rollup (report_days) once it ended at least this many days ago:
 * today and yesterday are always scanned live, so an instance whose clock runs a little behind
 * never files an item into a day already rolled up.
 */
export const ROLLUP_AFTER_DAYS = 2;

/** Days one rollup build covers in its own transaction (an alarm on the embedded database waits for one at most). */
export const ROLLUP_BUILD_DAYS = 31;

/** Main-lane connections the figures of every report on this instance may hold at once (MAIN_POOL_MAX is 10). */
export const REPORT_FIGURE_CONNECTIONS = 3;

/** a / b, or null when b is 0. */
const share = (a: number, b: number): number | null => (b > 0 ? a / b : null);

/**
 * /Reports (module 'reports'): one desk's figures over a period in the society's time zone.
 * Each figure is its own short `inSociety` transaction (row security; on the embedded database
 * the main lane is free between figures, so an alarm never waits for a whole report); at most two
 * reports are computed at once per instance (gate.ts).
 */
export function reportsService({ db, clock }: { db: Db; clock: Clock }) {
  const gate = reportGate();
  // A report's figures run side by side, each on its own pooled connection: without a cap two
  // grocery reports (five figures each) would hold all ten of the main lane's connections.
  const figureSlots = reportGate(REPORT_FIGURE_CONNECTIONS, Number.POSITIVE_INFINITY);
  const figure = <T>(societyId: number, work: (repo: ReturnType<typeof reportsRepo>) => Promise<T>) =>
    figureSlots.run(() => inSociety(db, societyId, (tx) => work(reportsRepo(tx))));

  return {
    /**
     * GET /api/reports/:desk. Resolves the period's days at `clock.now()` in the society's zone,
     * then computes the desk's figures (see ZReport).
     * @throws ForbiddenError (403 MSG.reportNotYourDesk) for a desk outside `reportDesksOf(staff.subRole)`
     * @throws BadRequestError (400, field `to`) for a custom last day after today
     * @throws TooManyRequestsError (429) when the gate is full
     */
    async report(staff: StaffContext, desk: ReportDesk, q: ReportQuery): Promise<Report> {
      if (!reportDesksOf(staff.subRole).includes(desk)) throw new ForbiddenError(MSG.reportNotYourDesk);
      const societyId = staff.societyId;
      const timeZone = await inSociety(db, societyId, (tx) => societyTimeZone(tx, societyId));
      const { from, to, today } = periodDays(q.period, clock.now(), timeZone, q);
      if (to > today) throw new BadRequestError(MSG.reportFutureDay, 'to');
      const range: ReportRange = { societyId, timeZone, from, to };
      return gate.run(async () => compute({ ...range, rolled: await rolledDays(range, desk, today) }, desk));
    },
    gate,
    /** The figures' connection cap ({@link REPORT_FIGURE_CONNECTIONS}): running and waiting now (tests). */
    figureSlots,
  };

  /**
   * The head of `range` read from the rollup: its days that ended {@link ROLLUP_AFTER_DAYS} or more
   * before `today`, after building those missing (or built in another zone) in chunks of
   * {@link ROLLUP_BUILD_DAYS}, each its own transaction, as of now. Undefined (every day read live)
   * for security, for a range with no such day, and when the days are not all there after building.
   */
  async function rolledDays(range: ReportRange, desk: ReportDesk, today: string): Promise<RolledDays | undefined> {
    const { stored, entities } = DESKS[desk];
    if (stored === 'security') return undefined;
    const last = addDays(today, -ROLLUP_AFTER_DAYS);
    const to = range.to < last ? range.to : last;
    if (to < range.from) return undefined;
    const s = range.societyId;
    const days = daysOf(range.from, to);
    let rows = await figure(s, (r) => r.rollupCoverage(range, stored, to));
    const built = new Set(rows.map((row) => row.day));
    const missing = days.filter((day) => !built.has(day));
    if (missing.length > 0) {
      const asOf = clock.now();
      for (let i = 0; i < missing.length;) {
        const first = missing[i]!;
        const chunkEnd = addDays(first, ROLLUP_BUILD_DAYS - 1);
        while (i < missing.length && missing[i]! <= chunkEnd) i++;
        const chunk: ReportRange = { ...range, from: first, to: missing[i - 1]! };
        await figure(s, (r) => r.buildRollup(chunk, stored, entities, asOf));
      }
      rows = await figure(s, (r) => r.rollupCoverage(range, stored, to));
      // The society's zone changed while the days were built: this report reads them all live.
      if (rows.length !== days.length) return undefined;
    }
    const minAsOf = rows.reduce((min, row) => (row.as_of < min ? row.as_of : min), rows[0]!.as_of);
    return { to, minAsOf };
  }

  async function compute(range: ReportRange, desk: ReportDesk): Promise<Report> {
    const { stored, entities } = DESKS[desk];
    const s = range.societyId;
    const security = stored === 'security';
    const [volume, speeds, staff, alarms, notHome, grocery, overdue] = await Promise.all([
      figure(s, (r) => r.volumeScan(range, stored)),
      security ? null : figure(s, (r) => r.speedScan(range, stored, DESK_BOUNDS_S)),
      figure(s, (r) => r.staff(range, stored, entities)),
      security ? figure(s, (r) => r.securityScan(range, ACK_BOUNDS_S)) : null,
      security ? figure(s, (r) => r.notHomeScan(range, DESK_BOUNDS_S)) : null,
      stored === 'grocery' ? figure(s, (r) => r.groceryDays(range)) : null,
      stored !== 'security' ? figure(s, (r) => r.overdue(range, stored)) : null,
    ]);
    const byDay = everyDay(range.from, range.to, volume.by_day, (day) => ({ day, new: 0, processing: 0, completed: 0 }));
    const created = byDay.reduce((sum, d) => sum + d.new + d.processing + d.completed, 0);
    return {
      desk,
      range: { from: range.from, to: range.to, timeZone: range.timeZone, days: daysInclusive(range.from, range.to) },
      volume: { byDay, heat: volume.heat },
      speed: speeds ? { firstAction: distributionOf(speeds.first_action, DESK_BOUNDS_S), completion: distributionOf(speeds.completion, DESK_BOUNDS_S) } : null,
      security:
        alarms && notHome
          ? {
              alarms: alarms.alarms,
              ack: distributionOf(alarms.ack, ACK_BOUNDS_S),
              escalated: alarms.escalated,
              escalatedShare: share(alarms.escalated, alarms.alarms),
              raisedWhileAway: alarms.away,
              mergedAlarms: alarms.merged_alarms,
              mergedPresses: alarms.merged_presses,
              notHome: {
                requests: notHome.requests,
                withGuard: notHome.with_guard,
                withoutGuard: notHome.requests - notHome.with_guard,
                toAssign: distributionOf(notHome.to_assign, DESK_BOUNDS_S),
              },
            }
          : null,
      grocery: grocery
        ? {
            // Rupees as a JSON number (ARCHITECTURE "Money"): the exact sum's text read as a number (≤ 15 significant digits).
            byDay: everyDay(
              range.from,
              range.to,
              grocery.map((g) => ({ day: g.day, orders: g.orders, deliveredValue: Number(g.value) })),
              (day) => ({ day, orders: 0, deliveredValue: 0 }),
            ),
          }
        : null,
      staff: staff.map((m) => ({ staffId: m.id, name: m.name, actions: m.actions, medianResponseS: m.median })),
      overdue: overdue ? { now: overdue.now, becameOverdue: overdue.became, share: share(overdue.items, created) } : null,
    };
  }
}
export type ReportsService = ReturnType<typeof reportsService>;
