/**
 * Queries of the post tables (feed_posts, discounts, plots), the only place the posts mechanism
 * touches them. Every call takes the connection it runs on: a society-scoped transaction
 * (`inSociety`, row-level security) for almost everything; the owner connection only for the
 * SUPER_SOCIETY list and for finding which society owns a post it deletes (service.ts).
 */
import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { societies } from '../db/schema.js';
import { pageIds, pageWindow, type PageRequest } from '../lib/list-page.js';
import { likePattern } from '../lib/text.js';
import type { PostRow, PostTable } from './definition.js';

/** One page of ids, newest first, with the exact total of the list. */
export interface IdPage {
  ids: number[];
  total: number;
  totalExact: true;
}

/** The queries of one post table on connection `db` (see the file's header for which connection when). */
export function postRepo<T extends PostTable>(db: Db, table: T) {
  // The three tables share these columns; drizzle's builders want one concrete table type.
  const t = table as PgTable & Pick<PostTable, 'id' | 'societyId'>;
  const own = (societyId: number | undefined, ...more: (SQL | undefined)[]) => and(societyId === undefined ? undefined : eq(t.societyId, societyId), ...more);

  return {
    /**
     * The ids of one page, newest first (by id: ids grow with time, so the keyset cursors of the
     * shared list query work), and the exact total. A post list is small (a society posts a few a
     * day), so the total is counted and a search is an ILIKE over `search` columns.
     * @param societyId the society whose posts; undefined: every society's (SUPER_SOCIETY, owner connection)
     * @param size rows a page (POST_PAGE_SIZE for staff, PAGE_SIZE for residents)
     */
    async page(societyId: number | undefined, search: { q: string; columns: readonly Parameters<typeof ilike>[0][] }, req: PageRequest, size: number): Promise<IdPage> {
      const matches = search.q ? or(...search.columns.map((c) => ilike(c, likePattern(search.q)))) : undefined;
      const where = own(societyId, matches);
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(t).where(where);
      const total = Number(row?.n ?? 0);
      const ids = await pageIds(db, t, t.id, [t.id], where, pageWindow(req, total, true, size));
      return { ids, total, totalExact: true };
    },
    /** The rows of `ids` with their society's name, in the order of `ids` (missing ids skipped). */
    async withSociety(ids: readonly number[]): Promise<{ row: PostRow<T>; societyName: string }[]> {
      if (ids.length === 0) return [];
      const rows = (await db
        .select({ row: t, societyName: societies.name })
        .from(t)
        .innerJoin(societies, eq(societies.id, t.societyId))
        .where(inArray(t.id, [...ids]))) as { row: PostRow<T>; societyName: string }[];
      const byId = new Map(rows.map((r) => [r.row.id, r]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
    /** One post of the society, or undefined. */
    async get(societyId: number, id: number): Promise<PostRow<T> | undefined> {
      const [row] = await db.select().from(t).where(own(societyId, eq(t.id, id)));
      return row as PostRow<T> | undefined;
    },
    /** The society that owns post `id` (any society: call on the owner connection), or undefined. */
    async societyOf(id: number): Promise<number | undefined> {
      const [row] = await db.select({ societyId: t.societyId }).from(t).where(eq(t.id, id));
      return row?.societyId;
    },
    async insert(values: PgInsertValue<T>): Promise<PostRow<T>> {
      const [row] = await db.insert(table).values(values).returning();
      return row as PostRow<T>;
    },
    /** Deletes post `id` of the society. @returns whether a row was deleted. */
    async remove(societyId: number, id: number): Promise<boolean> {
      const gone = await db.delete(t).where(own(societyId, eq(t.id, id))).returning({ id: t.id });
      return gone.length === 1;
    },
  };
}
