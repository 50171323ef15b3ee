/**
 * Typed cells of an exported .xlsx (SheetJS cell objects), used by the export writer thread
 * (sheet-writer-worker.ts). Dates and money are real spreadsheet numbers, never text, so a
 * spreadsheet program sorts and sums them; text passes {@link neutraliseCell} (OWASP CSV
 * injection: `=HYPERLINK(…)` leaves the system as `'=HYPERLINK(…)`).
 *
 * Dates are written as the Excel serial of the SOCIETY-local wall-clock time, never as JS `Date`s:
 * SheetJS converts a `Date` in the process's own zone, so a server in UTC would shift every time
 * by the society's offset.
 */
import { neutraliseCell } from '../../shared/spreadsheet-cell.js';

/** How a column's values are written: text, money (2 decimals), a date with time, a date, a whole number, any number (seconds, a share). */
export type CellFormat = 'text' | 'money' | 'datetime' | 'date' | 'int' | 'number';

/** A SheetJS cell object: `t` 's' (string) or 'n' (number), the value, and a number format for numbers. */
export interface SheetCell {
  t: 's' | 'n';
  v: string | number;
  z?: string;
}

/** Number format of money cells: thousands separated, 2 decimals. */
export const MONEY_FORMAT = '#,##0.00';
/** Number format of date-and-time cells (the staff app's date format, spec deviation 81). */
export const DATETIME_FORMAT = 'dd/mm/yyyy h:mm AM/PM';
/** Number format of date cells. */
export const DATE_FORMAT = 'dd/mm/yyyy';

/** Days from Excel's day 0 (1899-12-30, the 1900 leap-year bug included) to 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25569;
const DAY_MS = 86_400_000;
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One cached formatter per zone (building one costs far more than using it). */
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * The Excel serial (days since 1899-12-30, fraction = time of day) of the wall-clock time that
 * instant `at` shows in `timeZone` (an IANA name). Milliseconds are dropped.
 * @throws RangeError for an unknown zone
 */
export function localSerial(at: Date, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatterOf(timeZone).formatToParts(at)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall / DAY_MS + EXCEL_EPOCH_DAYS;
}

/** The serial of a calendar day 'YYYY-MM-DD' (midnight; no zone: the day is already a wall-clock day). */
function daySerial(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / DAY_MS + EXCEL_EPOCH_DAYS;
}

/** An instant as a Date: a Date, an ISO 8601 text or epoch ms; undefined when unreadable. */
function instantOf(value: unknown): Date | undefined {
  const d = value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : undefined;
  return d && !Number.isNaN(d.getTime()) ? d : undefined;
}

/** Text of any value, neutralised; a number in a text column stays a number cell (never a formula). */
function textCell(value: unknown): SheetCell {
  if (typeof value === 'number') return { t: 'n', v: value };
  return { t: 's', v: String(neutraliseCell(typeof value === 'string' ? value : String(value))) };
}

/**
 * One cell of `format` for `value`; null or undefined (or '') gives no cell (an empty one).
 * - 'money': a number (or numeric text) with {@link MONEY_FORMAT};
 * - 'datetime': an instant (Date, ISO text, epoch ms) as the serial of its wall-clock time in
 *   `timeZone`, {@link DATETIME_FORMAT};
 * - 'date': a calendar day 'YYYY-MM-DD' as is, or an instant's day in `timeZone`, {@link DATE_FORMAT};
 * - 'int': a whole number;
 * - 'text': the text through neutraliseCell.
 * A value the format cannot read is written as (neutralised) text rather than lost.
 */
export function sheetCell(format: CellFormat, value: unknown, timeZone: string): SheetCell | null {
  if (value === null || value === undefined || value === '') return null;
  switch (format) {
    case 'money':
    case 'number':
    case 'int': {
      const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
      if (!Number.isFinite(n)) return textCell(value);
      return format === 'money' ? { t: 'n', v: n, z: MONEY_FORMAT } : { t: 'n', v: n };
    }
    case 'date': {
      if (typeof value === 'string' && CALENDAR_DATE.test(value)) return { t: 'n', v: daySerial(value), z: DATE_FORMAT };
      const at = instantOf(value);
      return at ? { t: 'n', v: Math.floor(localSerial(at, timeZone)), z: DATE_FORMAT } : textCell(value);
    }
    case 'datetime': {
      const at = instantOf(value);
      return at ? { t: 'n', v: localSerial(at, timeZone), z: DATETIME_FORMAT } : textCell(value);
    }
    default:
      return textCell(value);
  }
}
