/**
 * The dashboard's society time zone, remembered in this browser (shared/format/dates.ts writes
 * every date in it). Importing this module reads the remembered zone, so a reload writes the
 * first table in the right zone before `me` answers; the sign-in answer and every GET
 * /api/society/me answer set it (features/auth, lib/me-query.ts). Should `me` bring another
 * zone, the shell remounts the screen (app/layout/app-layout.tsx).
 */
import { rememberTimeZone } from '../../shared/format/dates';

/** Local storage key of the last society time zone this browser was given (cleared with the session). */
export const TIME_ZONE_KEY = 'societyTimeZone';

rememberTimeZone(TIME_ZONE_KEY);

export { setSocietyTimeZone, societyTimeZone, subscribeSocietyTimeZone } from '../../shared/format/dates';
