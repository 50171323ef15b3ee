/**
 * Queries of the post tables (feed_posts, discounts, plots), the only place the posts mechanism
 * touches them. Every call takes the connection it runs on: a society-scoped transaction
 * (`inSociety`, row-level security) for almost everything; the owner connection only for the
 * SUPER_SOCIETY list and for finding which society owns a post it deletes (service.ts).
 */
import { and, eq, ilike, inArray, or, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { societies } from '../db/schema.js';
import { listPage, type ListResult, type PageRequest } from '../lib/list-page.js';
import { likePattern } from '../lib/text.js';
import type { PostRow, PostTable } from './definition.js';

/** A post row with the name of its society (what a DTO needs besides the post's media). */
export interface PostWithSociety<T extends PostTable> {
  row: PostRow<T>;
  societyName: string;
}

/** The queries of one post table on connection `db` (see the file's header for which connection when). */
export function postRepo<T extends PostTable>(db: Db, table: T) {
  // The three tables share these columns; drizzle's builders want one concrete table type.
  const t = table as PgTable & Pick<PostTable, 'id' | 'societyId'>;
  const own = (societyId: number | undefined, ...more: (SQL | undefined)[]) => and(societyId === undefined ? undefined : eq(t.societyId, societyId), ...more);
  const withSocietyWhere = (where: SQL) =>
    db.select({ row: t, societyName: societies.name }).from(t).innerJoin(societies, eq(societies.id, t.societyId)).where(where);
  /** The rows of the ids `ids` selects (a list or a subquery), any order. */
  const rowsOf = async (ids: SQLWrapper | number[]): Promise<PostWithSociety<T>[]> => {
    if (Array.isArray(ids) && ids.length === 0) return [];
    // `t` is the generic table seen through its shared columns: its rows are the kind's rows.
    return (await withSocietyWhere(inArray(t.id, ids))) as PostWithSociety<T>[];
  };

  return {
    /**
     * One page of posts with their societies' names, newest first (by id: ids grow with time, so
     * the list cursors work), through the shared pager with an exact count: a post list is small
     * (a society posts a few a day), so its total is counted and a search is an ILIKE over
     * `search.columns`. The total and the page's rows are one round trip on a pipelining
     * connection (lib/list-page.ts).
     * @param societyId the society whose posts; undefined: every society's (SUPER_SOCIETY, owner connection)
     * @param size rows a page (POST_PAGE_SIZE for staff, PAGE_SIZE for residents)
     * @param where a further filter (discounts' category), counted like the rest of the list
     */
    page(
      societyId: number | undefined,
      search: { q: string; columns: readonly Parameters<typeof ilike>[0][] },
      req: PageRequest,
      size: number,
      where?: SQL,
    ): Promise<ListResult<PostWithSociety<T>>> {
      return listPage({
        db,
        exactCount: true,
        size,
        table: t,
        id: t.id,
        order: [t.id],
        where: own(societyId, where),
        search: search.q ? or(...search.columns.map((c) => ilike(c, likePattern(search.q)))) : undefined,
        req,
        rows: rowsOf,
        rowsIn: rowsOf,
        idOf: (r) => r.row.id,
      });
    },
    /** One post of the society with the society's name (what a DTO needs), or undefined. */
    async getWithSociety(societyId: number, id: number): Promise<PostWithSociety<T> | undefined> {
      const [found] = (await withSocietyWhere(and(eq(t.societyId, societyId), eq(t.id, id))!)) as PostWithSociety<T>[];
      return found;
    },
    /** One post of the society, or undefined. */
    async get(societyId: number, id: number): Promise<PostRow<T> | undefined> {
      const [row] = await db
        .select()
        .from(t)
        .where(own(societyId, eq(t.id, id)));
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
      const gone = await db
        .delete(t)
        .where(own(societyId, eq(t.id, id)))
        .returning({ id: t.id });
      return gone.length === 1;
    },
  };
}
