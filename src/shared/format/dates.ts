/**
 * The one way dates and times are written, in both apps: DD/MM/YYYY and 12-hour time, in the
 * society's time zone (`societies.time_zone`, an IANA name), whatever the browser's or phone's
 * zone; a bill's month in words and a typed day are in day-month.ts. Server timestamps are ISO
 * 8601 strings (shared contracts); a calendar date without a time ('YYYY-MM-DD', a not-at-home
 * day) is written as it is, never moved by a zone.
 *
 * The zone is module state, not React state: each app sets it from its sign-in or profile answer
 * before React sees it, and remembers it in local storage under its own key
 * ({@link rememberTimeZone}), so a reload writes the first date in the right zone before the
 * server answers. Uses Intl.DateTimeFormat only (no zone data in the bundle). The server passes
 * `timeZone` explicitly and never sets the module's zone.
 */
import { isTimeZone } from '../calendar.js';
import { DEFAULT_TIME_ZONE } from '../constants.js';

let zone = DEFAULT_TIME_ZONE;
let storageKey: string | null = null;
const listeners = new Set<() => void>();

/** The time zone dates are written in: the society's (IANA name), Asia/Karachi until known. */
export function societyTimeZone(): string {
  return zone;
}

/**
 * Sets the society's time zone (from a sign-in or profile answer) and, once an app has called
 * {@link rememberTimeZone}, remembers it for the next load. A name this runtime does not know is
 * ignored (the zone stays as it was).
 */
export function setSocietyTimeZone(timeZone: string): void {
  if (!isTimeZone(timeZone)) return;
  try {
    if (storageKey) window.localStorage.setItem(storageKey, timeZone);
  } catch {
    // storage disabled or full: kept for this page only
  }
  if (timeZone === zone) return;
  zone = timeZone;
  for (const listener of listeners) listener();
}

/**
 * Reads the zone an app remembered under `key` (each app has its own: the staff Log Out clears
 * the dashboard's, not the resident app's) and remembers every later {@link setSocietyTimeZone}
 * there. Call once, when the app's code loads.
 */
export function rememberTimeZone(key: string): void {
  storageKey = key;
  try {
    const stored = window.localStorage.getItem(key);
    if (isTimeZone(stored)) setSocietyTimeZone(stored);
  } catch {
    // storage disabled: the default until the server answers
  }
}

/** Calls `listener` when the zone changes (for useSyncExternalStore); returns the unsubscribe function. */
export function subscribeSocietyTimeZone(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type Part = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'dayPeriod' | 'weekday';
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The parts of `date` in `timeZone`: numeric (12-hour) or, for the header clock, words and 24-hour. */
function partsOf(date: Date, timeZone: string, style: 'numeric' | 'clock'): Record<Part, string> {
  const key = `${style} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(
      'en-US',
      style === 'numeric'
        ? { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit', second: '2-digit', hourCycle: 'h12' }
        : {
            timeZone,
            weekday: 'short',
            year: 'numeric',
            month: 'short',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
            hourCycle: 'h23',
          },
    );
    formatters.set(key, formatter);
  }
  const parts = { year: '', month: '', day: '', hour: '', minute: '', second: '', dayPeriod: '', weekday: '' };
  for (const part of formatter.formatToParts(date)) if (part.type in parts) parts[part.type as Part] = part.value;
  return parts;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The instant an ISO 8601 text stands for, or null when missing or invalid (a calendar date is not an instant). */
function instantOf(iso: string | null | undefined): Date | null {
  if (!iso || CALENDAR_DATE.test(iso)) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * '3:05 PM' (12-hour, no leading zero; midnight is 12:05 AM), or with `seconds` '3:05:09 PM', in
 * the society's zone; '' for a missing or invalid time and for a calendar date (it has no time).
 */
export function formatTime(iso: string | null | undefined, options: { seconds?: boolean; timeZone?: string } = {}): string {
  const date = instantOf(iso);
  if (!date) return '';
  const p = partsOf(date, options.timeZone ?? zone, 'numeric');
  return `${p.hour}:${p.minute}${options.seconds ? `:${p.second}` : ''} ${p.dayPeriod.toUpperCase()}`;
}

/**
 * '21/03/2025' (DD/MM/YYYY): the day of the instant in the society's zone, or a calendar date
 * ('2025-03-21') as it is; '' for a missing or invalid date.
 */
export function formatDate(iso: string | null | undefined, options: { timeZone?: string } = {}): string {
  const calendar = iso ? CALENDAR_DATE.exec(iso) : null;
  if (calendar) return `${calendar[3]}/${calendar[2]}/${calendar[1]}`;
  const date = instantOf(iso);
  if (!date) return '';
  const p = partsOf(date, options.timeZone ?? zone, 'numeric');
  return `${p.day}/${p.month}/${p.year}`;
}

/** '21/03/2025 3:05 PM' in the society's zone (a calendar date alone: '21/03/2025'); '' for a missing or invalid one. */
export function formatDateTime(iso: string | null | undefined, options: { timeZone?: string } = {}): string {
  const date = formatDate(iso, options);
  const time = formatTime(iso, options);
  return time ? `${date} ${time}` : date;
}

/**
 * The header clock (spec section 1: the date string's first 24 characters), at `now` in the
 * society's zone: 'Fri Mar 21 2025 15:04:05'.
 */
export function formatClock(now: Date, options: { timeZone?: string } = {}): string {
  const p = partsOf(now, options.timeZone ?? zone, 'clock');
  return `${p.weekday} ${p.month} ${p.day} ${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/**
 * The one way a duration is written (alarm acknowledgements, report figures), from seconds:
 * 12.4 → '12.4 s', 75 → '1 min 15 s', 3600 → '1 h 0 min', 93_780 → '1 d 2 h'; under a minute
 * to a tenth of a second, then the two largest whole units. null, NaN, ±Infinity and negative
 * durations give '—'.
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '—';
  if (seconds < 60) return `${Math.round(seconds * 10) / 10} s`;
  const whole = Math.round(seconds);
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${whole % 60} s`;
  if (whole < 86_400) return `${Math.floor(whole / 3600)} h ${Math.floor((whole % 3600) / 60)} min`;
  return `${Math.floor(whole / 86_400)} d ${Math.floor((whole % 86_400) / 3600)} h`;
}
