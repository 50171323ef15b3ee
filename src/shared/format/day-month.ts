/**
 * Calendar months and days as text, apart from dates.ts (which the dashboard's first load carries
 * for the header clock): a bill's month in words, and a day typed DD/MM/YYYY. No zone: a month or
 * a calendar day is the same everywhere.
 */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const PERIOD = /^(\d{4})-(\d{2})$/;

/**
 * A bill's month ('YYYY-MM', `bills.period`) in words: '2026-12' → 'December 2026'. A text that
 * is not such a month is shown as it comes. The default billing month is `calendarMonth` of
 * shared/calendar.ts.
 */
export function formatMonth(period: string): string {
  const match = PERIOD.exec(period.trim());
  const name = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && name ? `${name} ${match[1]}` : period;
}

const TYPED_DAY = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/**
 * A day typed as DD/MM/YYYY → 'YYYY-MM-DD' (what the API takes), or null when it is not one or
 * not on the calendar ('31/02/2026'); years 1900–2999.
 */
export function parseDay(text: string): string | null {
  const match = TYPED_DAY.exec(text.trim());
  if (!match) return null;
  const [, dd = '', mm = '', yyyy = ''] = match;
  const [day, month, year] = [Number(dd), Number(mm), Number(yyyy)];
  if (year < 1900 || year > 2999) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${yyyy}-${mm}-${dd}`;
}
