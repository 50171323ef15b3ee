import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema.js';

/** In-app notification records (spec section 7), read by the resident app. */
export function notificationsRepo(db: Db) {
  return {
    async insert(row: typeof notifications.$inferInsert): Promise<void> {
      await db.insert(notifications).values(row);
    },
  };
}
