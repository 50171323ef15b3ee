/**
 * Calendar days and months as a society lives them: the date at an instant in the society's time
 * zone (`societies.time_zone`, an IANA name), not in the zone of whichever server or browser does
 * the sum. Used for "today" (a not-at-home request may start today) and "this month" (the default
 * billing period).
 */
import { DEFAULT_TIME_ZONE } from './constants.js';

/** Whether this runtime knows `name` as a time zone (an IANA name such as Asia/Karachi, or UTC). */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || name === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A cached YYYY-MM-DD formatter for `timeZone`; an unknown zone name reads as the default society zone. */
function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      return dayFormatter(DEFAULT_TIME_ZONE);
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The calendar day ('YYYY-MM-DD') at the instant `at` in `timeZone`: 2026-11-25T20:30Z in Asia/Karachi → '2026-11-26'. */
export function calendarDay(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    dayFormatter(timeZone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The month ('YYYY-MM') at the instant `at` in `timeZone`. */
export function calendarMonth(at: Date, timeZone: string): string {
  return calendarDay(at, timeZone).slice(0, 7);
}
