/**
 * What autovacuum would do, done by the server itself on a PostgreSQL server that runs with
 * autovacuum off (these machines do, and an operator may turn it off). Without it the planner has
 * no statistics for rows filed one by one through the API, however many there are: never analysed,
 * a table looks a few rows long, and the desk's page of ten rows by id was read through the
 * society's whole desk (bitmap of 24,000 rows: 12–21 ms instead of 0.1 ms, on every search of
 * `bench/list-scale.ts --realistic`).
 * The rules are autovacuum's own, read from the server's settings: a table is analysed once
 * `n_mod_since_analyze` passes `autovacuum_analyze_threshold + autovacuum_analyze_scale_factor ×
 * rows`, and vacuumed (which also keeps the visibility map for index-only scans) once its dead or
 * newly inserted rows pass the vacuum thresholds. `SKIP_LOCKED`: a table another session is
 * vacuuming or altering is left for the next pass, and two instances never wait on each other.
 * With autovacuum on this reads one row of settings and does nothing.
 */

/** How the stand-in sends a statement (node-postgres' `pool.query` fits). */
export type RunStatement = (text: string) => Promise<{ rows: unknown[] }>;

/** One table that was due, and what was done to it. */
export interface UpkeepDone {
  table: string;
  vacuumed: boolean;
}

/** The tables of the app's schema that autovacuum would handle now, by its own thresholds. */
const DUE = `
select quote_ident(s.schemaname) || '.' || quote_ident(s.relname) as "table",
  s.n_dead_tup > current_setting('autovacuum_vacuum_threshold')::float8
      + current_setting('autovacuum_vacuum_scale_factor')::float8 * greatest(c.reltuples, 0)
    or s.n_ins_since_vacuum > coalesce(nullif(current_setting('autovacuum_vacuum_insert_threshold', true), '-1'), 'infinity')::float8
      + current_setting('autovacuum_vacuum_insert_scale_factor')::float8 * greatest(c.reltuples, 0) as vacuum,
  s.n_mod_since_analyze > current_setting('autovacuum_analyze_threshold')::float8
      + current_setting('autovacuum_analyze_scale_factor')::float8 * greatest(c.reltuples, 0) as analyze
from pg_stat_user_tables s join pg_class c on c.oid = s.relid
where current_setting('autovacuum') = 'off' and s.schemaname = current_schema()
order by s.relname`;

interface DueRow {
  table: string;
  vacuum: boolean;
  analyze: boolean;
}

/**
 * One pass of the stand-in: each due table of the app's schema is vacuumed and analysed (dead or
 * inserted rows past the vacuum thresholds) or analysed only, one statement after the other.
 * @returns the tables handled, in name order (empty with autovacuum on)
 * @throws what `run` throws (the database away: the job pauses and tries again)
 */
export async function autovacuumStandIn(run: RunStatement): Promise<UpkeepDone[]> {
  const { rows } = await run(DUE);
  const done: UpkeepDone[] = [];
  for (const row of rows as DueRow[]) {
    if (!row.vacuum && !row.analyze) continue;
    await run(row.vacuum ? `vacuum (analyze, skip_locked) ${row.table}` : `analyze (skip_locked) ${row.table}`);
    done.push({ table: row.table, vacuumed: row.vacuum });
  }
  return done;
}
