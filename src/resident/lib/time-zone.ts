/**
 * The resident app's society time zone (`timeZone` of GET /api/resident/me), remembered on this
 * phone under the app's own key, so the offline screen and the first paint of the next launch
 * write dates as the desks and guards see them, whatever zone the phone is set to. Dates are
 * written by shared/format/dates.ts; importing this module reads the remembered zone.
 */
import { rememberTimeZone, setSocietyTimeZone } from '../../shared/format/dates';
import { RESIDENT_STORAGE_PREFIX } from '../../shared/constants';

rememberTimeZone(`${RESIDENT_STORAGE_PREFIX}time-zone`);

/** Sets the zone dates are written in (the society's, from the profile) and remembers it; an unknown name is ignored. */
export const setDisplayTimeZone = setSocietyTimeZone;
