import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { DEADLINE_DESK_NAMES, DEFAULT_DEADLINE_HOURS, type DeadlineDesk, type DeadlineSetting, type OverdueItem } from '../../../shared/contracts/deadlines.js';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/raw-rows.js';
import { deskOverdue, deskRequests, residents, societyDeadlines } from '../../db/schema.js';
import { listPage, type PageRequest } from '../../lib/list-page.js';
import { prefixPattern } from '../../lib/text.js';
import { PUSH } from '../../../shared/messages.js';
import { recordAuditsSql } from '../audit/service.js';
import { queuePushesSql } from '../outbox/service.js';

/** One item the job claimed: its `desk_overdue` row with the request's resident. */
export const ZClaimed = z.object({
  id: z.coerce.number(),
  societyId: z.coerce.number(),
  requestId: z.coerce.number(),
  desk: z.enum(DEADLINE_DESK_NAMES),
  stage: z.enum(['new', 'processing']),
  residentName: z.string(),
  escalatedAt: z.coerce.date(),
});
export type Claimed = z.infer<typeof ZClaimed>;

/**
 * Each stage's clock: the column it counts from, the settings column, and the default when no row
 * exists. The stage is a literal, not a parameter, so the planner can match the arm's partial
 * scan index (`desk_requests_due_new_idx` / `_processing_idx`, whose predicates name it).
 */
const ARMS = {
  new: { stage: sql.raw(`'new'`), from: sql.raw('d.created_at'), hours: sql.raw('s.first_action_hours'), fallback: DEFAULT_DEADLINE_HOURS.firstAction },
  processing: {
    stage: sql.raw(`'processing'`),
    from: sql.raw('d.proceeded_at'),
    hours: sql.raw('s.completion_hours'),
    fallback: DEFAULT_DEADLINE_HOURS.completion,
  },
} as const;

/** The overdue list's condition: the request is still in the stage that went overdue (a handled item leaves the list). */
const stillThere: SQL = sql`exists (select 1 from desk_requests d where d.id = ${deskOverdue.requestId} and d.stage = ${deskOverdue.stage})`;

/** Queries of the deadline settings and the overdue records. */
export function deadlinesRepo(db: Db) {
  return {
    /** The society's settings for every deadline desk, defaults where no row was written. Inside `inSociety`. */
    async settings(societyId: number): Promise<DeadlineSetting[]> {
      const rows = await db.select().from(societyDeadlines).where(eq(societyDeadlines.societyId, societyId));
      return DEADLINE_DESK_NAMES.map((desk) => {
        const r = rows.find((x) => x.desk === desk);
        return r
          ? { desk, firstActionHours: r.firstActionHours, completionHours: r.completionHours, notifyResident: r.notifyResident }
          : { desk, firstActionHours: DEFAULT_DEADLINE_HOURS.firstAction, completionHours: DEFAULT_DEADLINE_HOURS.completion, notifyResident: false };
      });
    },

    /** Writes one desk's settings (insert or replace). Inside `inSociety`. */
    async save(societyId: number, s: DeadlineSetting, by: number, at: Date): Promise<void> {
      const values = {
        firstActionHours: s.firstActionHours,
        completionHours: s.completionHours,
        notifyResident: s.notifyResident,
        updatedAt: at,
        updatedBy: by,
      };
      await db
        .insert(societyDeadlines)
        .values({ societyId, desk: s.desk, ...values })
        .onConflictDoUpdate({ target: [societyDeadlines.societyId, societyDeadlines.desk], set: values });
    },

    /**
     * Claims up to `batch` items of every society whose `stage` deadline fell at or before `now`,
     * oldest first: one `desk_overdue` row each, written with `on conflict (request_id, stage) do
     * nothing returning`, so with many instances each item is returned (escalated) by exactly
     * one. The due time is computed before the limit, so items with a long or "off" deadline never
     * fill a batch. An item whose row another transaction holds (a Proceed or Complete in flight)
     * is skipped until the next pass. Runs as the tables' owner (the job spans societies), inside the caller's transaction.
     */
    async claimDue(stage: keyof typeof ARMS, now: Date, batch: number): Promise<Claimed[]> {
      const arm = ARMS[stage];
      const at = now.toISOString();
      const result = await db.execute(sql`
        with due as (
          select d.id, d.society_id, d.desk, d.resident_id,
                 ${arm.from} + make_interval(hours => case when s.society_id is null then ${arm.fallback}::int else ${arm.hours} end) as due_at
          from desk_requests d
          left join society_deadlines s on s.society_id = d.society_id and s.desk = d.desk
          where d.stage = ${arm.stage} and d.desk in ('complaint', 'grocery', 'doctor')
            and ${arm.from} <= ${at}::timestamptz - interval '1 hour'
            and not exists (select 1 from desk_overdue o where o.request_id = d.id and o.stage = ${arm.stage})
        ), picked as (
          -- Locked, and the stage read again on the locked row: an item a staff member is moving
          -- on right now is skipped (the next pass sees its new stage), and one moved on since
          -- this statement began is left out, so nobody is told of a deadline already met.
          select due.id, due.society_id, due.desk, due.resident_id, due.due_at from due join desk_requests r on r.id = due.id
          where due.due_at <= ${at}::timestamptz and r.stage = ${arm.stage}
          order by due.id limit ${batch}
          for update of r skip locked
        ), ins as (
          insert into desk_overdue (society_id, request_id, desk, stage, due_at, escalated_at)
          select society_id, id, desk, ${arm.stage}, due_at, ${at}::timestamptz from picked
          on conflict (request_id, stage) do nothing
          returning id, society_id, request_id, desk, stage, escalated_at
        )
        select ins.id, ins.society_id as "societyId", ins.request_id as "requestId", ins.desk, ins.stage, ins.escalated_at as "escalatedAt", r.name as "residentName"
        from ins join picked p on p.id = ins.request_id join residents r on r.id = p.resident_id
        order by ins.id`);
      return rowsOf(result, ZClaimed);
    },

    /**
     * For the claimed items `ids` of one society, in ONE statement: an audit row each (entity =
     * the desk, action 'overdue', actor the system 'Deadlines', detail 'Past the new deadline' or
     * 'Past the processing deadline'), and where the society turned on
     * "Tell the resident" for the desk, one queued push each (PUSH.overdue; `to` null when the
     * resident has no token). Runs in the claim's transaction, so they commit with it.
     */
    async recordEscalations(societyId: number, ids: readonly number[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      const parts = DEADLINE_DESK_NAMES.flatMap((desk) => {
        const of = sql`c where c.desk = ${desk}::text`;
        const audits = recordAuditsSql({
          societyId,
          from: of,
          actorKind: 'system',
          actorId: null,
          actorName: 'Deadlines',
          entity: desk,
          entityId: sql`c.request_id`,
          action: 'overdue',
          at,
          detail: sql`'Past the ' || c.stage || ' deadline'`,
        });
        const pushes = queuePushesSql({
          societyId,
          from: sql`c where c.desk = ${desk}::text and c.notify`,
          to: sql`c.push_token`,
          residentId: sql`c.resident_id`,
          title: PUSH.overdue[desk].title,
          body: PUSH.overdue[desk].body,
          item: { type: DESK_PUSH_ITEM[desk], id: sql`c.request_id::text` },
          at,
        });
        return [sql`${sql.raw(`a_${desk}`)} as (${audits})`, sql`${sql.raw(`p_${desk}`)} as (${pushes})`];
      });
      await db.execute(sql`
        with c as (
          select o.request_id, o.desk, o.stage, r.id as resident_id, r.push_token, coalesce(s.notify_resident, false) as notify
          from desk_overdue o
          join desk_requests d on d.id = o.request_id
          join residents r on r.id = d.resident_id
          left join society_deadlines s on s.society_id = o.society_id and s.desk = o.desk
          where o.society_id = ${societyId} and o.id in ${sql`(${sql.join(
            ids.map((id) => sql`${id}::int`),
            sql`, `,
          )})`}
        ), ${sql.join(parts, sql`, `)}
        select 1`);
    },

    /**
     * One page (10, newest first) of the society's overdue items still in their overdue stage,
     * counted up to the list cap; `q` is the start of the resident's name or their resident id.
     * Inside `inSociety`.
     */
    async overduePage(societyId: number, q: string, req: PageRequest) {
      const where = and(eq(deskOverdue.societyId, societyId), stillThere);
      const search = q
        ? sql`exists (select 1 from desk_requests d join residents r on r.id = d.resident_id where d.id = ${deskOverdue.requestId}
            and (lower(r.name) like ${prefixPattern(q.toLowerCase())} or upper(r.resident_code) = ${q.toUpperCase()}))`
        : undefined;
      const page = await listPage({
        db,
        table: deskOverdue,
        id: deskOverdue.id,
        order: [deskOverdue.societyId, deskOverdue.id],
        where,
        search,
        req,
        rows: (ids) =>
          ids.length === 0
            ? Promise.resolve([])
            : db
                .select({
                  id: deskOverdue.id,
                  desk: deskOverdue.desk,
                  requestId: deskOverdue.requestId,
                  stage: deskOverdue.stage,
                  dueAt: deskOverdue.dueAt,
                  escalatedAt: deskOverdue.escalatedAt,
                  residentName: residents.name,
                  residentCode: residents.residentCode,
                })
                .from(deskOverdue)
                .innerJoin(deskRequests, eq(deskRequests.id, deskOverdue.requestId))
                .innerJoin(residents, eq(residents.id, deskRequests.residentId))
                .where(and(eq(deskOverdue.societyId, societyId), inArray(deskOverdue.id, ids))),
        idOf: (row) => row.id,
      });
      return {
        ...page,
        items: page.items.map((r): OverdueItem => ({
          _id: r.id,
          desk: r.desk,
          requestId: r.requestId,
          stage: r.stage,
          residentName: r.residentName,
          residentCode: r.residentCode,
          since: r.escalatedAt.toISOString(),
          dueAt: r.dueAt.toISOString(),
        })),
      };
    },
  };
}

/** The desks' audit entities and the resident app's push item kinds (the desk definitions' `entity` / `pushItem`). */
export const DESK_PUSH_ITEM = { complaint: 'complaint', grocery: 'order', doctor: 'consultation' } as const satisfies Record<DeadlineDesk, string>;
