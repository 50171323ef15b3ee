/**
 * The one list mechanism of the server (issue 7, ADR 0003): every staff list is newest first by
 * id, 10 rows a page, with an exact total for an unsearched list (from `list_counts`) and a capped
 * one for a search. Deep pages are cheap when the client sends the keyset cursor it has:
 * `after` (the id of the last row of the previous page) or `before` (the id of the first row of
 * the next page). Without one, the page is read from the nearer end of the list.
 */
import { and, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { PAGE_SIZE } from '../../shared/constants.js';
import type { Db } from '../db/client.js';
import { listCounts } from '../db/schema.js';

/** A search counts its matches up to this many; beyond it the total is a lower bound. */
export const SEARCH_COUNT_CAP = 1000;

/** What a list request asks for (from the shared list query). */
export interface PageRequest {
  /** 1-based page number. */
  page: number;
  /** Id of the last row of page − 1 (moving forward). */
  after?: number;
  /** Id of the first row of page + 1 (moving back). */
  before?: number;
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

/** Reads rows of a list: `where` already holds the society scope, filters and search. */
export type RowReader<Row> = (where: SQL | undefined, direction: 'desc' | 'asc', limit: number, offset: number) => Promise<Row[]>;

/**
 * One page of a list, newest first.
 * @param id     the list's order column (the table's id)
 * @param where  scope, filters and search
 * @param read   the list's select (columns and joins of its own)
 * @returns the rows of the page, in display order (ids descending)
 */
export async function readPage<Row>(id: PgColumn, where: SQL | undefined, window: PageWindow, read: RowReader<Row>): Promise<Row[]> {
  switch (window.kind) {
    case 'after':
      return read(and(where, lt(id, window.id)), 'desc', window.limit, 0);
    case 'before':
      return (await read(and(where, gt(id, window.id)), 'asc', window.limit, 0)).reverse();
    case 'offset': {
      const rows = await read(where, window.direction, window.limit, window.offset);
      return window.direction === 'asc' ? rows.reverse() : rows;
    }
  }
}

/** A list's total: exact, or (a search with more than {@link SEARCH_COUNT_CAP} matches) a lower bound. */
export interface ListTotal {
  total: number;
  totalExact: boolean;
}

/** The trigger-kept count of an unsearched list (`list_counts`, ADR 0003): one primary-key read. */
export async function countedTotal(db: Db, societyId: number, list: string): Promise<ListTotal> {
  const [row] = await db
    .select({ n: listCounts.n })
    .from(listCounts)
    .where(and(eq(listCounts.societyId, societyId), eq(listCounts.list, list)));
  return { total: row?.n ?? 0, totalExact: true };
}

/** Counts the rows of `table` matching `where`, stopping after {@link SEARCH_COUNT_CAP} + 1. */
export async function cappedTotal(db: Db, table: PgTable, where: SQL | undefined): Promise<ListTotal> {
  const matches = db.select({ one: sql`1` }).from(table).where(where).limit(SEARCH_COUNT_CAP + 1).as('matches');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matches);
  const n = Number(row?.n ?? 0);
  return n > SEARCH_COUNT_CAP ? { total: SEARCH_COUNT_CAP, totalExact: false } : { total: n, totalExact: true };
}

/** What a repo gives {@link listPage}. */
export interface ListSpec<Row> {
  db: Db;
  societyId: number;
  /** The `list_counts` key of the unsearched list, e.g. 'complaint:new'; none: counted up to the cap. */
  countKey?: string;
  /** The listed table and its id column (the order: newest first). */
  table: PgTable;
  id: PgColumn;
  /** Society scope and the list's filters. */
  where: SQL | undefined;
  /** The search condition when the caller searched (e.g. `search_text ILIKE …`). */
  search?: SQL;
  req: PageRequest;
  read: RowReader<Row>;
}

/**
 * One page of a list with its total: `{items, total, totalExact}` (the shared list contract).
 * Unsearched totals come from `list_counts`; searched ones are counted up to the cap.
 */
export async function listPage<Row>(spec: ListSpec<Row>): Promise<{ items: Row[] } & ListTotal> {
  const where = spec.search ? and(spec.where, spec.search) : spec.where;
  const count =
    spec.search || spec.countKey === undefined ? await cappedTotal(spec.db, spec.table, where) : await countedTotal(spec.db, spec.societyId, spec.countKey);
  const items = await readPage(spec.id, where, pageWindow(spec.req, count.total, count.totalExact), spec.read);
  return { items, ...count };
}
