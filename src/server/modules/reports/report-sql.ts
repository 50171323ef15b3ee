/**
 * The SQL pieces the report's figures (repo.ts) and its rollup (rollup-repo.ts) share: the period
 * and desk types, the range as instants, the desk's items, an item's stage at an instant.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DEADLINE_DESKS } from '../../db/schema.js';

/**
 * A period: the local days `from`–`to` (inclusive, 'YYYY-MM-DD') in the IANA zone `timeZone`.
 * With `rolled`, the days `from`–`rolled.to` are read from the rollup (report_days, built in this
 * zone), the rest scanned live; the security desk's figures are always live.
 */
export interface ReportRange {
  societyId: number;
  timeZone: string;
  from: string;
  to: string;
  rolled?: RolledDays;
}

/** The rolled-up head of a range: its last day, and the oldest `as_of` among its days' rows (the moved items' index bound). */
export interface RolledDays {
  to: string;
  minAsOf: Date;
}

/** The stored desk names (desk_requests.desk). */
export type StoredDesk = 'complaint' | 'security' | 'grocery' | 'doctor';

/** The desks whose report reads the rollup (report_days): those with stages and deadlines. */
export type RolledDesk = (typeof DEADLINE_DESKS)[number];

/** `ts >= local midnight of from` and `< local midnight after to`: the range as instants, so the (society, …, ts) indexes apply. */
export function inRange(ts: SQL, r: ReportRange): SQL {
  return sql`${ts} >= (${r.from}::date::timestamp at time zone ${r.timeZone}) and ${ts} < ((${r.to}::date + 1)::timestamp at time zone ${r.timeZone})`;
}

/** `a, b, c` as bound parameters, for `in (…)`. */
export function listOf(values: readonly string[]): SQL {
  return sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
}

/** `from … where …` of the desk's items created in the range, drills left out (desk_requests_report_idx). */
export function deskItems(r: ReportRange, desk: StoredDesk): SQL {
  return sql`from desk_requests where society_id = ${r.societyId} and desk = ${desk} and not is_drill and ${inRange(sql`created_at`, r)}`;
}

/** An item's stage at the instant `asOf` from its timestamps (transitions only go forward and set their time once). */
export const stageAt = (asOf: SQL) => sql`(case when completed_at < ${asOf} then 'completed' when proceeded_at < ${asOf} then 'processing' else 'new' end)`;
