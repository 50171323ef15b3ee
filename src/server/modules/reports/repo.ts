/**
 * The report's figures as SQL aggregates (ADR 0008): one function per figure, each ONE statement
 * with `society_id = $s` and a range on an indexed column, run by the service inside its own
 * short `inSociety` (row security; on the embedded database an alarm waits only for one figure,
 * never for a whole report). Days and hours are the society's (`at time zone $tz`).
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/raw-rows.js';
import { addDays } from './figures.js';
import { deskItems, inRange, listOf, stageAt, type ReportRange, type StoredDesk } from './report-sql.js';
import { rollupRepo } from './rollup-repo.js';

export type { ReportRange, RolledDays, RolledDesk, StoredDesk } from './report-sql.js';

/** Durations as the database sums them: count, [p50, p90] (percentile_cont; null on none), max, and histogram buckets (width_bucket index → n). */
const ZRawDistribution = z.object({
  n: z.coerce.number(),
  p: z.array(z.number()).nullable(),
  max: z.number().nullable(),
  hist: z.array(z.object({ b: z.number().int(), n: z.number().int() })),
});
export type RawDistribution = z.infer<typeof ZRawDistribution>;

/** An SQL float8[] literal of histogram bounds (seconds). */
function boundsOf(bounds: readonly number[]): SQL {
  return sql`${`{${bounds.join(',')}}`}::float8[]`;
}

/**
 * The JSON of a distribution of the float8 column `col` of the CTE `from` (see ZRawDistribution):
 * one aggregate pass for the figures, one grouped pass for the histogram (a scalar subquery).
 */
function distributionJson(from: SQL, col: SQL, bounds: readonly number[]): SQL {
  return sql`(select json_build_object(
    'n', count(${col}),
    'p', percentile_cont(array[0.5, 0.9]) within group (order by ${col}),
    'max', max(${col}),
    'hist', (select coalesce(json_agg(x order by x.b), '[]'::json) from (select width_bucket(${col}, ${boundsOf(bounds)})::int as b, count(*)::int as n from ${from} where ${col} is not null group by 1) x)
  ) from ${from})`;
}

const ZVolumeScan = z.object({
  by_day: z.array(z.object({ day: z.string(), new: z.number().int(), processing: z.number().int(), completed: z.number().int() })),
  heat: z.array(z.object({ dow: z.number().int(), hour: z.number().int(), n: z.number().int() })),
});

const ZSpeedScan = z.object({ first_action: ZRawDistribution, completion: ZRawDistribution });

/** The part of `r` scanned live: the days after the rolled-up ones (an empty range when all are rolled up). */
function liveRange(r: ReportRange): ReportRange {
  return r.rolled ? { ...r, from: addDays(r.rolled.to, 1) } : r;
}

/** `alias` (report_days or report_day_staff) restricted to the rolled-up days of `r` (`false` without them). */
function rolledRows(r: ReportRange, desk: StoredDesk, alias: SQL): SQL {
  if (!r.rolled) return sql`false`;
  return sql`${alias}.society_id = ${r.societyId} and ${alias}.desk = ${desk} and ${alias}.day between ${r.from}::date and ${r.rolled.to}::date`;
}

/**
 * A query of the items of the rolled-up days that moved after their day's `as_of`: each with its
 * timestamps, current stage, first actor and that `as_of`. Found through desk_requests_proceeded_idx
 * and desk_requests_completed_idx from the oldest `as_of`; at most the items that were still open
 * when their day was rolled up. No rows without rolled-up days.
 */
function movedItems(r: ReportRange, desk: StoredDesk): SQL {
  if (!r.rolled)
    return sql`select null::timestamptz as created_at, null::timestamptz as proceeded_at, null::timestamptz as completed_at, null::text as stage, null::int as proceeded_by, null::timestamptz as as_of where false`;
  const minAsOf = r.rolled.minAsOf.toISOString();
  // The candidates are fenced off (materialized) so they are read once, then joined to their days'
  // rows by hash; as a join's inner side the index scans were repeated for every rolled-up day.
  return sql`with c as materialized (
      select created_at, proceeded_at, completed_at, stage, proceeded_by, (created_at at time zone ${r.timeZone})::date as day
      from desk_requests
      where society_id = ${r.societyId} and desk = ${desk} and not is_drill
        and (proceeded_at >= ${minAsOf}::timestamptz or completed_at >= ${minAsOf}::timestamptz)
        and ${inRange(sql`created_at`, { ...r, to: r.rolled.to })}
    )
    select c.created_at, c.proceeded_at, c.completed_at, c.stage, c.proceeded_by, rd.as_of
    from c join report_days rd on rd.society_id = ${r.societyId} and rd.desk = ${desk} and rd.day = c.day
    where c.proceeded_at >= rd.as_of or c.completed_at >= rd.as_of`;
}

const ZSecurityScan = z.object({
  alarms: z.coerce.number(),
  escalated: z.coerce.number(),
  away: z.coerce.number(),
  merged_alarms: z.coerce.number(),
  merged_presses: z.coerce.number(),
  ack: ZRawDistribution,
});

const ZNotHomeScan = z.object({ requests: z.coerce.number(), with_guard: z.coerce.number(), to_assign: ZRawDistribution });

const ZGroceryRow = z.object({ day: z.string(), orders: z.coerce.number(), value: z.string() });

const ZStaffRow = z.object({ id: z.number().int(), name: z.string(), actions: z.coerce.number(), median: z.coerce.number().nullable() });

const ZOverdueScan = z.object({
  now: z.array(z.object({ stage: z.enum(['new', 'processing']), n: z.number().int() })),
  became: z.coerce.number(),
  items: z.coerce.number(),
});

/** The report's queries on `db` (a society-scoped transaction). */

/** The figures, and the rollup's queries (rollup-repo.ts) with them, on `db`. */
export function reportsRepo(db: Db) {
  return {
    ...rollupRepo(db),
    /**
     * Volume by day and stage, and the hour × weekday heat, of the desk's items created in the
     * range (drills left out). The live days: one index-only scan of desk_requests_report_idx
     * counting the items per UTC quarter-hour (plain arithmetic, `date_bin`) with a count per
     * stage, then each of those ≤ 96 × 366 groups turned into its local hour. A quarter-hour lies
     * within one local hour in every zone whose offsets are whole quarter-hours, which all of
     * today's are; converting the zone on every row instead made this figure about 1.15–1.9×
     * slower at 100,000 rows. The rolled-up days: their rows' stage counts corrected by the items
     * that moved since (one stage less where they stood at `as_of`, one more where they are), and
     * their 24 hour counts. Days are written as text only after grouping (bench/reports-scale.ts).
     */
    async volumeScan(r: ReportRange, desk: StoredDesk) {
      const live = liveRange(r);
      const result = await db.execute(sql`
        with q as (
          select date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00') as b,
            count(*) filter (where stage = 'new')::int as new,
            count(*) filter (where stage = 'processing')::int as processing,
            count(*) filter (where stage = 'completed')::int as completed
          ${deskItems(live, desk)} group by 1
        ), v as (
          select date_trunc('hour', b at time zone ${r.timeZone}) as h, sum(new)::int as new, sum(processing)::int as processing, sum(completed)::int as completed
          from q group by 1
        ), rd as (
          select rd.day, rd.hours, rd.at_new, rd.at_processing, rd.at_completed from report_days rd where ${rolledRows(r, desk, sql`rd`)}
        ), m as (
          select (created_at at time zone ${r.timeZone})::date as day, ${stageAt(sql`as_of`)} as was, stage as now from (${movedItems(r, desk)}) x
        ), days as (
          select h::date as d, new, processing, completed from v
          union all select day, at_new, at_processing, at_completed from rd
          union all select day, (now = 'new')::int - (was = 'new')::int, (now = 'processing')::int - (was = 'processing')::int,
            (now = 'completed')::int - (was = 'completed')::int from m
        ), cells as (
          select extract(isodow from h)::int as dow, extract(hour from h)::int as hour, new + processing + completed as n from v
          union all select extract(isodow from rd.day)::int, (x.i - 1)::int, x.n from rd, unnest(rd.hours) with ordinality as x(n, i) where x.n > 0
        )
        select
          (select coalesce(json_agg(json_build_object('day', to_char(x.d, 'YYYY-MM-DD'), 'new', x.new, 'processing', x.processing, 'completed', x.completed) order by x.d), '[]'::json) from (
            select d, sum(new)::int as new, sum(processing)::int as processing, sum(completed)::int as completed
            from days group by 1 having sum(new + processing + completed) > 0) x) as by_day,
          (select coalesce(json_agg(x order by x.dow, x.hour), '[]'::json) from (
            select dow, hour, sum(n)::int as n from cells group by 1, 2) x) as heat`);
      return rowsOf(result, ZVolumeScan)[0]!;
    },

    /**
     * Both speeds of the desk's items created in the range (drills left out), in seconds: new →
     * processing and → completed, materialized once as float8 (the live days from an index-only
     * scan; the rolled-up days' stored durations, plus those of their items that moved since), then
     * their percentiles, maxima and histograms. `date_part`, not `extract`, which yields numeric
     * and cost a third of a 366-day report. A figure of its own, so it runs beside the volume's.
     */
    async speedScan(r: ReportRange, desk: StoredDesk, bounds: readonly number[]) {
      const durations = sql`d`;
      const result = await db.execute(sql`
        with d as materialized (
          select date_part('epoch', proceeded_at - created_at) as a, date_part('epoch', completed_at - created_at) as c ${deskItems(liveRange(r), desk)}
          union all select x.a, x.c from report_days rd, unnest(rd.first_action, rd.completion) as x(a, c) where ${rolledRows(r, desk, sql`rd`)}
          union all select case when proceeded_at >= as_of then date_part('epoch', proceeded_at - created_at) end,
            case when completed_at >= as_of then date_part('epoch', completed_at - created_at) end from (${movedItems(r, desk)}) m
        )
        select ${distributionJson(durations, sql`a`, bounds)} as first_action, ${distributionJson(durations, sql`c`, bounds)} as completion`);
      return rowsOf(result, ZSpeedScan)[0]!;
    },

    /**
     * The period's SOS alarms (drills left out): press to acknowledgement, escalations, merged
     * presses, and those raised while the resident was away: a not-at-home request of theirs,
     * filed before the press and neither cancelled nor closed by arrival by then, covered the
     * press's local day (historical: later cancels and arrivals do not change the past).
     */
    async securityScan(r: ReportRange, bounds: readonly number[]) {
      const tz = r.timeZone;
      const cte = sql`a`;
      // "Away" is a hash join of the period's alarms with the not-at-home requests that overlap
      // the period, each alarm's local day computed once: a correlated EXISTS per alarm read every
      // request of the resident through the index and converted the time zone on each (358 ms
      // against 54 ms at 10,000 alarms and 2,000 requests on PostgreSQL).
      const result = await db.execute(sql`
        with a as materialized (
          select d.id, d.resident_id, d.created_at, (d.created_at at time zone ${tz})::date as day,
            date_part('epoch', d.acknowledged_at - d.created_at) as ack, d.escalated_at, d.press_count
          from desk_requests d
          where d.society_id = ${r.societyId} and d.desk = 'security' and not d.is_drill and ${inRange(sql`d.created_at`, r)}
        ), n as materialized (
          select resident_id, from_date, to_date, created_at, cancelled_at, arrived_at from not_home_requests
          where society_id = ${r.societyId} and to_date >= ${r.from}::date and from_date <= ${r.to}::date
        )
        select count(*)::int as alarms,
          count(*) filter (where escalated_at is not null)::int as escalated,
          (select count(distinct a.id)::int from a join n on n.resident_id = a.resident_id
            where n.from_date <= a.day and n.to_date >= a.day and n.created_at <= a.created_at
              and (n.cancelled_at is null or n.cancelled_at > a.created_at)
              and (n.arrived_at is null or n.arrived_at > a.created_at)) as away,
          count(*) filter (where press_count > 1)::int as merged_alarms,
          coalesce(sum(press_count - 1), 0)::int as merged_presses,
          ${distributionJson(cte, sql`ack`, bounds)} as ack
        from a`);
      return rowsOf(result, ZSecurityScan)[0]!;
    },

    /** The period's not-at-home requests: how many, how many got a guard, and request → guard assignment. */
    async notHomeScan(r: ReportRange, bounds: readonly number[]) {
      const cte = sql`n`;
      const result = await db.execute(sql`
        with n as materialized (
          select date_part('epoch', guard_assigned_at - created_at) as t
          from not_home_requests where society_id = ${r.societyId} and ${inRange(sql`created_at`, r)}
        )
        select count(*)::int as requests, count(t)::int as with_guard, ${distributionJson(cte, sql`t`, bounds)} as to_assign from n`);
      return rowsOf(result, ZNotHomeScan)[0]!;
    },

    /**
     * Grocery per local day: orders placed (grocery_orders.ordered_at) and the value of the orders
     * delivered (their request completed) that day, rupees as exact decimal text.
     */
    async groceryDays(r: ReportRange) {
      const tz = r.timeZone;
      const result = await db.execute(sql`
        select to_char(d, 'YYYY-MM-DD') as day, sum(orders)::int as orders, sum(value)::numeric(20, 2)::text as value from (
          select (o.ordered_at at time zone ${tz})::date as d, 1 as orders, 0::numeric as value
          from grocery_orders o where o.society_id = ${r.societyId} and ${inRange(sql`o.ordered_at`, r)}
          union all
          select (d.completed_at at time zone ${tz})::date, 0, o.all_total
          from desk_requests d join grocery_orders o on o.request_id = d.id
          where d.society_id = ${r.societyId} and d.desk = 'grocery' and d.stage = 'completed' and ${inRange(sql`d.completed_at`, r)}
        ) u group by d order by d`);
      return rowsOf(result, ZGroceryRow);
    },

    /**
     * Per staff member: their actions on the desk's items in the period (audit_log rows of
     * `entities`), and the median seconds from an item's creation to their first action on it
     * (security: to their acknowledgement) over the period's items. Most actions first. Rolled-up
     * days give their per-staff action counts and stored response times (plus the items proceeded
     * since their `as_of`); the others are read live.
     */
    async staff(r: ReportRange, desk: StoredDesk, entities: readonly string[]) {
      const live = liveRange(r);
      const by = desk === 'security' ? sql`acknowledged_by` : sql`proceeded_by`;
      const at = desk === 'security' ? sql`acknowledged_at` : sql`proceeded_at`;
      const entityList = listOf(entities);
      const result = await db.execute(sql`
        with acts as (
          select id, sum(actions)::int as actions from (
            select actor_id as id, count(*)::int as actions from audit_log
            where society_id = ${r.societyId} and actor_kind = 'staff' and entity in (${entityList}) and ${inRange(sql`at`, live)}
              -- A drill's acknowledgement is practice, not work on the desk.
              and not (entity = 'security' and entity_id in (select id from desk_requests where society_id = ${r.societyId} and is_drill))
            group by 1
            union all select rs.staff_id, rs.actions from report_day_staff rs where ${rolledRows(r, desk, sql`rs`)}
          ) a group by 1
        ), resp as (
          select id, percentile_cont(0.5) within group (order by t) as median from (
            select ${by} as id, date_part('epoch', ${at} - created_at) as t
            from desk_requests
            where society_id = ${r.societyId} and desk = ${desk} and not is_drill and ${by} is not null and ${inRange(sql`created_at`, live)}
            union all select rs.staff_id, x.t from report_day_staff rs, unnest(rs.responses) as x(t) where ${rolledRows(r, desk, sql`rs`)}
            union all select proceeded_by, date_part('epoch', proceeded_at - created_at) from (${movedItems(r, desk)}) m
            where proceeded_by is not null and proceeded_at >= as_of
          ) u group by 1
        )
        select u.id, u.name, coalesce(acts.actions, 0)::int as actions, resp.median
        from staff_users u left join acts on acts.id = u.id left join resp on resp.id = u.id
        where u.society_id = ${r.societyId} and (acts.id is not null or resp.id is not null)
        order by 3 desc, lower(u.name), u.id`);
      return rowsOf(result, ZStaffRow);
    },

    /**
     * From the deadline job's records (desk_overdue): items still waiting past a deadline now, by
     * stage; escalations that fell in the period; and how many of the period's items went overdue.
     */
    async overdue(r: ReportRange, desk: Exclude<StoredDesk, 'security'>) {
      const result = await db.execute(sql`
        select
          (select coalesce(json_agg(x order by x.stage), '[]'::json) from (
            select o.stage, count(*)::int as n from desk_overdue o join desk_requests d on d.id = o.request_id and d.stage = o.stage
            where o.society_id = ${r.societyId} and o.desk = ${desk} group by o.stage) x) as now,
          (select count(*)::int from desk_overdue o where o.society_id = ${r.societyId} and o.desk = ${desk} and ${inRange(sql`o.escalated_at`, r)}) as became,
          (select count(distinct o.request_id)::int from desk_overdue o join desk_requests d on d.id = o.request_id
            where o.society_id = ${r.societyId} and o.desk = ${desk} and ${inRange(sql`d.created_at`, r)}) as items`);
      return rowsOf(result, ZOverdueScan)[0]!;
    },
  };
}
export type ReportsRepo = ReturnType<typeof reportsRepo>;
