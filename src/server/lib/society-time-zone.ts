/** The time zone a society lives in, for the sums that need its calendar (see shared/calendar.ts). */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { societies } from '../db/schema.js';
import { DEFAULT_TIME_ZONE } from '../../shared/constants.js';

/** `societies.time_zone` of `societyId` (an IANA name); Asia/Karachi if the society is not found. */
export async function societyTimeZone(db: Db, societyId: number): Promise<string> {
  const [row] = await db.select({ timeZone: societies.timeZone }).from(societies).where(eq(societies.id, societyId));
  return row?.timeZone ?? DEFAULT_TIME_ZONE;
}
