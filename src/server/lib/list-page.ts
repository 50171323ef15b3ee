/**
 * The one list mechanism of the server (ADR 0003): every list is newest first by id, with the
 * shared list contract's `{items, total, totalExact, nextAfter, prevBefore}`. Two ways to count:
 * - a list that can grow large (the desks, not-at-home, residents, bills, …) counts a search up
 *   to {@link SEARCH_COUNT_CAP}, and its unsearched total too unless it names a `countKey` (the
 *   desks' stages, not-at-home), whose total `list_counts` keeps;
 * - a small list (`exactCount`: the posts, the alarm inbox, a resident's own requests) counts its
 *   rows, search included, with one `count(*)`.
 * Deep pages are cheap when the client sends the keyset cursor it has: `after` (the id of the
 * last row of the previous page) or `before` (the id of the first row of the next page). Without
 * one, the page is read from the nearer end of the list.
 */
import { and, eq, gt, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { PAGE_SIZE } from '../../shared/constants.js';
import { builtOnce, runBuiltOnce, type Preparable, type ValueOf } from '../db/built-once.js';
import type { Db } from '../db/client.js';
import { listCounts } from '../db/schema.js';
import { SOCIETY_ROLE, inOrder, pipelines } from '../db/society-scope.js';
import { likePattern } from './text.js';
import {
  WINDOW_KINDS,
  listKeyRange,
  pageIds,
  pageIdsQuery,
  pageOfIds,
  pageWindow,
  windowIdsQuery,
  windowKind,
  windowValues,
  type KeyValue,
  type PageRequest,
  type PageWindow,
  type WindowValues,
} from './page-window.js';

export type { KeyValue, PageRequest, PageWindow };

/** A search counts its matches up to this many; beyond it the total is a lower bound. */
export const SEARCH_COUNT_CAP = 1000;

/** A list's total: exact, or (a search with more than {@link SEARCH_COUNT_CAP} matches) a lower bound. */
export interface ListTotal {
  total: number;
  totalExact: boolean;
}

/**
 * The cursors of the pages next to one page (the shared list contract): `nextAfter` is the id to
 * send as `after` for the next (older) page, `prevBefore` the id to send as `before` for the
 * previous (newer) one; null when there is no such page (or the page is empty).
 */
export interface ListCursors {
  nextAfter: number | null;
  prevBefore: number | null;
}

/** One page as {@link listPage} answers it. */
export type ListResult<Row> = { items: Row[] } & ListTotal & ListCursors;

/** The `list_counts` read, built once per connection (db/built-once.ts): every unsearched page of a large list sends it. */
const LIST_COUNT = builtOnce('list_count', (db, value: ValueOf<{ societyId: number; list: string }>) =>
  db
    .select({ n: listCounts.n })
    .from(listCounts)
    .where(and(eq(listCounts.societyId, value('societyId')), eq(listCounts.list, value('list')))),
);

/**
 * The trigger-kept count of an unsearched list (`list_counts`, ADR 0003): one primary-key read,
 * sent before this returns (a statement of `inOrder`).
 */
export function countedTotal(db: Db, societyId: number, list: string): Promise<ListTotal> {
  return runBuiltOnce(db, LIST_COUNT, { societyId, list }).then(([row]) => ({ total: row?.n ?? 0, totalExact: true }));
}

/**
 * A list as {@link windowStatements} writes its pages: the {@link ListSpec} fields with the list's
 * own values (`V`) as placeholders.
 */
export interface WindowedList<V extends Record<string, unknown>, R> {
  table: PgTable;
  id: PgColumn;
  order: readonly PgColumn[];
  /** `ListSpec.key`, written with `value(name)` for each of the list's values. */
  key(value: ValueOf<V & WindowValues>): readonly KeyValue[];
  /** `ListSpec.where`, written with `value(name)` for each of the list's values (none: the key is the whole filter). */
  where?(value: ValueOf<V & WindowValues>): SQL | undefined;
  /** `ListSpec.rowsIn`: the rows whose ids the subquery `ids` selects, on `db`. */
  rowsIn(db: Db, value: ValueOf<V & WindowValues>, ids: SQLWrapper): Preparable<R>;
}

/**
 * A list's page statements built once per connection (db/built-once.ts), one for each kind of page
 * window, for {@link ListSpec.windowRows}: `rowsIn` of the window's ids query (`windowIdsQuery`,
 * lib/page-window.ts), every value a placeholder.
 * @param name the statements' name; each kind's is `<name>_<kind>` (see `builtOnce` for the rules)
 * @returns a runner: the rows of `window`'s page on `db`, the list's values being `values`
 */
export function windowStatements<V extends Record<string, unknown>, R>(
  name: string,
  list: WindowedList<V, R>,
): (db: Db, window: PageWindow, values: V) => Promise<R> {
  const byKind = new Map(
    WINDOW_KINDS.map((kind) => [
      kind,
      builtOnce<V & WindowValues, R>(`${name}_${kind}`, (db, value) =>
        list.rowsIn(db, value, windowIdsQuery(db, { ...list, where: list.where?.(value), key: list.key(value) }, kind, value)),
      ),
    ]),
  );
  return (db, window, values) => runBuiltOnce(db, byKind.get(windowKind(window))!, { ...values, ...windowValues(window) });
}

/** What a repo gives {@link listPage}. */
export interface ListSpec<Row> {
  db: Db;
  /** The society of `countKey`'s row (required with `countKey`). */
  societyId?: number;
  /** The `list_counts` key of the unsearched list, e.g. 'complaint:new'; none: counted up to the cap. */
  countKey?: string;
  /**
   * A small list: its total is one exact `count(*)` of `where` and `search` (no cap, no trigram
   * plan, no `list_counts` row), and its position at a cursor is counted in the same statement,
   * so both cursors of the answer are exact.
   */
  exactCount?: boolean;
  /** Rows a page (default {@link PAGE_SIZE}). */
  size?: number;
  /** The listed table, its id column, and its list index's columns ending with the id. */
  table: PgTable;
  id: PgColumn;
  order: readonly PgColumn[];
  /**
   * The values the list's leading `order` columns are filtered on (`order[i] = key[i]`: a stage
   * list's society, desk and stage), written as a row range so that the list index is the one read
   * (lib/page-window.ts `listKeyRange`). Without it the list's equalities go in `where`.
   */
  key?: readonly KeyValue[];
  /** The list's other filters: with `key` any besides it; without, always including `society_id = societyId`. */
  where: SQL | undefined;
  /** The search condition when the caller searched (e.g. {@link searchTextHas}, or an ILIKE). */
  search?: SQL;
  /**
   * The term `search` looks for, when `search` is a LIKE or ILIKE on a trigram-indexed column: with three
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
  /**
   * Optional, with `rowsIn`: what `rowsIn` of the ids query of `window` (lib/page-window.ts
   * `pageIdsQuery` with `where`) returns, read by a statement the repo builds once per connection
   * and {@link PageWindow} kind (`windowIdsQuery` with `where`'s own filters as placeholders). It is
   * called only for a page without `search`, in place of building the same text anew for every page.
   */
  windowRows?(window: PageWindow): Promise<Row[]>;
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
 *   operator is not leakproof — `LIKE` and `ILIKE` are not — so a trigram search under the policy scans the
 *   whole table (2 s at 100,000 rows). The search's id and count queries therefore run as the
 *   owner, with the society filter `where` always carries; the rows themselves are then read back
 *   under the policy, so no row of another society can be returned even if a filter were wrong.
 * - Bitmap scans only (bench/load.ts): the planner overrates the trigram index's cost,
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
  return {
    result,
    leave: () =>
      db.execute(
        sql`select set_config('role', ${SOCIETY_ROLE}, true), set_config('enable_seqscan', split_part(current_setting('app.saved_scans'), ',', 1), true), set_config('enable_indexscan', split_part(current_setting('app.saved_scans'), ',', 2), true)`,
      ),
  };
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

/**
 * A staff search of a trigger-kept, lower-cased `search_text` column (drizzle/0023): `term`
 * anywhere in it, whatever its case — `LIKE lower(pattern)`, which matches the rows ILIKE would
 * (ILIKE lower-cases both sides the same way) without lower-casing each candidate row's text again.
 * `%`, `_` and `\` in `term` match themselves.
 */
export function searchTextHas(column: PgColumn, term: string): SQL {
  return sql`${column} like lower(${likePattern(term)})`;
}

/** Unsearched pages up to this one are read from the top in one statement. */
const DIRECT_PAGES = 10;

/** A total, and for an exact count at a cursor the rows beyond the cursor (see {@link exactTotal}). */
interface Counted extends ListTotal {
  /** Rows of the list past the request's cursor (older than `after`, newer than `before`). */
  beyond?: number;
}

/**
 * The exact total of a small list in one statement; at a cursor, also how many rows lie past it
 * (`count(*) filter (…)`), which places the page in the list.
 */
async function exactTotal(db: Db, table: PgTable, id: PgColumn, where: SQL | undefined, req: PageRequest): Promise<Counted> {
  const past = req.after !== undefined ? lt(id, req.after) : req.before !== undefined ? gt(id, req.before) : undefined;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, beyond: past ? sql<number>`(count(*) filter (where ${past}))::int` : sql<number>`0` })
    .from(table)
    .where(where);
  return { total: Number(row?.n ?? 0), totalExact: true, ...(past ? { beyond: Number(row?.beyond ?? 0) } : {}) };
}

/**
 * Where the page starts in the list (0-based, newest first): counted ({@link Counted.beyond}),
 * found among every matching id, or — at a cursor of a list counted by `list_counts` — taken from
 * the page number the client sent with it.
 */
function pageStart(req: PageRequest, size: number, counted: Counted, all?: readonly number[], firstId?: number): number {
  if (all && firstId !== undefined) return Math.max(0, all.indexOf(firstId));
  if (counted.beyond !== undefined) return req.after !== undefined ? counted.total - counted.beyond : Math.max(0, counted.beyond - size);
  return (req.page - 1) * size;
}

/** The cursors next to a page of `ids` (display order) starting at `start`. */
function cursorsOf(ids: readonly number[], start: number, size: number, count: ListTotal): ListCursors {
  if (ids.length === 0) return { nextAfter: null, prevBefore: null };
  const more = count.totalExact ? start + ids.length < count.total : ids.length === size;
  return { nextAfter: more ? ids[ids.length - 1]! : null, prevBefore: start > 0 ? ids[0]! : null };
}

/**
 * One page of a list with its total and cursors: `{items, total, totalExact, nextAfter,
 * prevBefore}` (the shared list contract). Call it inside `inSociety` (the rows are read under
 * row-level security).
 *
 * Statements: a page of a list with `rowsIn` and a stored or exact count (unsearched, or any
 * `exactCount` page), at a cursor or among the first {@link DIRECT_PAGES}, is two — the total and
 * the rows of the page's ids (one statement with the ids as a subquery) — sent together.
 * Otherwise the total, the ids, then the rows; a search of a large list sends its scan settings
 * with its first statement and restores them with the rows.
 */
export async function listPage<Row>(spec: ListSpec<Row>): Promise<ListResult<Row>> {
  const { db, req } = spec;
  const size = req.size ?? spec.size ?? PAGE_SIZE;
  const exact = spec.exactCount === true;
  // A small list's search is part of its filter: counted exactly, no owner role, no trigram plan.
  const search = exact ? undefined : spec.search;
  const { key } = spec;
  const filters = key ? and(listKeyRange(spec.order.slice(0, key.length), key), spec.where) : spec.where;
  const scope = search && filters && trigramOnly(spec.term) ? sql`(${filters}) is true` : filters;
  const where = exact ? and(filters, spec.search) : search ? and(scope, search) : filters;
  // The ids of a page read in the list index's order: the key apart, so that a cursor joins its range.
  const rest = exact ? and(spec.where, spec.search) : spec.where;
  const source = { table: spec.table, id: spec.id, order: spec.order, where: rest, key };
  const listIds = (window: PageWindow) => pageIds(db, source, window);
  const cursor = req.after !== undefined || req.before !== undefined;
  // Two independent statements: one round trip on a pipelining connection.
  const together = <A, B>(a: () => PromiseLike<A>, b: () => PromiseLike<B>): Promise<[A, B]> => inOrder(db, a, b);
  const stored = (): Promise<Counted> => {
    if (spec.societyId === undefined || spec.countKey === undefined) throw new Error('listPage: countKey needs societyId');
    return countedTotal(db, spec.societyId, spec.countKey);
  };
  const counter = exact ? () => exactTotal(db, spec.table, spec.id, where, req) : !search && spec.countKey !== undefined ? stored : undefined;
  const answer = (ids: readonly number[], rows: readonly Row[], count: Counted, all?: readonly number[]): ListResult<Row> => {
    const byId = new Map(rows.map((r) => [spec.idOf(r), r]));
    const items = ids.flatMap((id) => byId.get(id) ?? []);
    const shown = items.map((r) => spec.idOf(r));
    const start = pageStart(req, size, count, all, shown[0]);
    return { items, total: count.total, totalExact: count.totalExact, ...cursorsOf(shown, start, size, count) };
  };

  const { rowsIn } = spec;
  if (counter && rowsIn && (cursor || req.page <= DIRECT_PAGES)) {
    // From the top (or the cursor) whatever the total: at most DIRECT_PAGES pages to skip.
    const window = pageWindow(req, 0, false, size);
    const { windowRows } = spec;
    const read = windowRows && spec.search === undefined ? () => windowRows(window) : () => rowsIn(pageIdsQuery(db, source, window).query);
    const [count, rows] = await together(counter, read);
    const ids = rows.map((r) => spec.idOf(r)).sort((x, y) => y - x);
    return answer(ids, rows, count);
  }
  if (counter) {
    // The window of a page without a cursor depends on the total (read from the nearer end).
    const [count, ids] = cursor
      ? await together(counter, () => listIds(pageWindow(req, 0, false, size)))
      : await counter().then(async (c) => [c, await listIds(pageWindow(req, c.total, c.totalExact, size))] as const);
    return answer(ids, await spec.rows(ids), count);
  }
  const locate = async (): Promise<{ count: Counted; ids: number[]; all?: number[] }> => {
    // Up to SEARCH_COUNT_CAP + 1 matching ids in one statement: when they are all there (the
    // usual case for a search), they give both the exact total and the page, with one pass over
    // the trigram index instead of two.
    const matches = await db
      .select({ id: sql<number>`${spec.id}` })
      .from(spec.table)
      .where(where)
      .limit(SEARCH_COUNT_CAP + 1);
    if (matches.length <= SEARCH_COUNT_CAP) {
      const all = matches.map((m) => Number(m.id)).sort((x, y) => y - x);
      return { count: { total: all.length, totalExact: true }, ids: pageOfIds(all, pageWindow(req, all.length, true, size)), all };
    }
    const count = { total: SEARCH_COUNT_CAP, totalExact: false };
    // A search orders by `id + 0`, which no index yields: the planner then takes the matches from
    // the trigram index and sorts them, instead of walking an id-ordered index and testing every
    // row until ten match (374 ms for a 1% word at 100,000 rows, against 15 ms).
    const window = pageWindow(req, count.total, count.totalExact, size);
    const byId = { table: spec.table, id: spec.id, order: [sql`${spec.id} + 0`], where };
    return { count, ids: search ? await pageIds(db, byId, window) : await listIds(window) };
  };
  if (search) {
    const owner = await asOwner(db, locate);
    const [, rows] = await together(owner.leave, () => spec.rows(owner.result.ids));
    return answer(owner.result.ids, rows, owner.result.count, owner.result.all);
  }
  const found = await locate();
  return answer(found.ids, await spec.rows(found.ids), found.count, found.all);
}
