/**
 * One figure of a report as a sheet of numbers, for its .xlsx download through the export runner
 * (which writes the cells: 'date' columns hold 'YYYY-MM-DD' society-local days, 'number' plain
 * numbers, seconds for durations and rupees for money). Pure: no database, no writer.
 */
import type { Distribution, Report, ReportFigure } from '../../../shared/contracts/reports.js';
import type { ReportDesk } from '../../../shared/subroles.js';
import type { CellFormat } from '../../lib/sheet-cells.js';

/** A column of a figure's sheet. */
export interface SheetColumn {
  title: string;
  type: Extract<CellFormat, 'text' | 'int' | 'number' | 'date'>;
}

const int = (title: string): SheetColumn => ({ title, type: 'int' });
const MEASURE_VALUE: SheetColumn[] = [
  { title: 'Measure', type: 'text' },
  { title: 'Value', type: 'number' },
];

/** Each figure's columns (the same whatever the data): its .xlsx header. */
export const FIGURE_COLUMNS: Record<ReportFigure, SheetColumn[]> = {
  volume: [{ title: 'Day', type: 'date' }, int('New'), int('Processing'), int('Completed')],
  heat: [{ title: 'Weekday', type: 'text' }, int('Hour'), int('Items')],
  firstAction: MEASURE_VALUE,
  completion: MEASURE_VALUE,
  security: MEASURE_VALUE,
  notHome: MEASURE_VALUE,
  grocery: [{ title: 'Day', type: 'date' }, int('Orders'), { title: 'Delivered value (PKR)', type: 'number' }],
  staff: [{ title: 'Staff member', type: 'text' }, int('Actions'), { title: 'Median response (s)', type: 'number' }],
  overdue: MEASURE_VALUE,
};

/** A figure's numbers: a title (the sheet's name and first line), its columns and rows (one value per column, null for none). */
export interface FigureSheet {
  title: string;
  columns: SheetColumn[];
  rows: (string | number | null)[][];
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** A distribution's summary rows then its histogram rows, two columns: what, and seconds or a count. */
function distributionSheet(title: string, d: Distribution): FigureSheet {
  return {
    title,
    columns: MEASURE_VALUE,
    rows: [
      ['Items measured', d.n],
      ['Median (s)', d.p50S],
      ['90th percentile (s)', d.p90S],
      ['Longest (s)', d.maxS],
      ...d.histogram.map((b): (string | number)[] => [`Items ${b.label}`, b.n]),
    ],
  };
}

/**
 * Whether `desk`'s report has `figure`: speed and overdue for every desk but security, security
 * and not-at-home for security only, grocery for grocery only, the rest for all. An export checks
 * it before the report is computed, so a refused figure reads nothing and builds no rollup;
 * {@link figureSheet} answers null exactly where this is false.
 */
export function figureOfDesk(desk: ReportDesk, figure: ReportFigure): boolean {
  switch (figure) {
    case 'firstAction':
    case 'completion':
    case 'overdue':
      return desk !== 'security';
    case 'security':
    case 'notHome':
      return desk === 'security';
    case 'grocery':
      return desk === 'grocery';
    case 'volume':
    case 'heat':
    case 'staff':
      return true;
  }
}

/**
 * The sheet of `figure` in `report`, or null when the figure does not apply to the report's desk
 * (speed for security, security for the other desks, grocery outside grocery, overdue for security).
 */
export function figureSheet(report: Report, figure: ReportFigure): FigureSheet | null {
  switch (figure) {
    case 'volume':
      return {
        title: 'Volume by day',
        columns: FIGURE_COLUMNS.volume,
        rows: report.volume.byDay.map((d) => [d.day, d.new, d.processing, d.completed]),
      };
    case 'heat':
      return {
        title: 'Volume by hour and weekday',
        columns: FIGURE_COLUMNS.heat,
        rows: [...report.volume.heat].sort((a, b) => a.dow - b.dow || a.hour - b.hour).map((c) => [WEEKDAYS[c.dow - 1] ?? String(c.dow), c.hour, c.n]),
      };
    case 'firstAction':
      return report.speed ? distributionSheet('Time to first action', report.speed.firstAction) : null;
    case 'completion':
      return report.speed ? distributionSheet('Time to completion', report.speed.completion) : null;
    case 'security': {
      const s = report.security;
      if (!s) return null;
      const summary = distributionSheet('SOS alarms', s.ack);
      summary.rows = [
        ['Alarms', s.alarms],
        ['Escalated', s.escalated],
        ['Escalated share', s.escalatedShare],
        ['Raised while away', s.raisedWhileAway],
        ['Alarms with merged presses', s.mergedAlarms],
        ['Presses merged', s.mergedPresses],
        ...summary.rows.map((r) => [`Acknowledgement: ${String(r[0])}`, r[1] ?? null]),
      ];
      return summary;
    }
    case 'notHome': {
      const n = report.security?.notHome;
      if (!n) return null;
      const sheet = distributionSheet('Not at home', n.toAssign);
      sheet.rows = [
        ['Requests', n.requests],
        ['With a guard', n.withGuard],
        ['Without a guard', n.withoutGuard],
        ...sheet.rows.map((r) => [`Guard assignment: ${String(r[0])}`, r[1] ?? null]),
      ];
      return sheet;
    }
    case 'grocery':
      return report.grocery
        ? {
            title: 'Grocery by day',
            columns: FIGURE_COLUMNS.grocery,
            rows: report.grocery.byDay.map((d) => [d.day, d.orders, d.deliveredValue]),
          }
        : null;
    case 'staff':
      return {
        title: 'Staff',
        columns: FIGURE_COLUMNS.staff,
        rows: report.staff.map((m) => [m.name, m.actions, m.medianResponseS]),
      };
    case 'overdue': {
      const o = report.overdue;
      if (!o) return null;
      return {
        title: 'Overdue',
        columns: FIGURE_COLUMNS.overdue,
        rows: [
          ['Waiting past the first-action deadline now', o.now.find((x) => x.stage === 'new')?.n ?? 0],
          ['Waiting past the completion deadline now', o.now.find((x) => x.stage === 'processing')?.n ?? 0],
          ['Escalated in the period', o.becameOverdue],
          ["Share of the period's items that went overdue", o.share],
        ],
      };
    }
  }
}
