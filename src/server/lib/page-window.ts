/**
 * Which rows one page of a list is (ADR 0003): the window a page request reads — the rows past a
 * keyset cursor, or an offset from the nearer end of the list — and the query of its ids. Used by
 * `list-page.ts`, which counts the list and loads the rows.
 */
import { and, asc, desc, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { PAGE_SIZE } from '../../shared/constants.js';
import type { Db } from '../db/client.js';

/** What a list request asks for (from the shared list query). */
export interface PageRequest {
  /** 1-based page number. */
  page: number;
  /** Id of the last row of page − 1 (moving forward). */
  after?: number;
  /** Id of the first row of page + 1 (moving back). */
  before?: number;
  /**
   * Rows a page, set by the server only (never from a query string): a list export reads the
   * list's own page query in batches of EXPORT_BATCH_ROWS (lib/list-export.ts). Wins over the
   * list's own size.
   */
  size?: number;
}

/** How to read one page: ids below/above a cursor, or an offset from the top or the bottom. */
export type PageWindow =
  | { kind: 'after'; id: number; limit: number }
  | { kind: 'before'; id: number; limit: number }
  | { kind: 'offset'; direction: 'desc' | 'asc'; offset: number; limit: number };

/**
 * Chooses how to read page `req.page` of a list of `total` rows (newest first).
 * With a cursor: the 10 rows past it. Without: offset from the top, or — when the total is exact
 * and the page lies in the second half — from the bottom in ascending order (the caller reverses),
 * so the last pages cost what the first ones do.
 */
export function pageWindow(req: PageRequest, total: number, totalExact: boolean, size = PAGE_SIZE): PageWindow {
  if (req.after !== undefined) return { kind: 'after', id: req.after, limit: size };
  if (req.before !== undefined) return { kind: 'before', id: req.before, limit: size };
  const top = (req.page - 1) * size;
  const pages = Math.ceil(total / size);
  if (totalExact && req.page <= pages && req.page > pages / 2) {
    const end = Math.min(req.page * size, total);
    return { kind: 'offset', direction: 'asc', offset: total - end, limit: end - top };
  }
  return { kind: 'offset', direction: 'desc', offset: top, limit: size };
}

/**
 * The query of one page's ids (the caller puts them in display order: `reversed` when read
 * ascending). `order` is the list index's columns in order, ending with the id: the equality
 * columns before it make that index the one that yields the order (by id alone the planner may
 * walk the primary key and filter).
 */
export function pageIdsQuery(db: Db, table: PgTable, id: PgColumn, order: readonly (PgColumn | SQL)[], where: SQL | undefined, window: PageWindow) {
  const read = (w: SQL | undefined, direction: 'desc' | 'asc', limit: number, offset: number) => {
    const dir = direction === 'desc' ? desc : asc;
    return db
      .select({ id: sql<number>`${id}` })
      .from(table)
      .where(w)
      .orderBy(...order.map((c) => dir(c)))
      .limit(limit)
      .offset(offset);
  };
  switch (window.kind) {
    case 'after':
      return { query: read(and(where, lt(id, window.id)), 'desc', window.limit, 0), reversed: false };
    case 'before':
      return { query: read(and(where, gt(id, window.id)), 'asc', window.limit, 0), reversed: true };
    case 'offset':
      return { query: read(where, window.direction, window.limit, window.offset), reversed: window.direction === 'asc' };
  }
}

/** The ids of one page, in display order (newest first); `order` as in {@link pageIdsQuery}. */
export async function pageIds(
  db: Db,
  table: PgTable,
  id: PgColumn,
  order: readonly (PgColumn | SQL)[],
  where: SQL | undefined,
  window: PageWindow,
): Promise<number[]> {
  const { query, reversed } = pageIdsQuery(db, table, id, order, where, window);
  const ids = (await query).map((r) => Number(r.id));
  return reversed ? ids.reverse() : ids;
}

/** The ids of one page picked from every matching id of the list, sorted newest first. */
export function pageOfIds(all: readonly number[], window: PageWindow): number[] {
  switch (window.kind) {
    case 'after':
      return all.filter((id) => id < window.id).slice(0, window.limit);
    case 'before':
      return all.filter((id) => id > window.id).slice(-window.limit);
    case 'offset':
      return window.direction === 'desc'
        ? all.slice(window.offset, window.offset + window.limit)
        : all.slice(Math.max(0, all.length - window.offset - window.limit), all.length - window.offset);
  }
}
