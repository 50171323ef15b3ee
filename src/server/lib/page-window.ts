/**
 * Which rows one page of a list is (ADR 0003): the window a page request reads — the rows past a
 * keyset cursor, or an offset from the nearer end of the list — and the query of its ids. Used by
 * `list-page.ts`, which counts the list and loads the rows.
 */
import { and, asc, desc, gt, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { PAGE_SIZE } from '../../shared/constants.js';
import type { ValueOf } from '../db/built-once.js';
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
 * The shapes of {@link PageWindow}: one statement text each (a statement built once per kind). The
 * first page from the top is a kind of its own, with no OFFSET: an `offset $n` parameter makes
 * PostgreSQL's estimate of a generic plan worse, so a named statement that had one for the first
 * page would be planned anew on every call instead (and on stale statistics planned badly: the
 * security desk's first page, 0.5 → 3.3 ms of PostgreSQL CPU with its 500 alarms unanalysed).
 */
export type WindowKind = 'after' | 'before' | 'first' | 'top' | 'bottom';

/** Every {@link WindowKind}, for making a list's statements up front. */
export const WINDOW_KINDS: readonly WindowKind[] = ['after', 'before', 'first', 'top', 'bottom'];

/** The values of a window's statement: the cursor id (0 without one), rows, rows skipped. */
export interface WindowValues extends Record<string, unknown> {
  cursor: number;
  limit: number;
  offset: number;
}

/** The kind of `window`: past a cursor (`after`, `before`), the first rows (`first`), or an offset from the top or the bottom. */
export function windowKind(window: PageWindow): WindowKind {
  if (window.kind !== 'offset') return window.kind;
  return window.direction === 'asc' ? 'bottom' : window.offset === 0 ? 'first' : 'top';
}

/** The values `window`'s statement is run with (see {@link WindowValues}). */
export function windowValues(window: PageWindow): WindowValues {
  return window.kind === 'offset' ? { cursor: 0, limit: window.limit, offset: window.offset } : { cursor: window.id, limit: window.limit, offset: 0 };
}

/** Whether a window of `kind` reads ascending, so its ids are put in display order by reversing them. */
const reads = (kind: WindowKind) => (kind === 'before' || kind === 'bottom' ? 'asc' : 'desc');

/** A value of a list's key: a value, or a placeholder of a statement built once (db/built-once.ts). */
export type KeyValue = string | number | Placeholder;

/**
 * A list's filter on the leading columns of its index, `columns[i] = key[i]`: the first (the
 * society, which row-level security makes an equality anyway) as `a = x`, the others as the row
 * range `(b, c) >= (y, z) AND (b, c) <= (y, z)` — the same rows, and only the list index can serve
 * it or yield the page's order. Past a cursor the range's end takes the id too, `(b, c, id) < (y,
 * z, cursor)` after it and `(b, c, id) > (y, z, cursor)` before it, so the scan starts at the
 * cursor (the society's equality and the range are both index conditions).
 * Why not `b = y AND c = z`: PostgreSQL then knows every column before the id is constant and
 * drops them from the ORDER BY, which leaves the id alone, which the primary key yields too. With
 * statistics the planner takes the list's rows to be spread evenly over the ids and walks the
 * primary key backward, filtering, through every newer row of the other societies and stages:
 * page 1 of one society's 20,000 new complaints read the 24,100 newer rows of the other society
 * first (0.5 → 10 ms on PostgreSQL 15, and kept as a custom plan on every call). A row range is no
 * equality, so the ORDER BY keeps the list index's columns after the society.
 * @param past the id column and the cursor, for a window past one
 */
export function listKeyRange(
  columns: readonly (PgColumn | SQL)[],
  key: readonly KeyValue[],
  past?: { kind: 'after' | 'before'; id: PgColumn | SQL; cursor: number | Placeholder },
): SQL {
  if (key.length === 0 || columns.length !== key.length) throw new Error('listKeyRange: one key value for each column');
  const list = <T>(items: readonly T[]) =>
    sql.join(
      items.map((v) => sql`${v}`),
      sql`, `,
    );
  const first = sql`${columns[0]} = ${key[0]}`;
  if (key.length === 1) {
    if (!past) return first;
    return sql`(${first} and ${past.id} ${past.kind === 'after' ? sql`<` : sql`>`} ${past.cursor})`;
  }
  const cols = list(columns.slice(1));
  const vals = list(key.slice(1));
  const low = past?.kind === 'before' ? sql`(${cols}, ${past.id}) > (${vals}, ${past.cursor})` : sql`(${cols}) >= (${vals})`;
  const high = past?.kind === 'after' ? sql`(${cols}, ${past.id}) < (${vals}, ${past.cursor})` : sql`(${cols}) <= (${vals})`;
  return sql`(${first} and ${low} and ${high})`;
}

/**
 * Where one page's ids are read from: the listed table and its id column; `order`, the list
 * index's columns in order, ending with the id; `key`, the values of its leading columns the list
 * is filtered on ({@link listKeyRange}); `where`, the list's other filters. With the key written
 * as equalities in `where` instead, the planner may walk the primary key.
 */
export interface PageSource {
  table: PgTable;
  id: PgColumn;
  order: readonly (PgColumn | SQL)[];
  where: SQL | undefined;
  key?: readonly KeyValue[];
}

/** The query of one page's ids (the caller puts them in display order: `reversed` when read ascending). */
export function pageIdsQuery(db: Db, source: PageSource, window: PageWindow) {
  const kind = windowKind(window);
  return { query: windowIdsQuery(db, source, kind, windowValues(window)), reversed: reads(kind) === 'asc' };
}

/**
 * The ids query of every window of `kind` (the one place its text is written): with the window's
 * values ({@link pageIdsQuery}), or — for a statement built once (db/built-once.ts) — with the
 * placeholders `values` gives for its cursor, limit and offset, run with {@link windowValues} of
 * the window; the source's `where` and `key` are then written with placeholders too.
 */
export function windowIdsQuery(db: Db, source: PageSource, kind: WindowKind, values: WindowValues | ValueOf<WindowValues>) {
  const { table, id, order, where, key } = source;
  const v: Record<'cursor' | 'limit' | 'offset', number | Placeholder> =
    typeof values === 'function' ? { cursor: values('cursor'), limit: values('limit'), offset: values('offset') } : values;
  const dir = reads(kind) === 'desc' ? desc : asc;
  const cursor = kind === 'after' || kind === 'before' ? { kind, id, cursor: v.cursor } : undefined;
  const past = !cursor ? undefined : cursor.kind === 'after' ? lt(id, cursor.cursor) : gt(id, cursor.cursor);
  const range = key ? listKeyRange(order.slice(0, key.length), key, cursor) : past;
  return db
    .select({ id: sql<number>`${id}` })
    .from(table)
    .where(and(where, range))
    .orderBy(...order.map((c) => dir(c)))
    .limit(v.limit)
    .offset(kind === 'top' || kind === 'bottom' ? v.offset : 0);
}

/** The ids of one page, in display order (newest first). */
export async function pageIds(db: Db, source: PageSource, window: PageWindow): Promise<number[]> {
  const { query, reversed } = pageIdsQuery(db, source, window);
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
