import type { Db } from '../../db/client.js';
import type { notifications } from '../../db/schema.js';
import { notificationsRepo } from './repo.js';

/**
 * Writes the in-app notification record a resident reads in the app (spec section 7), inside the
 * caller's transaction `tx` so it commits with the change it reports.
 */
export function notifyResident(tx: Db, record: typeof notifications.$inferInsert): Promise<void> {
  return notificationsRepo(tx).insert(record);
}
