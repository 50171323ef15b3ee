/**
 * /Reports (module 'reports'): how each desk is doing over a period, every figure an SQL aggregate
 * in the society's time zone. Not in the spec; see docs/spec-deviations.md row 88.
 */
import { z } from 'zod';
import { MSG } from '../messages.js';
import { REPORT_DESKS } from '../subroles.js';
import { zCalendarDay } from './audit.js';

/** The desks with a report (module names: 'complaints' is the desk 'complaint'). */
export const ZReportDesk = z.enum(REPORT_DESKS, { error: 'Not a desk with a report.' });

/** The longest custom period, in days (inclusive). */
export const MAX_REPORT_DAYS = 366;

/** Whole days from `from` to `to` inclusive (both 'YYYY-MM-DD'): ('2026-01-01', '2026-01-01') → 1. */
export function daysInclusive(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * GET /api/reports/:desk query. `period`: 'today' (local midnight to now), '7d' / '30d' (the last 7
 * or 30 local days including today; default '7d'), or 'custom' with the days `from`–`to`
 * (inclusive, in the society's time zone). A custom period needs both days (400 naming the
 * missing one), `to` ≥ `from`, and at most {@link MAX_REPORT_DAYS} days; the service also refuses
 * a `to` after today (400 `to`). `from`/`to` are ignored for the other periods.
 */
const ZPeriodFields = z.object({
  period: z.enum(['today', '7d', '30d', 'custom'], { error: 'Period must be today, 7d, 30d or custom.' }).default('7d'),
  from: zCalendarDay.optional(),
  to: zCalendarDay.optional(),
});

/** A custom period needs both days, the last not before the first, at most MAX_REPORT_DAYS. */
function checkPeriod(q: z.output<typeof ZPeriodFields>, ctx: z.RefinementCtx): void {
  if (q.period !== 'custom') return;
  if (!q.from) ctx.addIssue({ code: 'custom', message: MSG.reportDayRequired, path: ['from'] });
  if (!q.to) ctx.addIssue({ code: 'custom', message: MSG.reportDayRequired, path: ['to'] });
  if (!q.from || !q.to) return;
  if (q.to < q.from) ctx.addIssue({ code: 'custom', message: 'The end date cannot be before the start date.', path: ['to'] });
  else if (daysInclusive(q.from, q.to) > MAX_REPORT_DAYS) ctx.addIssue({ code: 'custom', message: MSG.reportRangeTooLong, path: ['to'] });
}

/** GET /api/reports/:desk query (the period fields above, checked). */
export const ZReportQuery = ZPeriodFields.superRefine(checkPeriod);
export type ReportQuery = z.infer<typeof ZReportQuery>;
export type ReportPeriod = ReportQuery['period'];

/** One bar of a histogram: durations in seconds from `fromS` (inclusive) to `toS` (exclusive; null: no upper end). */
export const ZHistogramBin = z.object({ label: z.string(), fromS: z.number(), toS: z.number().nullable(), n: z.number().int() });

/**
 * Durations in seconds: how many (`n`), the median, the 90th percentile (percentile_cont: linear
 * interpolation between the two nearest values) and the longest, null when `n` is 0, and a
 * histogram (every bin, zeros included).
 */
export const ZDistribution = z.object({
  n: z.number().int(),
  p50S: z.number().nullable(),
  p90S: z.number().nullable(),
  maxS: z.number().nullable(),
  histogram: z.array(ZHistogramBin),
});
export type Distribution = z.infer<typeof ZDistribution>;

/** Items created on one local day, by their stage now (the stacked bars). */
export const ZVolumeDay = z.object({ day: z.string(), new: z.number().int(), processing: z.number().int(), completed: z.number().int() });
/** Items created on a weekday (ISO: 1 Monday … 7 Sunday) at an hour (0–23), local time; only cells with items. */
export const ZHeatCell = z.object({ dow: z.number().int(), hour: z.number().int(), n: z.number().int() });

/** Security's figures: alarms (drills left out) and not-at-home requests created in the period. */
export const ZSecurityFigures = z.object({
  alarms: z.number().int(),
  /** Press to acknowledgement, over the acknowledged alarms. */
  ack: ZDistribution,
  escalated: z.number().int(),
  /** escalated / alarms (0–1), null with no alarm. */
  escalatedShare: z.number().nullable(),
  /** Alarms pressed while the resident had an active not-at-home request covering that local day. */
  raisedWhileAway: z.number().int(),
  /** Alarms that merged more than one press, and the presses merged into them (beyond each first). */
  mergedAlarms: z.number().int(),
  mergedPresses: z.number().int(),
  notHome: z.object({
    requests: z.number().int(),
    withGuard: z.number().int(),
    withoutGuard: z.number().int(),
    /** Request to guard assignment, over those with a guard. */
    toAssign: ZDistribution,
  }),
});
export type SecurityFigures = z.infer<typeof ZSecurityFigures>;

/** Grocery orders placed on a local day, and the value of the orders delivered (completed) that day, in rupees. */
export const ZGroceryDay = z.object({ day: z.string(), orders: z.number().int(), deliveredValue: z.number() });

/** One staff member's work on the desk: actions recorded in the audit log, and their median time to first action (security: to acknowledge). */
export const ZStaffFigure = z.object({ staffId: z.number().int(), name: z.string(), actions: z.number().int(), medianResponseS: z.number().nullable() });

/** Items past a deadline (the deadline job's records): waiting now by stage, escalated in the period, and the period's items that went overdue. */
export const ZOverdueFigures = z.object({
  now: z.array(z.object({ stage: z.enum(['new', 'processing']), n: z.number().int() })),
  becameOverdue: z.number().int(),
  /** Items created in the period that went overdue / items created in the period (0–1), null with no item. */
  share: z.number().nullable(),
});

/** GET /api/reports/:desk: one desk's figures over the period; a figure that does not apply to the desk is null. */
export const ZReport = z.object({
  desk: ZReportDesk,
  range: z.object({ from: z.string(), to: z.string(), timeZone: z.string(), days: z.number().int() }),
  volume: z.object({ byDay: z.array(ZVolumeDay), heat: z.array(ZHeatCell) }),
  /** Complaints, grocery and doctor: created → first action (processing), created → completed. */
  speed: z.object({ firstAction: ZDistribution, completion: ZDistribution }).nullable(),
  security: ZSecurityFigures.nullable(),
  grocery: z.object({ byDay: z.array(ZGroceryDay) }).nullable(),
  staff: z.array(ZStaffFigure),
  overdue: ZOverdueFigures.nullable(),
});
export type Report = z.infer<typeof ZReport>;

/** The report's figures, each with a chart, a table and a spreadsheet of its numbers. */
export const REPORT_FIGURES = ['volume', 'heat', 'firstAction', 'completion', 'security', 'notHome', 'grocery', 'staff', 'overdue'] as const;
export type ReportFigure = (typeof REPORT_FIGURES)[number];

/** GET /api/reports/:desk/export: one figure's numbers as .xlsx, over the same period as the report. */
export const ZReportExportQuery = ZPeriodFields.extend({
  figure: z.enum(REPORT_FIGURES, { error: `Figure must be one of ${REPORT_FIGURES.join(', ')}.` }),
}).superRefine(checkPeriod);
export type ReportExportQuery = z.infer<typeof ZReportExportQuery>;
