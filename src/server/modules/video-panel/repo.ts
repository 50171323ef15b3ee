import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { videoPanelEntries } from '../../db/schema.js';
import { listPage, type PageRequest } from '../../lib/list-page.js';

export type VideoPanelRow = typeof videoPanelEntries.$inferSelect;

/**
 * Video panel entries (spec section 3 "Video panel entry"): every change is a new row,
 * the newest is current. Every read names the society (and runs inside `inSociety`).
 */
export function videoPanelRepo(db: Db) {
  const ofSociety = (societyId: number) => eq(videoPanelEntries.societyId, societyId);
  return {
    async insert(row: typeof videoPanelEntries.$inferInsert): Promise<VideoPanelRow> {
      const [created] = await db.insert(videoPanelEntries).values(row).returning();
      if (!created) throw new Error('video panel insert returned no row');
      return created;
    },
    /** One page (10, newest first) of the society's entries with the total. */
    page(societyId: number, req: PageRequest) {
      return listPage({
        db,
        societyId,
        table: videoPanelEntries,
        id: videoPanelEntries.id,
        order: [videoPanelEntries.societyId, videoPanelEntries.createdAt, videoPanelEntries.id],
        where: ofSociety(societyId),
        req,
        rows: (ids) =>
          ids.length === 0
            ? Promise.resolve([])
            : db
                .select()
                .from(videoPanelEntries)
                .where(and(ofSociety(societyId), inArray(videoPanelEntries.id, ids))),
        idOf: (row) => row.id,
      });
    },
    /** The society's current (newest) entry, or undefined when none was set. */
    async latest(societyId: number): Promise<VideoPanelRow | undefined> {
      const [row] = await db
        .select()
        .from(videoPanelEntries)
        .where(ofSociety(societyId))
        .orderBy(desc(videoPanelEntries.societyId), desc(videoPanelEntries.createdAt), desc(videoPanelEntries.id))
        .limit(1);
      return row;
    },
  };
}
