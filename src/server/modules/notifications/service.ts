import type { SQL } from 'drizzle-orm';
import type { ReadAllResult, ResidentNotification, ResidentNotificationList } from '../../../shared/contracts/resident.js';
import type { Db } from '../../db/client.js';
import type { notifications } from '../../db/schema.js';
import { inSociety } from '../../db/society-scope.js';
import { NotFoundError } from '../../lib/errors.js';
import type { PageRequest } from '../../lib/list-page.js';
import type { ResidentContext } from '../resident-auth/service.js';
import { CAMPAIGN_REF_ENTITY, insertNotificationsSql, notificationsRepo, type NotificationRow, type NotificationsSelect } from './repo.js';

export type { NotificationsSelect } from './repo.js';

/**
 * Writes the in-app notification record a resident reads in the app (spec section 7), inside the
 * caller's transaction `tx` so it commits with the change it reports.
 */
export function notifyResident(tx: Db, record: typeof notifications.$inferInsert): Promise<void> {
  return notificationsRepo(tx).insert(record);
}

/**
 * Many in-app records in one statement, for a change that reaches many residents at once (a bill
 * import, a panel campaign): the `INSERT … SELECT` making one record per row of `select.from`,
 * as an SQL statement to place in the caller's statement (a `WITH` item), so 20,000 records
 * cost no round trip of their own and commit with the change. Same columns as `notifyResident`.
 */
export function notifyResidentsSql(select: NotificationsSelect): SQL {
  return insertNotificationsSql(select);
}

/** Stored record → what the resident app shows (spec section 3 "Notification"). */
function toNotification(row: NotificationRow): ResidentNotification {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    image: row.image,
    isRead: row.isRead,
    pressedTime: row.createdAt.toISOString(),
    refEntity: row.refEntity,
    refId: row.refId,
  };
}

/**
 * The resident's own in-app records, each call in the resident's society scope
 * (row-level security) and filtered to the resident.
 * - `list(resident, req)`: one page, newest first, 10 a page, `{items, total, totalExact, unread}`;
 * - `markRead(resident, id)`: marks one record read and returns it; idempotent; 404 for a record
 *   that is not the resident's (another resident's or another society's).
 * - `markAllRead(resident)`: marks all of them read; `{marked}`: how many were unread (0 again).
 * - `message(resident, campaignId)`: the resident's record of a notification-panel message (what
 *   a push of type 'message' opens); 404 when the resident has none of that campaign.
 */
export function notificationsService(db: Db) {
  return {
    async list(resident: ResidentContext, req: PageRequest): Promise<ResidentNotificationList> {
      return inSociety(db, resident.societyId, async (tx) => {
        const repo = notificationsRepo(tx);
        const page = await repo.page(resident.societyId, resident.id, req);
        const unread = await repo.unread(resident.societyId, resident.id);
        return { ...page, items: page.items.map(toNotification), unread };
      });
    },
    async markAllRead(resident: ResidentContext): Promise<ReadAllResult> {
      const marked = await inSociety(db, resident.societyId, (tx) => notificationsRepo(tx).markAllRead(resident.societyId, resident.id));
      return { marked };
    },
    async message(resident: ResidentContext, campaignId: number): Promise<ResidentNotification> {
      const row = await inSociety(db, resident.societyId, (tx) =>
        notificationsRepo(tx).byRef(resident.societyId, resident.id, CAMPAIGN_REF_ENTITY, campaignId),
      );
      if (!row) throw new NotFoundError();
      return toNotification(row);
    },
    async markRead(resident: ResidentContext, id: number): Promise<ResidentNotification> {
      const row = await inSociety(db, resident.societyId, (tx) => notificationsRepo(tx).markRead(resident.societyId, resident.id, id));
      if (!row) throw new NotFoundError();
      return toNotification(row);
    },
  };
}
export type NotificationsService = ReturnType<typeof notificationsService>;
