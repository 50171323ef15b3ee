import { and, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { announcementSeen, announcements, media } from '../../db/schema.js';
import { listPage, type ListResult, type PageRequest } from '../../lib/list-page.js';

export type AnnouncementRow = typeof announcements.$inferSelect;

/** `%text%` for ILIKE, with the user's `%`, `_` and `\` taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Announcements and their seen marks (spec section 3 "Announcement", "seenUids").
 * Every read and write names the society (and runs inside `inSociety`, so row-level security
 * hides other societies' rows as well).
 */
export function announcementsRepo(db: Db) {
  const ofSociety = (societyId: number) => eq(announcements.societyId, societyId);
  /** One page (10, newest first) of the society's announcements matching `where`. */
  const page = (societyId: number, req: PageRequest, search: SQL | undefined): Promise<ListResult<AnnouncementRow>> =>
    listPage({
      db,
      societyId,
      table: announcements,
      id: announcements.id,
      order: [announcements.societyId, announcements.createdAt, announcements.id],
      where: ofSociety(societyId),
      search,
      req,
      rows: (ids) =>
        ids.length === 0
          ? Promise.resolve([])
          : db
              .select()
              .from(announcements)
              .where(and(ofSociety(societyId), inArray(announcements.id, ids))),
      idOf: (row) => row.id,
    });

  return {
    /** Stores one announcement. @returns its row. */
    async insert(row: typeof announcements.$inferInsert): Promise<AnnouncementRow> {
      const [created] = await db.insert(announcements).values(row).returning();
      if (!created) throw new Error('announcement insert returned no row');
      return created;
    },
    /**
     * Marks the society's upload `mediaId` as used at `at` if it is live and not used yet, in one
     * statement: of two posts racing for the same upload, the second finds it taken (the row lock
     * makes it wait, then re-check). @returns false when it is not this society's unused upload.
     */
    async claimMedia(societyId: number, mediaId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(media)
        .set({ attachedAt: at })
        .where(and(eq(media.id, mediaId), eq(media.societyId, societyId), isNull(media.attachedAt), isNull(media.deletedAt)))
        .returning({ id: media.id });
      return rows.length === 1;
    },
    /** Staff list: `q` (trimmed; '' for none) matches title or description, case-insensitively. */
    staffPage(societyId: number, q: string, req: PageRequest) {
      const p = contains(q);
      return page(societyId, req, q === '' ? undefined : sql`(${announcements.title} ilike ${p} or ${announcements.description} ilike ${p})`);
    },
    /** Resident list: every announcement of the society. */
    residentPage(societyId: number, req: PageRequest) {
      return page(societyId, req, undefined);
    },
    /** One announcement of the society, or undefined. */
    async get(societyId: number, id: number): Promise<AnnouncementRow | undefined> {
      const [row] = await db
        .select()
        .from(announcements)
        .where(and(ofSociety(societyId), eq(announcements.id, id)));
      return row;
    },
    /** How many residents marked each of `ids` seen (ids without marks are absent). */
    async seenCounts(societyId: number, ids: readonly number[]): Promise<Map<number, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: announcementSeen.announcementId, n: count() })
        .from(announcementSeen)
        .where(and(eq(announcementSeen.societyId, societyId), inArray(announcementSeen.announcementId, [...ids])))
        .groupBy(announcementSeen.announcementId);
      return new Map(rows.map((r) => [r.id, Number(r.n)]));
    },
    /** Which of `ids` the resident has marked seen. */
    async seenBy(societyId: number, residentId: number, ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: announcementSeen.announcementId })
        .from(announcementSeen)
        .where(and(eq(announcementSeen.societyId, societyId), eq(announcementSeen.residentId, residentId), inArray(announcementSeen.announcementId, [...ids])));
      return new Set(rows.map((r) => r.id));
    },
    /**
     * True when `id` is the society's announcement; it is then key-share locked until the
     * transaction ends, so a concurrent delete cannot pull it from under a seen mark being written.
     */
    async holdForSeen(societyId: number, id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: announcements.id })
        .from(announcements)
        .where(and(ofSociety(societyId), eq(announcements.id, id)))
        .for('key share');
      return row !== undefined;
    },
    /** Marks `announcementId` seen by the resident; a second mark changes nothing (primary key). */
    async markSeen(societyId: number, announcementId: number, residentId: number, at: Date): Promise<void> {
      await db.insert(announcementSeen).values({ societyId, announcementId, residentId, seenAt: at }).onConflictDoNothing();
    },
    /** Deletes the society's announcement `id` (its seen marks go with it). @returns the deleted row, or undefined. */
    async delete(societyId: number, id: number): Promise<AnnouncementRow | undefined> {
      const [row] = await db
        .delete(announcements)
        .where(and(ofSociety(societyId), eq(announcements.id, id)))
        .returning();
      return row;
    },
  };
}
