/**
 * A cheap "did anything write?" probe for the generated-input suite: read it before and after a
 * request; if the two readings are equal, no row was inserted, updated or deleted in between.
 *
 * - PGlite (one database in this process): the snapshot's xmax, the next transaction id to be
 *   assigned. Every write transaction, committed or aborted, takes a new id and moves it; reads do
 *   not (measured on PGlite 0.5 and PostgreSQL 15). Stricter than "no row changed".
 * - PostgreSQL: transaction ids are shared by every database of the server, so other databases'
 *   traffic would move xmax too. Instead, per table of the `public` schema: the row count and the
 *   newest row version's `xmin` (an insert or update writes a row version with a new xmin, a
 *   delete lowers the count). Tables are listed once, at creation.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.js';

/** Rows of a `db.execute` result: `{rows}` from both drivers. */
function rowsOf(result: unknown): Record<string, unknown>[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) return result.rows;
  throw new Error('unexpected db.execute result');
}

/** @returns a function reading the current marker (a string; compare readings with ===). */
export async function writeMarker(database: Database): Promise<() => Promise<string>> {
  const { db } = database;
  if (database.kind === 'pglite') {
    return async () => String(rowsOf(await db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`))[0]?.x);
  }
  // login_attempts and rate_limits are left out: on PostgreSQL a refused sign-in (401) is meant to
  // write its count there (the shared sign-in throttle), and an upload, import or SOS press is
  // counted before its body is read or checked (lib/rate-limit), so a refused one counts too.
  const tables = rowsOf(
    await db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' and tablename not in ('login_attempts', 'rate_limits') order by tablename`,
    ),
  ).map((r) => String(r.tablename));
  if (tables.length === 0) throw new Error('no tables in public');
  const parts = tables.map((t) => `select '${t}' as t, count(*)::text as n, coalesce(max(xmin::text::bigint), 0)::text as x from public."${t}"`);
  const fingerprint = sql.raw(`select string_agg(t || ':' || n || ':' || x, ',' order by t) as f from (${parts.join(' union all ')}) s`);
  return async () => String(rowsOf(await db.execute(fingerprint))[0]?.f);
}
