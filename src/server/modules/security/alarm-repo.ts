import { and, asc, eq, inArray, isNotNull, isNull, lt, sql, type AnyColumn, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { z } from 'zod';
import { builtOnce, runBuiltOnce, type ValueOf } from '../../db/built-once.js';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/raw-rows.js';
import { deskRequests, residents, societies } from '../../db/schema.js';
import { deskRepo, type DeskRow } from '../../desk/repo.js';
import { listPage, type ListResult, type PageRequest } from '../../lib/list-page.js';
import { recordAuditsSql, type AuditRecord } from '../audit/service.js';
import { residentCardColumns } from '../residents/service.js';

/** The most text an SOS keeps from its presses together (the limit of one message). */
const BODY_MAX = 2000;

/** An alarm's own columns (see `alarmRepo(db).details`). */
export interface AlarmDetails {
  id: number;
  staffNote: string | null;
  pressCount: number;
  lastPressedAt: Date | null;
  acknowledgedAt: Date | null;
  acknowledgedByName: string | null;
  escalatedAt: Date | null;
  notHomeActive: boolean;
  /** The SOS drill whose practice alarm this is, or null (every real alarm). */
  drillId: number | null;
}

/** Who pressed or acknowledged, as the audit row names them. */
export type AlarmActor = Pick<AuditRecord, 'actorKind' | 'actorId' | 'actorName'>;

/** An audit row's actor as an audit statement takes it (an id, or null). */
interface AuditActor extends Record<string, unknown> {
  actorKind: AuditRecord['actorKind'];
  actorId: number | null;
  actorName: string;
}

/** {@link AlarmActor} as an audit statement takes it. */
const auditedBy = (a: AlarmActor): AuditActor => ({
  actorKind: a.actorKind,
  actorId: a.actorId ?? null,
  actorName: a.actorName,
});

/** A press as stored: the alarm's desk row and its own columns (all a SecurityAlert needs), and whether this press created it. */
export interface PressedAlarm {
  created: boolean;
  row: DeskRow;
  details: AlarmDetails;
}

/**
 * True when the resident (`residentId`: a column or expression) has an active not-at-home window
 * today — the day it is in the resident's society's time zone: the home should be empty.
 */
const notHomeActive = (residentId: AnyColumn | SQL) =>
  sql<boolean>`exists (select 1 from not_home_requests n, lateral (select (now() at time zone s.time_zone)::date as today from societies s where s.id = n.society_id) d where n.resident_id = ${residentId} and n.state = 'active' and n.from_date <= d.today and n.to_date >= d.today)`;

/** The alarms of one society (the society a value, or a placeholder of a statement built once). */
const alarmsOf = (societyId: number | Placeholder) => and(eq(deskRequests.desk, 'security'), eq(deskRequests.societyId, societyId));

/** What `alarmRepo(db).details` is run with: the society and the alarms' ids. */
interface DetailsKey extends Record<string, unknown> {
  societyId: number;
  ids: number[];
}

/**
 * What only alarms have, for ids of one society (`alarmRepo(db).details`), built once per
 * connection (db/built-once.ts): every security desk page and every acknowledgement reads it. The
 * ids are one array (`= any($ids)`), so the text is the same however many there are.
 */
const DETAILS = builtOnce('alarm_details', (db, value: ValueOf<DetailsKey>) =>
  db
    .select({
      id: deskRequests.id,
      staffNote: deskRequests.staffNote,
      pressCount: deskRequests.pressCount,
      lastPressedAt: deskRequests.lastPressedAt,
      acknowledgedAt: deskRequests.acknowledgedAt,
      // Written out with table names: in a one-table select Drizzle leaves columns unqualified,
      // and an unqualified resident_id inside the subquery would name the subquery's own.
      acknowledgedByName: sql<string | null>`(select s.name from staff_users s where s.id = desk_requests.acknowledged_by)`,
      escalatedAt: deskRequests.escalatedAt,
      notHomeActive: notHomeActive(sql.raw('desk_requests.resident_id')),
      // Looked up for drill alarms only: a real alarm's read pays nothing for drills.
      drillId: sql<number | null>`case when desk_requests.is_drill then (select d.id from security_drills d where d.alarm_id = desk_requests.id) end`,
    })
    .from(deskRequests)
    .where(and(alarmsOf(value('societyId')), sql`${deskRequests.id} = any(${value('ids')}::int[])`)),
);

/** What an SOS press statement is run with (see `alarmRepo(db).press`). */
interface PressValues extends Record<string, unknown> {
  societyId: number;
  residentId: number;
  words: string;
  at: Date;
  isDrill: boolean;
}

/** {@link PressValues} with the audit row's actor. */
type AuditedPressValues = PressValues & AuditActor;

/**
 * The SOS press as one statement (see `alarmRepo(db).press`), with the press's audit row when
 * `audited`, built once per connection (db/built-once.ts): it is the alarm path's largest text.
 */
function pressStatement<V extends PressValues>(db: Db, value: ValueOf<V>, audited: boolean) {
  const stored = db.$with('stored').as(
    db
      .insert(deskRequests)
      .values({
        desk: 'security',
        societyId: value('societyId'),
        residentId: value('residentId'),
        body: value('words'),
        createdAt: value('at'),
        lastPressedAt: value('at'),
        isDrill: value('isDrill'),
      })
      .onConflictDoUpdate({
        target: deskRequests.residentId,
        targetWhere: sql`desk = 'security' and acknowledged_at is null`,
        set: {
          pressCount: sql`${deskRequests.pressCount} + 1`,
          lastPressedAt: sql`greatest(${deskRequests.lastPressedAt}, excluded.last_pressed_at)`,
          body: sql`case
            when excluded.body = '' or strpos(${deskRequests.body}, excluded.body) > 0 then ${deskRequests.body}
            when ${deskRequests.body} = '' then excluded.body
            else left(${deskRequests.body} || E'\\n' || excluded.body, ${BODY_MAX}) end`,
        },
      })
      .returning(),
  );
  const created = sql`stored.press_count = 1`;
  // Data-modifying WITH items run whether or not the query reads them (PostgreSQL's rule).
  const audit = audited
    ? [
        db.$with('audited', { id: sql<number>`id` }).as(
          sql`${recordAuditsSql({
            societyId: value('societyId'),
            from: sql`stored`,
            actorKind: value('actorKind'),
            actorId: value('actorId'),
            actorName: value('actorName'),
            entity: 'security',
            entityId: sql`stored.id`,
            action: sql`case when ${created} then 'create' else 'pressed again' end`,
            toStage: sql`case when ${created} then 'new' end`,
            at: value('at'),
          })} returning id`,
        ),
      ]
    : [];
  return db
    .with(stored, ...audit)
    .select({
      id: stored.id,
      desk: stored.desk,
      societyId: stored.societyId,
      societyName: societies.name,
      body: stored.body,
      response: stored.response,
      stage: stored.stage,
      createdAt: stored.createdAt,
      proceededAt: stored.proceededAt,
      completedAt: stored.completedAt,
      isDrill: stored.isDrill,
      resident: residentCardColumns,
      staffNote: stored.staffNote,
      pressCount: stored.pressCount,
      lastPressedAt: stored.lastPressedAt,
      acknowledgedAt: stored.acknowledgedAt,
      escalatedAt: stored.escalatedAt,
      notHomeActive: notHomeActive(stored.residentId),
    })
    .from(stored)
    .innerJoin(residents, eq(residents.id, stored.residentId))
    .innerJoin(societies, eq(societies.id, stored.societyId));
}

const PRESS = builtOnce<PressValues, Awaited<ReturnType<typeof pressStatement>>>('alarm_press', (db, value) => pressStatement(db, value, false));
const PRESS_AUDITED = builtOnce<AuditedPressValues, Awaited<ReturnType<typeof pressStatement>>>('alarm_press_audited', (db, value) =>
  pressStatement(db, value, true),
);

/** Alarm-only queries on the shared desk table (presses, inbox, acknowledgement, escalation). */
export function alarmRepo(db: Db) {
  const pending = (societyId: number, escalatedOnly: boolean) =>
    and(alarmsOf(societyId), isNull(deskRequests.acknowledgedAt), escalatedOnly ? isNotNull(deskRequests.escalatedAt) : undefined);

  return {
    /**
     * What only alarms have, for the given ids of the society (the security desk's own columns;
     * the shared desk select does not carry them): note, presses, acknowledgement with the
     * acknowledger's name, escalation, and whether the resident is away today (an active
     * not-at-home window: the home should be empty).
     */
    details(societyId: number, ids: readonly number[]): Promise<Map<number, AlarmDetails>> {
      if (ids.length === 0) return Promise.resolve(new Map<number, AlarmDetails>());
      // Sent at once, like `acknowledge` (see there).
      return runBuiltOnce(db, DETAILS, { societyId, ids: [...ids] }).then((rows) => new Map(rows.map((r) => [r.id, r])));
    },
    /**
     * One SOS press at `at`: a new alarm, or — when the resident already has an unacknowledged one
     * — merged into it (press count + 1, last press time, the new words appended once). A single
     * `insert … on conflict` on the partial unique index `desk_requests_open_alarm_idx`, so
     * concurrent presses merge too. The same statement reads back what the alarm's DTO needs (its
     * RETURNING joined with the resident and the society, in a data-modifying CTE): the press path
     * announces the alarm without a second read. An alarm a press lands in is never
     * acknowledged, so it has no acknowledger's name.
     *
     * With `opts.audit` the same statement also writes the press's audit row by that actor:
     * 'create' (to stage 'new') for a new alarm, 'pressed again' for a merged press — so an SOS is
     * one statement, and its transaction one round trip (`inSocietyOneStatement`). The statement
     * is sent before this returns, which that transaction needs. Its text is built once per
     * connection on the PostgreSQL lanes (`PRESS`, `PRESS_AUDITED`; db/built-once.ts).
     * `opts.isDrill` marks an SOS drill's practice alarm (on the drill resident): the same
     * statement, so a drill tries the real insert; its `drillId` is the caller's to fill in.
     */
    press(societyId: number, residentId: number, words: string, at: Date, opts: { isDrill?: boolean; audit?: AlarmActor } = {}): Promise<PressedAlarm> {
      const values = { societyId, residentId, words, at, isDrill: opts.isDrill ?? false };
      const pressed = opts.audit ? runBuiltOnce(db, PRESS_AUDITED, { ...values, ...auditedBy(opts.audit) }) : runBuiltOnce(db, PRESS, values);
      return pressed.then(([r]) => {
        const { staffNote, pressCount, lastPressedAt, acknowledgedAt, escalatedAt, notHomeActive: away, ...row } = r!;
        return {
          created: pressCount === 1,
          // Alarms have no deadlines (DeskRow's overdueSince is for the other desks).
          row: { ...row, overdueSince: null },
          details: {
            id: row.id,
            staffNote,
            pressCount,
            lastPressedAt,
            acknowledgedAt,
            acknowledgedByName: null,
            escalatedAt,
            notHomeActive: away,
            drillId: null,
          },
        };
      });
    },

    /**
     * One page of the society's unacknowledged alarms (super-admin's inbox: escalated ones),
     * newest first, through the shared pager with an exact count: `{items: DeskRow[], total,
     * totalExact, nextAfter, prevBefore}`. The inbox is walked with `after` (keyset, not offset: an
     * alarm acknowledged between two page requests cannot shift another one past the page
     * boundary); the total and the page's rows are one round trip on the pipelining alarm lane.
     * @param size alarms a page (ALARM_INBOX_PAGE_SIZE)
     */
    pending(societyId: number, escalatedOnly: boolean, req: PageRequest, size: number): Promise<ListResult<DeskRow>> {
      const rows = (ids: SQLWrapper | number[]) => deskRepo(db, 'security').rowsIn(societyId, ids);
      return listPage({
        db,
        exactCount: true,
        size,
        table: deskRequests,
        id: deskRequests.id,
        order: [deskRequests.id],
        where: pending(societyId, escalatedOnly),
        req,
        rows,
        rowsIn: rows,
        idOf: (row) => row.id,
      });
    },

    /**
     * Records the acknowledgement of alarm `id` by `actor` at `at` if none is recorded yet
     * (compare-and-set), with its audit row ('acknowledge'), in one statement; `escalatedOnly`
     * (a super-admin's acknowledgement) touches an escalated alarm only. A concurrent
     * acknowledgement waits for this one's row lock, then finds the alarm acknowledged.
     * @returns true if this call recorded the acknowledgement
     */
    acknowledge(societyId: number, id: number, actor: AlarmActor, at: Date, escalatedOnly = false): Promise<boolean> {
      // Sent at once (`then` now, not a microtask later as `await` would): it must leave before
      // the reads `inOrder` puts behind it.
      return db
        .execute(
          sql`with acked as (
          update desk_requests set acknowledged_at = ${at.toISOString()}::timestamptz, acknowledged_by = ${actor.actorId}::int
          where desk = 'security' and society_id = ${societyId} and id = ${id} and acknowledged_at is null${escalatedOnly ? sql` and escalated_at is not null` : sql``}
          returning id
        ),
        audited as (${recordAuditsSql({ societyId, from: sql`acked`, ...auditedBy(actor), entity: 'security', entityId: sql`acked.id`, action: 'acknowledge', at })})
        select exists (select 1 from acked) as recorded`,
        )
        .then((result) => rowsOf(result, z.object({ recorded: z.boolean() }))[0]!.recorded);
    },

    /**
     * One escalation batch (all societies): up to `limit` alarms pressed before `cutoff`, still
     * unacknowledged and not escalated, oldest first, are marked escalated at `at`. Rows another
     * transaction holds are skipped (FOR UPDATE SKIP LOCKED). Call inside the transaction that
     * also writes the batch's audit rows. @returns the escalated rows' ids and societies.
     */
    async escalateBatch(cutoff: Date, at: Date, limit: number): Promise<{ id: number; societyId: number }[]> {
      const due = await db
        .select({ id: deskRequests.id })
        .from(deskRequests)
        .where(
          and(eq(deskRequests.desk, 'security'), isNull(deskRequests.acknowledgedAt), isNull(deskRequests.escalatedAt), lt(deskRequests.createdAt, cutoff)),
        )
        .orderBy(asc(deskRequests.createdAt), asc(deskRequests.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return db
        .update(deskRequests)
        .set({ escalatedAt: at })
        .where(
          and(
            inArray(
              deskRequests.id,
              due.map((d) => d.id),
            ),
            isNull(deskRequests.acknowledgedAt),
            isNull(deskRequests.escalatedAt),
          ),
        )
        .returning({ id: deskRequests.id, societyId: deskRequests.societyId });
    },
  };
}
