import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema.js';
import { listPage, type PageRequest } from '../../lib/list-page.js';

export type NotificationRow = typeof notifications.$inferSelect;

/** `ref_entity` of the in-app record of a notification-panel message (its `ref_id` is the campaign's id). */
export const CAMPAIGN_REF_ENTITY = 'notification_campaign';

/**
 * Many in-app records as ONE `INSERT … SELECT`: one record per row of `from`. The SQL values are
 * expressions over `from`'s columns (e.g. `ins.resident_id`); plain strings are bound as text.
 */
export interface NotificationsSelect {
  societyId: number;
  /** The rows the records are made of: a FROM list, e.g. sql`ins` or sql`r cross join c`. */
  from: SQL;
  /** The resident's row id (an int expression). */
  residentId: SQL;
  title: SQL | string;
  description: SQL | string;
  /** The kind of thing the record opens in the app (e.g. 'bill') and its row id (an int expression). */
  refEntity: string;
  refId: SQL;
  /** `created_at` of every record. */
  at: Date;
}

/** A plain string as a text parameter, an SQL expression as it is. */
const text = (v: SQL | string): SQL => (typeof v === 'string' ? sql`${v}::text` : v);

/**
 * The statement writing {@link NotificationsSelect}'s records: place it where a statement may
 * stand, typically as a data-modifying `WITH` item of the statement that makes the change the
 * records report (so they commit with it and never leave the database). Read nothing back.
 */
export function insertNotificationsSql(n: NotificationsSelect): SQL {
  return sql`insert into notifications (society_id, resident_id, title, description, ref_entity, ref_id, created_at)
    select ${n.societyId}::int, ${n.residentId}, ${text(n.title)}, ${text(n.description)}, ${n.refEntity}::text, ${n.refId}, ${n.at.toISOString()}::timestamptz
    from ${n.from}`;
}

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
        rows: (ids) =>
          ids.length === 0
            ? Promise.resolve([])
            : db
                .select()
                .from(notifications)
                .where(and(own(societyId, residentId), inArray(notifications.id, ids))),
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
    /** Marks every unread record of the resident read. @returns how many were unread. */
    async markAllRead(societyId: number, residentId: number): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ isRead: true })
        .where(and(own(societyId, residentId), eq(notifications.isRead, false)))
        .returning({ id: notifications.id });
      return rows.length;
    },
    /** The resident's record about `refEntity` `refId` (the newest, if several), or undefined. */
    async byRef(societyId: number, residentId: number, refEntity: string, refId: number): Promise<NotificationRow | undefined> {
      const [row] = await db
        .select()
        .from(notifications)
        .where(and(own(societyId, residentId), eq(notifications.refEntity, refEntity), eq(notifications.refId, refId)))
        .orderBy(desc(notifications.id))
        .limit(1);
      return row;
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
