import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { deskRequests, notHomeRequests, residents, societies, staffUsers } from '../db/schema.js';
import { PAGE_SIZE } from '../../shared/constants.js';
import type { Stage } from '../../shared/contracts/desk.js';
import { likePattern } from '../lib/text.js';
import { residentCardColumns } from '../modules/residents/service.js';

export type DeskName = (typeof deskRequests.desk.enumValues)[number];

/** A desk row joined with its resident and society: what every desk DTO is built from. */
export type DeskRow = Awaited<ReturnType<ReturnType<typeof deskRepo>['get']>> & object;

const rowColumns = {
  id: deskRequests.id,
  desk: deskRequests.desk,
  societyId: deskRequests.societyId,
  societyName: societies.name,
  body: deskRequests.body,
  staffNote: deskRequests.staffNote,
  response: deskRequests.response,
  stage: deskRequests.stage,
  createdAt: deskRequests.createdAt,
  proceededAt: deskRequests.proceededAt,
  completedAt: deskRequests.completedAt,
  acknowledgedAt: deskRequests.acknowledgedAt,
  acknowledgedByName: sql<string | null>`(select ${staffUsers.name} from ${staffUsers} where ${staffUsers.id} = ${deskRequests.acknowledgedBy})`,
  escalatedAt: deskRequests.escalatedAt,
  pressCount: deskRequests.pressCount,
  lastPressedAt: deskRequests.lastPressedAt,
  /** The resident has an active not-at-home window covering today (possible break-in). */
  notHomeActive: sql<boolean>`exists (select 1 from ${notHomeRequests} where ${notHomeRequests.residentId} = ${deskRequests.residentId} and ${notHomeRequests.state} = 'active' and ${notHomeRequests.fromDate} <= current_date and ${notHomeRequests.toDate} >= current_date)`,
  resident: residentCardColumns,
};

/**
 * Queries of the shared desk table. Every read and write takes the society id: a row of another
 * society is simply not found.
 */
export function deskRepo(db: Db, desk: DeskName) {
  const scope = (societyId: number) => and(eq(deskRequests.desk, desk), eq(deskRequests.societyId, societyId));
  const base = () =>
    db
      .select(rowColumns)
      .from(deskRequests)
      .innerJoin(residents, eq(residents.id, deskRequests.residentId))
      .innerJoin(societies, eq(societies.id, deskRequests.societyId));

  return {
    /** One page (PAGE_SIZE rows, newest first) of a stage, searched in text and resident fields. */
    async list(societyId: number, stage: Stage, page: number, q: string) {
      let where: SQL | undefined = and(scope(societyId), eq(deskRequests.stage, stage));
      if (q) {
        const p = likePattern(q);
        where = and(
          where,
          or(
            ilike(deskRequests.body, p),
            ilike(deskRequests.staffNote, p),
            ilike(deskRequests.response, p),
            ilike(residents.name, p),
            ilike(residents.phone, p),
            ilike(residents.residentCode, p),
            ilike(residents.house, p),
            ilike(residents.street, p),
            ilike(residents.block, p),
          ),
        );
      }
      const items = await base()
        .where(where)
        .orderBy(desc(deskRequests.createdAt), desc(deskRequests.id))
        .limit(PAGE_SIZE)
        .offset((page - 1) * PAGE_SIZE);
      const [totalRow] = await db
        .select({ n: count() })
        .from(deskRequests)
        .innerJoin(residents, eq(residents.id, deskRequests.residentId))
        .where(where);
      return { items, total: Number(totalRow?.n ?? 0) };
    },
    async get(societyId: number, id: number) {
      const [row] = await base().where(and(scope(societyId), eq(deskRequests.id, id)));
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
    async transition(
      societyId: number,
      id: number,
      from: Stage,
      patch: Partial<typeof deskRequests.$inferInsert> & { stage: Stage },
    ): Promise<boolean> {
      const moved = await db
        .update(deskRequests)
        .set(patch)
        .where(and(scope(societyId), eq(deskRequests.id, id), eq(deskRequests.stage, from)))
        .returning({ id: deskRequests.id });
      return moved.length === 1;
    },
  };
}
