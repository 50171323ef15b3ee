/**
 * The one list mechanism of the server (issue 7, ADR 0003): every staff list is newest first by
 * id, 10 rows a page, with an exact total for an unsearched list (from `list_counts`) and a capped
 * one for a search. Deep pages are cheap when the client sends the keyset cursor it has:
 * `after` (the id of the last row of the previous page) or `before` (the id of the first row of
 * the next page). Without one, the page is read from the nearer end of the list.
 */
import { and, asc, desc, eq, gt, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { PAGE_SIZE } from '../../shared/constants.js';
import type { Db } from '../db/client.js';
import { listCounts } from '../db/schema.js';
import { SOCIETY_ROLE, pipelines } from '../db/society-scope.js';

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

/**
 * The query of one page's ids (the caller puts them in display order: `reversed` when read
 * ascending). `order` is the list index's columns in order, ending with the id: the equality
 * columns before it make that index the one that yields the order (by id alone the planner may
 * walk the primary key and filter).
 */
function pageIdsQuery(db: Db, table: PgTable, id: PgColumn, order: readonly (PgColumn | SQL)[], where: SQL | undefined, window: PageWindow) {
  const read = (w: SQL | undefined, direction: 'desc' | 'asc', limit: number, offset: number) => {
    const dir = direction === 'desc' ? desc : asc;
    return db.select({ id: sql<number>`${id}` }).from(table).where(w).orderBy(...order.map((c) => dir(c))).limit(limit).offset(offset);
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
export async function pageIds(db: Db, table: PgTable, id: PgColumn, order: readonly (PgColumn | SQL)[], where: SQL | undefined, window: PageWindow): Promise<number[]> {
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

/** What a repo gives {@link listPage}. */
export interface ListSpec<Row> {
  db: Db;
  societyId: number;
  /** The `list_counts` key of the unsearched list, e.g. 'complaint:new'; none: counted up to the cap. */
  countKey?: string;
  /** The listed table, its id column, and its list index's columns ending with the id. */
  table: PgTable;
  id: PgColumn;
  order: readonly PgColumn[];
  /** Society scope and the list's filters (always including `society_id = societyId`). */
  where: SQL | undefined;
  /** The search condition when the caller searched (e.g. `search_text ILIKE …`). */
  search?: SQL;
  /**
   * The term `search` looks for, when `search` is an ILIKE on a trigram-indexed column: with three
   * letters or digits in a row it is looked up through the trigram index alone
   * ({@link trigramOnly}); without (or when omitted), the planner chooses.
   */
  term?: string;
  req: PageRequest;
  /** The rows of these ids (any order), with the list's own columns and joins. */
  rows(ids: number[]): Promise<Row[]>;
  /**
   * Optional, for a list whose display order is newest id first: the rows of the ids the subquery
   * `ids` selects (`inArray(table.id, ids)`), any order. With it, an unsearched page near the top
   * or at a cursor is read in one statement (ids and rows) sent together with its total.
   */
  rowsIn?(ids: SQLWrapper): Promise<Row[]>;
  /** A row's id. */
  idOf(row: Row): number;
}

/**
 * Runs a search's `work` as the connection's own role inside a society scope, with plain
 * sequential and index scans off, then returns to {@link SOCIETY_ROLE} and the scan settings it
 * found (kept meanwhile in the transaction-local `app.saved_scans`, so neither step waits for the
 * other's answer: on a pipelining connection the first leaves with `work`'s first statement and
 * the second with the statement after `work`, no round trip of their own).
 * - Owner role: row-level security keeps PostgreSQL from using an index for a condition whose
 *   operator is not leakproof — `ILIKE` is not — so a trigram search under the policy scans the
 *   whole table (2 s at 100,000 rows). The search's id and count queries therefore run as the
 *   owner, with the society filter `where` always carries; the rows themselves are then read back
 *   under the policy, so no row of another society can be returned even if a filter were wrong.
 * - Bitmap scans only (issue 11, bench/load.ts): the planner overrates the trigram index's cost,
 *   so on a society of ~10,000 requests it read the whole table and tested `ILIKE` on every row
 *   (24 ms a search; 46 ms for a two-letter term at 100,000). Left only bitmap scans, it takes the
 *   trigram index or the list index and tests only that list's rows: 11 ms and 28 ms; a
 *   trigram search at 100,000 keeps its plan (14–18 ms). Measured with EXPLAIN ANALYZE on
 *   PostgreSQL 15; the rows read back by id afterwards use the primary key either way.
 */
async function asOwner<T>(db: Db, work: () => Promise<T>): Promise<{ result: T; leave: () => Promise<unknown> }> {
  const enter = db
    .execute(
      sql`select set_config('app.saved_scans', current_setting('enable_seqscan') || ',' || current_setting('enable_indexscan'), true), set_config('role', session_user::text, true), set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`,
    )
    .then(() => undefined);
  if (!pipelines(db)) await enter;
  else enter.catch(() => undefined);
  const result = await work();
  await enter;
  return { result, leave: () => db.execute(sql`select set_config('role', ${SOCIETY_ROLE}, true), set_config('enable_seqscan', split_part(current_setting('app.saved_scans'), ',', 1), true), set_config('enable_indexscan', split_part(current_setting('app.saved_scans'), ',', 2), true)`) };
}

/**
 * True when a search for `term` should read the trigram index and nothing else: the term holds a
 * trigram (three letters or digits in a row; pg_trgm extracts none from a shorter one, and its
 * index would then be read whole). The list's own filters are then written `(…) IS TRUE`, which
 * no btree index serves, so the trigram bitmap is the only plan left (seq and index scans are off
 * for searches, {@link asOwner}). Without this the planner picks by its statistics, and where
 * they are missing or stale — rows filed one by one through the API with no ANALYZE since — it
 * walked the whole list and tested ILIKE on every row (measured on PostgreSQL 15 at 20,000 rows,
 * realistic texts, no statistics: 78 → 39 ms for a word in 1%, 39 → 1.5 ms for a word in none;
 * bench/list-scale.ts --realistic).
 */
export function trigramOnly(term: string | undefined): boolean {
  return term !== undefined && /[\p{L}\p{N}]{3}/u.test(term);
}

/** Unsearched pages up to this one (10 rows each) are read from the top in one statement. */
const DIRECT_PAGES = 10;

/**
 * One page of a list with its total: `{items, total, totalExact}` (the shared list contract).
 * Unsearched totals come from `list_counts`; searched ones are counted up to the cap. Call it
 * inside `inSociety` (the rows are read under row-level security).
 *
 * Statements: an unsearched page of a list with `rowsIn`, at a cursor or among the first
 * {@link DIRECT_PAGES}, is two — the total and the rows of the page's ids (one statement with the
 * ids as a subquery) — sent together. Otherwise the total, the ids, then the rows; a search sends
 * its scan settings with its first statement and restores them with the rows.
 */
export async function listPage<Row>(spec: ListSpec<Row>): Promise<{ items: Row[] } & ListTotal> {
  const { db } = spec;
  const scope = spec.search && spec.where && trigramOnly(spec.term) ? sql`(${spec.where}) is true` : spec.where;
  const where = spec.search ? and(scope, spec.search) : spec.where;
  // Two independent statements: one round trip on a pipelining connection.
  const together = async <A, B>(a: () => Promise<A>, b: () => Promise<B>): Promise<[A, B]> => {
    // `.then` at once: Drizzle sends a query when its `then` is called, and Promise.all would
    // call it only a microtask later, after statements issued meanwhile.
    if (pipelines(db)) return Promise.all([a().then((v) => v), b().then((v) => v)]);
    const first = await a();
    return [first, await b()];
  };
  const { countKey, rowsIn } = spec;
  if (!spec.search && countKey !== undefined && rowsIn && (spec.req.after !== undefined || spec.req.before !== undefined || spec.req.page <= DIRECT_PAGES)) {
    // From the top (or the cursor) whatever the total: at most 100 index entries to skip.
    const { query } = pageIdsQuery(db, spec.table, spec.id, spec.order, where, pageWindow(spec.req, 0, false));
    const [count, rows] = await together(() => countedTotal(db, spec.societyId, countKey), () => rowsIn(query));
    return { items: [...rows].sort((x, y) => spec.idOf(y) - spec.idOf(x)), ...count };
  }
  const locate = async () => {
    if (spec.search || spec.countKey === undefined) {
      // Up to SEARCH_COUNT_CAP + 1 matching ids in one statement: when they are all there (the
      // usual case for a search), they give both the exact total and the page, with one pass over
      // the trigram index instead of two.
      const matches = await db.select({ id: sql<number>`${spec.id}` }).from(spec.table).where(where).limit(SEARCH_COUNT_CAP + 1);
      if (matches.length <= SEARCH_COUNT_CAP) {
        const all = matches.map((m) => Number(m.id)).sort((x, y) => y - x);
        return { count: { total: all.length, totalExact: true }, ids: pageOfIds(all, pageWindow(spec.req, all.length, true)) };
      }
    }
    const count = spec.search || spec.countKey === undefined ? { total: SEARCH_COUNT_CAP, totalExact: false } : await countedTotal(db, spec.societyId, spec.countKey);
    // A search orders by `id + 0`, which no index yields: the planner then takes the matches from
    // the trigram index and sorts them, instead of walking an id-ordered index and testing every
    // row until ten match (374 ms for a 1% word at 100,000 rows, against 15 ms).
    const order = spec.search ? [sql`${spec.id} + 0`] : spec.order;
    const ids = await pageIds(db, spec.table, spec.id, order, where, pageWindow(spec.req, count.total, count.totalExact));
    return { count, ids };
  };
  let found: Awaited<ReturnType<typeof locate>>;
  let rows: Row[];
  if (spec.search) {
    const owner = await asOwner(db, locate);
    found = owner.result;
    [, rows] = await together(owner.leave, () => spec.rows(owner.result.ids));
  } else {
    found = await locate();
    rows = await spec.rows(found.ids);
  }
  const byId = new Map(rows.map((r) => [spec.idOf(r), r]));
  return { items: found.ids.flatMap((id) => byId.get(id) ?? []), ...found.count };
}
