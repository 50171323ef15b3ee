/**
 * A cheap "did anything write?" probe for the generated-input suite: read it before and after a
 * request; if the two readings are equal, no row was inserted, updated or deleted in between.
 *
 * - PGlite (one database in this process): the snapshot's xmax, the next transaction id to be
 *   assigned. Every write transaction, committed or aborted, takes a new id and moves it; reads do
 *   not (measured on PGlite 0.5 and PostgreSQL 15). Stricter than "no row changed".
 * - PostgreSQL: transaction ids are shared by every database of the server, so other databases'
 *   traffic would move xmax too. Instead the marker installs, on its own database (the test
 *   file's, tests/support/pg-file-database.ts), statement-level AFTER INSERT / UPDATE / DELETE /
 *   TRUNCATE triggers on every table of the `public` schema; each statement that changed rows
 *   appends one row (how many it changed) to `sd_write_marker.writes`, committed or rolled back
 *   with the statement's transaction. The reading is that log's row count and sum: it moves with
 *   every committed change, also one undone later in the same transaction, and not with a
 *   statement that changed nothing. One append per writing statement replaces reading every
 *   table (count and newest xmin of each) per reading.
 *   The trigger function is SECURITY DEFINER (the marker's owner role): society-scoped requests
 *   run as `society_app` under row-level security (db/society-scope.ts), which may not write the
 *   log itself. Tables are listed once, at creation.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../src/server/db/client.js';
import { rowsOf } from '../../src/server/db/raw-rows.js';

/** One text column of a raw result's rows. */
const ZText = (column: string) => z.object({ [column]: z.coerce.string() });

/** The log's schema: outside `public`, so the tests that list or dump `public` do not see it. */
const SCHEMA = 'sd_write_marker';

/**
 * The statements that install the log and its trigger function. One function for every event:
 * PostgreSQL allows transition tables only on single-event triggers, so each table gets one
 * trigger per event, all calling this function; it reads the transition table the event has.
 */
const INSTALL = [
  `create schema if not exists ${SCHEMA}`,
  `create table if not exists ${SCHEMA}.writes (n bigint not null)`,
  `create or replace function ${SCHEMA}.count_rows() returns trigger
     language plpgsql security definer set search_path = pg_catalog, pg_temp as $$
   declare changed bigint;
   begin
     if tg_op = 'TRUNCATE' then changed := 1;
     elsif tg_op = 'DELETE' then select count(*) into changed from old_rows;
     else select count(*) into changed from new_rows;
     end if;
     if changed > 0 then insert into ${SCHEMA}.writes (n) values (changed); end if;
     return null;
   end $$`,
];

/** The triggers of one table (`create or replace`: a second marker on the same database replaces them). */
function triggersOf(table: string): string[] {
  const on = `on public."${table}"`;
  const fn = `execute function ${SCHEMA}.count_rows()`;
  return [
    `create or replace trigger sd_write_marker_insert after insert ${on} referencing new table as new_rows for each statement ${fn}`,
    `create or replace trigger sd_write_marker_update after update ${on} referencing old table as old_rows new table as new_rows for each statement ${fn}`,
    `create or replace trigger sd_write_marker_delete after delete ${on} referencing old table as old_rows for each statement ${fn}`,
    `create or replace trigger sd_write_marker_truncate after truncate ${on} for each statement ${fn}`,
  ];
}

/** @returns a function reading the current marker (a string; compare readings with ===). */
export async function writeMarker(database: Database): Promise<() => Promise<string>> {
  const { db } = database;
  if (database.kind === 'pglite') {
    return async () => String(rowsOf(await db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`), ZText('x'))[0]?.x);
  }
  // login_attempts and rate_limits are left out: on PostgreSQL a refused sign-in (401) is meant to
  // write its count there (the shared sign-in throttle), and an upload, import or SOS press is
  // counted before its body is read or checked (lib/rate-limit), so a refused one counts too.
  const tables = rowsOf(
    await db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' and tablename not in ('login_attempts', 'rate_limits') order by tablename`,
    ),
    ZText('tablename'),
  ).map((r) => String(r.tablename));
  if (tables.length === 0) throw new Error('no tables in public');
  await db.transaction(async (tx) => {
    for (const statement of [...INSTALL, ...tables.flatMap(triggersOf)]) await tx.execute(sql.raw(statement));
  });
  const reading = sql.raw(`select count(*)::text || ':' || coalesce(sum(n), 0)::text as f from ${SCHEMA}.writes`);
  return async () => String(rowsOf(await db.execute(reading), ZText('f'))[0]?.f);
}
