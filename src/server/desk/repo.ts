import { and, eq, inArray, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { builtOnce, runBuiltOnce, type ValueOf } from '../db/built-once.js';
import type { Db } from '../db/client.js';
import { deskRequests, residents, societies } from '../db/schema.js';
import type { Stage } from '../../shared/contracts/desk.js';
import { listPage, searchTextHas, windowStatements, type KeyValue, type PageRequest } from '../lib/list-page.js';
import { residentCardColumns } from '../modules/residents/service.js';

export type DeskName = (typeof deskRequests.desk.enumValues)[number];

/**
 * A desk row joined with its resident and society: the columns every desk has. What only one desk
 * needs (an alarm's acknowledgement, an order's lines) that desk loads itself for the rows it maps
 * (`DeskDefinition.toDtos`), so no desk pays for another's columns.
 */
export type DeskRow = Awaited<ReturnType<ReturnType<typeof deskRepo>['get']>> & object;

/**
 * When the row went past its current stage's deadline (the deadline job's `desk_overdue` row), or
 * null: one probe of the claim index. Security alarms have no deadlines, so the alarm path reads a
 * constant instead.
 */
function overdueSinceOf(desk: DeskName) {
  const since =
    desk === 'security'
      ? sql`null::timestamptz`
      : sql`(select o.escalated_at from desk_overdue o where o.request_id = ${deskRequests.id} and o.stage = ${deskRequests.stage})`;
  // The drivers hand a timestamptz over as text (node-postgres through Drizzle) or as a Date (PGlite).
  return since.mapWith((v: string | Date | null): Date | null => (v === null ? null : new Date(v)));
}

/** The stage lists' "overdue only" filter: rows with a `desk_overdue` row for their current stage. */
const isOverdue: SQL = sql`exists (select 1 from desk_overdue o where o.request_id = ${deskRequests.id} and o.stage = ${deskRequests.stage})`;

const rowColumns = {
  id: deskRequests.id,
  desk: deskRequests.desk,
  societyId: deskRequests.societyId,
  societyName: societies.name,
  body: deskRequests.body,
  response: deskRequests.response,
  stage: deskRequests.stage,
  createdAt: deskRequests.createdAt,
  proceededAt: deskRequests.proceededAt,
  completedAt: deskRequests.completedAt,
  /** An SOS drill's practice alarm: it tells no resident anything (DeskDefinition notices are skipped). */
  isDrill: deskRequests.isDrill,
  resident: residentCardColumns,
};

/** A desk's rows with their resident and society, on `db` (filtered by the caller). */
const rowsOf = (db: Db, desk: DeskName) =>
  db
    .select({ ...rowColumns, overdueSince: overdueSinceOf(desk) })
    .from(deskRequests)
    .innerJoin(residents, eq(residents.id, deskRequests.residentId))
    .innerJoin(societies, eq(societies.id, deskRequests.societyId));

/** A desk's rows of one society (the society a value, or a placeholder of a statement built once). */
const scopeOf = (desk: DeskName, societyId: number | Placeholder) => and(eq(deskRequests.desk, desk), eq(deskRequests.societyId, societyId));

/** A desk's rows of one society whose ids `ids` lists or selects (a subquery); the society a value or a placeholder. */
const rowsInOf = (db: Db, desk: DeskName, societyId: number | Placeholder, ids: SQLWrapper | readonly number[]) =>
  rowsOf(db, desk).where(and(scopeOf(desk, societyId), inArray(deskRequests.id, ids)));

/** The stage lists' index (`desk_requests_list_idx`) in order, ending with the id. */
const STAGE_ORDER = [deskRequests.societyId, deskRequests.desk, deskRequests.stage, deskRequests.id];

/**
 * The key of a stage list of one society (`deskRepo(db, desk).list`; `ListSpec.key`): the values
 * of {@link STAGE_ORDER}'s leading columns, the society and stage values or placeholders.
 */
const stageKeyOf = (desk: DeskName, societyId: number | Placeholder, stage: Stage | Placeholder): KeyValue[] => [societyId, desk, stage];

/**
 * An unsearched page of a stage list, ids and rows in one statement, built once per connection for
 * each desk and kind of page window (`windowStatements`): the statement `listPage` would otherwise
 * build from `rowsIn` for every page.
 */
const stagePages = new Map(
  deskRequests.desk.enumValues.map((desk) => [
    desk,
    windowStatements<{ societyId: number; stage: Stage }, DeskRow[]>(`desk_page_${desk}`, {
      table: deskRequests,
      id: deskRequests.id,
      order: STAGE_ORDER,
      key: (value) => stageKeyOf(desk, value('societyId'), value('stage')),
      rowsIn: (db, value, ids) => rowsInOf(db, desk, value('societyId'), ids),
    }),
  ]),
);

/** What `deskRepo(db, desk).get` is run with. */
interface RowKey extends Record<string, unknown> {
  societyId: number;
  id: number;
}

/**
 * One row of a desk by id (`deskRepo(db, desk).get`), one statement per desk built once per
 * connection (db/built-once.ts): every acknowledgement, stage change and reply reads its row this way.
 */
const getStatements = new Map(
  deskRequests.desk.enumValues.map((desk) => [
    desk,
    builtOnce(`desk_get_${desk}`, (db, value: ValueOf<RowKey>) =>
      rowsOf(db, desk).where(and(scopeOf(desk, value('societyId')), eq(deskRequests.id, value('id')))),
    ),
  ]),
);

/**
 * Queries of the shared desk table. Every read and write takes the society id: a row of another
 * society is simply not found.
 */
export function deskRepo(db: Db, desk: DeskName) {
  const scope = (societyId: number) => scopeOf(desk, societyId);
  const base = () => rowsOf(db, desk);

  /** The society's rows of this desk whose ids `ids` lists or selects (a subquery), any order. */
  const rowsIn = (societyId: number, ids: SQLWrapper | readonly number[]) =>
    Array.isArray(ids) && ids.length === 0 ? Promise.resolve([]) : rowsInOf(db, desk, societyId, ids);

  return {
    /**
     * One page (10 rows, newest first) of a stage with its total (ADR 0003): keyset by id when the
     * request carries a cursor, `search_text` (trigram-indexed) for a search, the trigger-kept
     * count for an unsearched total. The page's columns are read for its ids only. `overdue`
     * keeps the rows past their stage's deadline only, counted like a search (up to the cap).
     */
    list(societyId: number, stage: Stage, req: PageRequest & { q: string; overdue?: boolean }) {
      const text = req.q ? searchTextHas(deskRequests.searchText, req.q) : undefined;
      return listPage({
        db,
        societyId,
        countKey: `${desk}:${stage}`,
        table: deskRequests,
        id: deskRequests.id,
        key: stageKeyOf(desk, societyId, stage),
        where: undefined,
        search: req.overdue ? and(text, isOverdue) : text,
        term: req.q || undefined,
        req,
        order: STAGE_ORDER,
        rows: (ids) => rowsIn(societyId, ids),
        rowsIn: (ids) => rowsIn(societyId, ids),
        windowRows: (window) => stagePages.get(desk)!(db, window, { societyId, stage }),
        idOf: (row) => row.id,
      });
    },
    /**
     * One page of a resident's own requests of this desk, newest first, any stage (resident API):
     * `desk_requests_resident_idx`; the total is counted exactly (a resident has few requests),
     * in the round trip that reads the page.
     */
    mine(societyId: number, residentId: number, req: PageRequest) {
      return listPage({
        db,
        exactCount: true,
        table: deskRequests,
        id: deskRequests.id,
        where: and(scope(societyId), eq(deskRequests.residentId, residentId)),
        req,
        order: [deskRequests.residentId, deskRequests.desk, deskRequests.id],
        rows: (ids) => rowsIn(societyId, ids),
        rowsIn: (ids) => rowsIn(societyId, ids),
        idOf: (row) => row.id,
      });
    },
    rowsIn,
    /** The society's row `id` of this desk, or undefined. Sent before it returns (a statement of `inOrder`). */
    get(societyId: number, id: number) {
      return runBuiltOnce(db, getStatements.get(desk)!, { societyId, id }).then(([row]) => row);
    },
    /** One row of the society filed by resident `residentId` (a row id), or undefined (another resident's, another society's). */
    async getOwn(societyId: number, residentId: number, id: number) {
      const [row] = await base().where(and(scope(societyId), eq(deskRequests.residentId, residentId), eq(deskRequests.id, id)));
      return row;
    },
    /** Several rows of the society in one query, in the order of `ids` (missing ids skipped). */
    async getMany(societyId: number, ids: readonly number[]) {
      if (ids.length === 0) return [];
      const rows = await base().where(and(scope(societyId), inArray(deskRequests.id, [...ids])));
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
    /** A new request filed at `at` (the injected clock's time). @returns its id. */
    async insert(societyId: number, residentId: number, body: string, at: Date): Promise<number> {
      const [row] = await db.insert(deskRequests).values({ desk, societyId, residentId, body, createdAt: at }).returning({ id: deskRequests.id });
      return row!.id;
    },
    /**
     * Moves a row from `from` to the patch's stage only if it is still at `from` (compare-and-set,
     * so two staff pressing Proceed at once cannot both succeed). @returns false if nothing moved.
     */
    async transition(societyId: number, id: number, from: Stage, patch: Partial<typeof deskRequests.$inferInsert> & { stage: Stage }): Promise<boolean> {
      const moved = await db
        .update(deskRequests)
        .set(patch)
        .where(and(scope(societyId), eq(deskRequests.id, id), eq(deskRequests.stage, from)))
        .returning({ id: deskRequests.id });
      return moved.length === 1;
    },
  };
}
