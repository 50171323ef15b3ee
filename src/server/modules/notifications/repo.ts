import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema.js';
import { listPage, type PageRequest } from '../../lib/list-page.js';

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * In-app notification records (spec section 7), written with the change they report and read by
 * the resident app. Every read and write names the society and the resident: a record of another
 * resident or society is not found.
 */
export function notificationsRepo(db: Db) {
  const own = (societyId: number, residentId: number) => and(eq(notifications.societyId, societyId), eq(notifications.residentId, residentId));
  return {
    async insert(row: typeof notifications.$inferInsert): Promise<void> {
      await db.insert(notifications).values(row);
    },
    /**
     * One page (10, newest first by id) of a resident's records with the total (counted: the
     * `notifications_resident_idx` prefix finds them; a resident has few). Call inside `inSociety`.
     */
    page(societyId: number, residentId: number, req: PageRequest) {
      return listPage({
        db,
        societyId,
        table: notifications,
        id: notifications.id,
        where: own(societyId, residentId),
        req,
        order: [notifications.residentId, notifications.id],
        rows: (ids) => (ids.length === 0 ? Promise.resolve([]) : db.select().from(notifications).where(and(own(societyId, residentId), inArray(notifications.id, ids)))),
        idOf: (row) => row.id,
      });
    },
    /** How many of the resident's records are unread. */
    async unread(societyId: number, residentId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(own(societyId, residentId), eq(notifications.isRead, false)));
      return Number(row?.n ?? 0);
    },
    /** Marks one of the resident's records read (again: no harm). @returns the record, or undefined if not theirs. */
    async markRead(societyId: number, residentId: number, id: number): Promise<NotificationRow | undefined> {
      const [row] = await db
        .update(notifications)
        .set({ isRead: true })
        .where(and(own(societyId, residentId), eq(notifications.id, id)))
        .returning();
      return row;
    },
  };
}
