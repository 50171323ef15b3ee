import { and, asc, eq, inArray, isNull, lt, sql, type Placeholder, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notHomeRequests, residents, societies } from '../../db/schema.js';
import type { NotHomeState } from '../../../shared/contracts/not-home.js';
import { listPage, searchTextHas, windowStatements, type KeyValue, type PageRequest } from '../../lib/list-page.js';
import { residentCardColumns } from '../residents/service.js';

const rowColumns = {
  id: notHomeRequests.id,
  societyId: notHomeRequests.societyId,
  societyName: societies.name,
  residentId: notHomeRequests.residentId,
  fromDate: notHomeRequests.fromDate,
  toDate: notHomeRequests.toDate,
  state: notHomeRequests.state,
  cancelledAt: notHomeRequests.cancelledAt,
  arrivedAt: notHomeRequests.arrivedAt,
  guardName: notHomeRequests.guardName,
  guardPhone: notHomeRequests.guardPhone,
  guardEmail: notHomeRequests.guardEmail,
  dateAndTime: notHomeRequests.dateAndTime,
  createdAt: notHomeRequests.createdAt,
  resident: residentCardColumns,
};

/** Not-at-home rows with their resident and society, on `db` (filtered by the caller). */
const rowsOf = (db: Db) =>
  db
    .select(rowColumns)
    .from(notHomeRequests)
    .innerJoin(residents, eq(residents.id, notHomeRequests.residentId))
    .innerJoin(societies, eq(societies.id, notHomeRequests.societyId));

/** The requests of one society (the society a value, or a placeholder of a statement built once). */
const scopeOf = (societyId: number | Placeholder) => eq(notHomeRequests.societyId, societyId);

/** A society's requests whose ids `ids` lists or selects (a subquery); the society a value or a placeholder. */
const rowsInOf = (db: Db, societyId: number | Placeholder, ids: SQLWrapper | number[]) =>
  rowsOf(db).where(and(scopeOf(societyId), inArray(notHomeRequests.id, ids)));

/** The state lists' index in order, ending with the id. */
const STATE_ORDER = [notHomeRequests.societyId, notHomeRequests.state, notHomeRequests.id];

/** The key of a state list of one society (`ListSpec.key`): {@link STATE_ORDER}'s leading columns' values or placeholders. */
const stateKeyOf = (societyId: number | Placeholder, state: NotHomeState | Placeholder): KeyValue[] => [societyId, state];

/** A state list's filter besides its key: `unassignedOnly`, the bell's list of requests with no guard yet. */
const unassignedIf = (unassignedOnly: boolean) => (unassignedOnly ? isNull(notHomeRequests.guardName) : undefined);

/**
 * An unsearched page of a state list (all, or unassigned only), ids and rows in one statement,
 * built once per connection for each kind of page window (`windowStatements`).
 */
const statePages = new Map(
  [false, true].map((unassignedOnly) => [
    unassignedOnly,
    windowStatements<{ societyId: number; state: NotHomeState }, NotHomeRow[]>(`nothome_page${unassignedOnly ? '_unassigned' : ''}`, {
      table: notHomeRequests,
      id: notHomeRequests.id,
      order: STATE_ORDER,
      key: (value) => stateKeyOf(value('societyId'), value('state')),
      where: () => unassignedIf(unassignedOnly),
      rowsIn: (db, value, ids) => rowsInOf(db, value('societyId'), ids),
    }),
  ]),
);

/** Queries of not-at-home requests; staff reads are scoped by society, resident writes by resident. */
export function notHomeRepo(db: Db) {
  const base = () => rowsOf(db);
  return {
    /**
     * One page (10 rows, newest first) of a state with its total (ADR 0003): keyset by id with a
     * cursor, `search_text` (trigram-indexed: resident name, phone, id, address, email, guard)
     * for a search, the trigger-kept count otherwise (`nothome:<state>`, and
     * `nothome:active:unassigned` for the bell's list).
     */
    list(societyId: number, state: NotHomeState, req: PageRequest & { q: string }, unassignedOnly = false) {
      const countKey = !unassignedOnly ? `nothome:${state}` : state === 'active' ? 'nothome:active:unassigned' : undefined;
      return listPage({
        db,
        societyId,
        countKey,
        table: notHomeRequests,
        id: notHomeRequests.id,
        key: stateKeyOf(societyId, state),
        where: unassignedIf(unassignedOnly),
        search: req.q ? searchTextHas(notHomeRequests.searchText, req.q) : undefined,
        term: req.q || undefined,
        req,
        order: STATE_ORDER,
        rows: (ids) => (ids.length === 0 ? Promise.resolve([]) : rowsInOf(db, societyId, ids)),
        rowsIn: (ids) => rowsInOf(db, societyId, ids),
        windowRows: (window) => statePages.get(unassignedOnly)!(db, window, { societyId, state }),
        idOf: (row) => row.id,
      });
    },
    /**
     * One page (10, newest first) of a resident's own requests, every state (resident API, issue
     * 8): `not_home_resident_idx` finds them; the total is counted (a resident has few requests).
     */
    mine(societyId: number, residentId: number, req: PageRequest) {
      const own = and(eq(notHomeRequests.societyId, societyId), eq(notHomeRequests.residentId, residentId));
      return listPage({
        db,
        societyId,
        table: notHomeRequests,
        id: notHomeRequests.id,
        where: own,
        req,
        order: [notHomeRequests.residentId, notHomeRequests.id],
        rows: (ids) => (ids.length === 0 ? Promise.resolve([]) : base().where(and(own, inArray(notHomeRequests.id, ids)))),
        idOf: (row) => row.id,
      });
    },
    /** One request of the society filed by resident `residentId` (a row id), or undefined. */
    async getOwn(societyId: number, residentId: number, id: number) {
      const [row] = await base().where(and(eq(notHomeRequests.societyId, societyId), eq(notHomeRequests.residentId, residentId), eq(notHomeRequests.id, id)));
      return row;
    },
    async get(societyId: number, id: number) {
      const [row] = await base().where(and(eq(notHomeRequests.societyId, societyId), eq(notHomeRequests.id, id)));
      return row;
    },
    /** @param createdAt when the resident filed it (the service's clock). */
    async insert(societyId: number, residentId: number, fromDate: string, toDate: string, createdAt: Date): Promise<number> {
      const [row] = await db.insert(notHomeRequests).values({ societyId, residentId, fromDate, toDate, createdAt }).returning({ id: notHomeRequests.id });
      return row!.id;
    },
    /** Rows by id in one query, scoped to nothing: for the arrival job, which serves every society. */
    async getMany(ids: number[]) {
      return ids.length === 0 ? [] : base().where(inArray(notHomeRequests.id, ids)).orderBy(asc(notHomeRequests.id));
    },
    /** active → cancelled/arrived (at `now`) for the resident's own request. @returns false if not active. */
    async end(residentId: number, id: number, to: 'cancelled' | 'arrived', now: Date): Promise<boolean> {
      const rows = await db
        .update(notHomeRequests)
        .set(to === 'cancelled' ? { state: 'cancelled', cancelledAt: now } : { state: 'arrived', arrivedAt: now })
        .where(and(eq(notHomeRequests.id, id), eq(notHomeRequests.residentId, residentId), eq(notHomeRequests.state, 'active')))
        .returning({ id: notHomeRequests.id });
      return rows.length === 1;
    },
    async ownerOf(id: number): Promise<number | undefined> {
      const [row] = await db.select({ residentId: notHomeRequests.residentId }).from(notHomeRequests).where(eq(notHomeRequests.id, id));
      return row?.residentId;
    },
    async assignGuard(societyId: number, id: number, set: Partial<typeof notHomeRequests.$inferInsert>): Promise<boolean> {
      const rows = await db
        .update(notHomeRequests)
        .set(set)
        .where(and(eq(notHomeRequests.societyId, societyId), eq(notHomeRequests.id, id), eq(notHomeRequests.state, 'active')))
        .returning({ id: notHomeRequests.id });
      return rows.length === 1;
    },
    /**
     * Arrival job, one batch: up to `limit` active requests (any society, oldest id first) whose
     * `to` date is before the day `at` falls on in their society's time zone become arrived at
     * `at`. (The first bound, a day after `at` in UTC, lets the state/date index narrow the rows:
     * no zone is a day or more ahead of UTC.) Rows another transaction holds are
     * skipped (FOR UPDATE SKIP LOCKED), so two servers never close the same row twice.
     * Call inside the transaction that also writes the batch's audit rows.
     */
    async arriveBatch(at: Date, limit: number): Promise<{ id: number; societyId: number }[]> {
      const utcTomorrow = new Date(at.getTime() + 86_400_000).toISOString().slice(0, 10);
      const due = await db
        .select({ id: notHomeRequests.id })
        .from(notHomeRequests)
        .where(
          and(
            eq(notHomeRequests.state, 'active'),
            lt(notHomeRequests.toDate, utcTomorrow),
            // A subquery, not a join, so FOR UPDATE locks only the requests.
            sql`${notHomeRequests.toDate} < (${at.toISOString()}::timestamptz AT TIME ZONE (SELECT ${societies.timeZone} FROM ${societies} WHERE ${societies.id} = ${notHomeRequests.societyId}))::date`,
          ),
        )
        .orderBy(asc(notHomeRequests.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return db
        .update(notHomeRequests)
        .set({ state: 'arrived', arrivedAt: at })
        .where(
          and(
            inArray(
              notHomeRequests.id,
              due.map((d) => d.id),
            ),
            eq(notHomeRequests.state, 'active'),
          ),
        )
        .returning({ id: notHomeRequests.id, societyId: notHomeRequests.societyId });
    },
  };
}
export type NotHomeRow = NonNullable<Awaited<ReturnType<ReturnType<typeof notHomeRepo>['get']>>>;
