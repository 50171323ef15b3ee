/**
 * Dates, times and money as the resident app shows them. Dates and times are written in the
 * society's time zone (`timeZone` of GET /api/resident/me, societies.time_zone), as the desks and
 * guards see them, whatever zone the phone is set to; until the profile has been read once, in the
 * phone's zone. The zone is remembered in localStorage, so the offline screen and the first paint
 * of the next launch use it too.
 */
import { isTimeZone } from '../../shared/calendar';
import { RESIDENT_STORAGE_PREFIX } from '../../shared/constants';

const ZONE_KEY = `${RESIDENT_STORAGE_PREFIX}time-zone`;
const rupees = new Intl.NumberFormat('en-PK', { style: 'currency', currency: 'PKR', maximumFractionDigits: 2 });

function rememberedZone(): string | undefined {
  try {
    const zone = localStorage.getItem(ZONE_KEY);
    return isTimeZone(zone) ? zone : undefined;
  } catch {
    return undefined;
  }
}

let zone: string | undefined = rememberedZone();
let formatters = makeFormatters(zone);

function makeFormatters(timeZone: string | undefined) {
  return {
    dateTime: new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone }),
    time: new Intl.DateTimeFormat('en-GB', { timeStyle: 'short', timeZone }),
  };
}

/**
 * Sets the zone dates are written in (the society's, from the profile) and remembers it. A name
 * this browser does not know is ignored: dates stay in the zone used so far.
 */
export function setDisplayTimeZone(timeZone: string): void {
  if (timeZone === zone || !isTimeZone(timeZone)) return;
  zone = timeZone;
  formatters = makeFormatters(zone);
  try {
    localStorage.setItem(ZONE_KEY, timeZone);
  } catch {
    // Storage full or blocked: the zone still applies for this launch.
  }
}

/** "27 Nov 2026, 14:05" from ISO 8601, in the society's zone. */
export const formatDateTime = (iso: string) => formatters.dateTime.format(new Date(iso));
/** "14:05" from ISO 8601, in the society's zone. */
export const formatTime = (iso: string) => formatters.time.format(new Date(iso));
/** "Rs 1,250.50" (rupees). */
export const formatMoney = (amount: number) => rupees.format(amount);
