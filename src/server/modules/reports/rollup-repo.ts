/**
 * The rollup of closed days (ADR 0008): which of a desk's days are built, and building them. Its
 * rows are read by the figures (repo.ts), and written only here, by the report service.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/raw-rows.js';
import { deskItems, inRange, listOf, stageAt, type ReportRange, type RolledDesk } from './report-sql.js';

/** The advisory lock class of a society's rollup builds ('RD'); the second key is the society. */
const ROLLUP_LOCK_CLASS = 0x5244;

const ZCoverageRow = z.object({ day: z.string(), as_of: z.coerce.date() });

export function rollupRepo(db: Db) {
  return {
    /**
     * The rollup rows of the desk's days `from`–`to` built in `r.timeZone`: each day's `as_of`
     * (days missing here, or built in another zone, need {@link buildRollup}).
     */
    async rollupCoverage(r: ReportRange, desk: RolledDesk, to: string) {
      const result = await db.execute(sql`
        select to_char(day, 'YYYY-MM-DD') as day, as_of from report_days
        where society_id = ${r.societyId} and desk = ${desk} and time_zone = ${r.timeZone} and day between ${r.from}::date and ${to}::date`);
      return rowsOf(result, ZCoverageRow);
    },

    /**
     * (Re)builds the rollup of the desk's local days `from`–`to` in `r.timeZone` as of `asOf`
     * (which must be after the last of those days has ended): deletes their rows and writes one
     * report_days row per day (empty days too, so they count as built) and one report_day_staff
     * row per staff member with actions or first actions that day. Serialised per society by an
     * advisory lock, so two instances building the same days write them once each, one after the
     * other, never a mix. One statement per table over the days' items (desk_requests_report_idx,
     * audit_report_idx).
     */
    async buildRollup(r: ReportRange, desk: RolledDesk, entities: readonly string[], asOf: Date) {
      const tz = r.timeZone;
      const s = r.societyId;
      const w = sql`${asOf.toISOString()}::timestamptz`;
      const entityList = listOf(entities);
      await db.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK_CLASS}::int, ${s}::int)`);
      await db.execute(sql`delete from report_days where society_id = ${s} and desk = ${desk} and day between ${r.from}::date and ${r.to}::date`);
      await db.execute(sql`delete from report_day_staff where society_id = ${s} and desk = ${desk} and day between ${r.from}::date and ${r.to}::date`);
      await db.execute(sql`
        with i as materialized (
          select l::date as day, extract(hour from l)::int as hour, st, a, c from (
            select created_at at time zone ${tz} as l, ${stageAt(w)} as st,
              case when proceeded_at < ${w} then date_part('epoch', proceeded_at - created_at) end as a,
              case when completed_at < ${w} then date_part('epoch', completed_at - created_at) end as c
            ${deskItems(r, desk)}
          ) x
        ), days as (
          select g::date as day from generate_series(${r.from}::date, ${r.to}::date, interval '1 day') as g
        ), hours as (
          select days.day, array_agg(coalesce(n.n, 0) order by h.h) as hours
          from days cross join generate_series(0, 23) as h(h)
            left join (select day, hour, count(*)::int as n from i group by 1, 2) n on n.day = days.day and n.hour = h.h
          group by days.day
        ), per_day as (
          select day,
            count(*) filter (where st = 'new')::int as n0,
            count(*) filter (where st = 'processing')::int as n1,
            count(*) filter (where st = 'completed')::int as n2,
            array_agg(a order by a) filter (where a is not null) as fa,
            array_agg(c order by c) filter (where c is not null) as co
          from i group by 1
        )
        insert into report_days (society_id, desk, day, time_zone, as_of, hours, at_new, at_processing, at_completed, first_action, completion)
        select ${s}, ${desk}, hours.day, ${tz}, ${w}, hours.hours, coalesce(p.n0, 0), coalesce(p.n1, 0), coalesce(p.n2, 0),
          coalesce(p.fa, '{}'::float8[]), coalesce(p.co, '{}'::float8[])
        from hours left join per_day p on p.day = hours.day`);
      await db.execute(sql`
        with acts as (
          select (at at time zone ${tz})::date as day, actor_id as staff_id, count(*)::int as n from audit_log
          where society_id = ${s} and actor_kind = 'staff' and actor_id is not null and entity in (${entityList}) and ${inRange(sql`at`, r)}
          group by 1, 2
        ), resp as (
          select day, staff_id, array_agg(t order by t) as t from (
            select (created_at at time zone ${tz})::date as day, proceeded_by as staff_id, date_part('epoch', proceeded_at - created_at) as t
            ${deskItems(r, desk)} and proceeded_by is not null and proceeded_at < ${w}
          ) x group by 1, 2
        )
        insert into report_day_staff (society_id, desk, day, staff_id, actions, responses)
        select ${s}, ${desk}, coalesce(acts.day, resp.day), coalesce(acts.staff_id, resp.staff_id), coalesce(acts.n, 0), coalesce(resp.t, '{}'::float8[])
        from acts full join resp on resp.day = acts.day and resp.staff_id = acts.staff_id`);
    },
  };
}
