/**
 * Seeding for bench/list-scale.ts: a fresh database (PGlite folder or PostgreSQL database) with
 * the migrations and demo data, exactly as src/server/main.ts prepares it, plus N complaints in
 * stage `new` per demo society (and N/10 each in processing and completed, older), inserted with
 * `insert … select … from generate_series` and followed by VACUUM ANALYZE (autovacuum is off here; PGlite has none).
 * While the bench holds the database it also reads what it needs later (the keyset ids around
 * page 1 and page 5000, the expected number of search hits) and times the fetch-all baseline.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database, type Db } from '../../src/server/db/client.js';
import { lockDataDir } from '../../src/server/db/lock.js';
import { seedDemo } from '../../src/server/seed/demo.js';
import { HIT_WORD, checkColumns, fillColumns, type ColumnInfo } from './columns.js';

export const SOCIETY_NAMES = ['Green Valley', 'Lake City'] as const;
/** The row of the list order (newest first, 0-based) whose id is the cursor of page `p` (10 per page). */
export const lastRowOfPage = (page: number) => page * 10 - 1;

export interface SeedInfo {
  seedSeconds: number;
  /** Complaints per society and stage after seeding (demo rows included). */
  stageCounts: Record<string, number>;
  /** Green Valley's stage-new ids in list order at these 0-based positions: 0, 9, 10, deep-1. */
  ids: { first: number; tenth: number; eleventh: number; deepCursor: number };
  /** Green Valley's stage-new rows whose body contains HIT_WORD. */
  hitRows: number;
  /** One fetch of every complaint of Green Valley: query (rows in the bench) + JSON text, in ms. */
  fetchAll: { ms: number; queryMs: number; jsonMs: number; rows: number; bytes: number };
  /** Columns of desk_requests the bench does not fill: filled by a trigger (note) or left at their default (WARNING). */
  warnings: string[];
}

/** Rows of a `db.execute` result: `{rows}` from both drivers. */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) return result.rows;
  throw new Error('unexpected db.execute result');
}

/** Drops and recreates the bench database's schemas (creating the database if missing). */
async function resetPostgres(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || ['test', 'postgres', 'root'].includes(name)) {
    throw new Error(`refusing to reset database "${name}": give --pg-url a database of its own (default bench_list)`);
  }
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await client.query(`create database "${name}"`);
  await client.end();
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  await db.query('drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public');
  await db.end();
}

/**
 * Prepares the database the server will be started on. PGlite: takes the folder's lock, opens it,
 * and releases both before returning. @param deepPage the deep page measured (cursor = its
 * predecessor's last row). @param demo options of the demo seed (bench/load.ts: more residents).
 */
export async function prepareDatabase(
  target: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string },
  rowsPerSociety: number,
  deepPage: number,
  demo: Parameters<typeof seedDemo>[1] = {},
  realistic = false,
): Promise<SeedInfo> {
  const started = performance.now();
  let lock: { release(): void } | undefined;
  let database: Database;
  if (target.kind === 'postgres') {
    await resetPostgres(target.url);
    database = await openDatabase({ databaseUrl: target.url });
  } else {
    lock = lockDataDir(target.dataDir, {
      onLost: (m) => {
        console.error(m);
        process.exit(1);
      },
    });
    database = await openDatabase({ dataDir: target.dataDir });
  }
  try {
    await database.migrate();
    await seedDemo(database.db, demo);
    const warnings = await bulkInsert(database.db, rowsPerSociety, realistic);
    // VACUUM too: autovacuum is off on these machines and PGlite has none; without a visibility
    // map the planner prices index-only scans as heap scans and picks worse plans. Realistic:
    // neither — rows filed through the API one by one are followed by no VACUUM or ANALYZE until
    // autovacuum comes by (never here: it is off on these machines), so the planner has no
    // statistics for them and a GIN index keeps them in its pending list.
    if (!realistic) await database.db.execute(sql`vacuum analyze`);
    const seedSeconds = (performance.now() - started) / 1000;
    return { seedSeconds, warnings, ...(await readBack(database.db, deepPage)) };
  } finally {
    await database.close();
    lock?.release();
  }
}

async function bulkInsert(db: Db, n: number, realistic: boolean): Promise<string[]> {
  const extra = Math.round(n / 10);
  const total = n + 2 * extra;
  const fill = fillColumns(extra, total, realistic);
  const table = rowsOf(
    await db.execute(sql`select column_name, is_nullable, column_default, is_generated, is_identity
    from information_schema.columns where table_schema = 'public' and table_name = 'desk_requests'`),
  ).map((r): ColumnInfo => ({
    column_name: String(r.column_name),
    is_nullable: String(r.is_nullable),
    column_default: r.column_default === null ? null : String(r.column_default),
    is_generated: String(r.is_generated),
    is_identity: String(r.is_identity),
  }));
  const unfilled = checkColumns(
    table,
    fill.map(([c]) => c),
  );
  // Bench rows start 1 ms after the newest row, so created_at rises with id over the whole table.
  const [newest] = rowsOf(await db.execute(sql`select coalesce(max(created_at), now())::text as t0, coalesce(max(id), 0) as id from desk_requests`));
  const t0 = String(newest!.t0);
  const firstBenchId = Number(newest!.id) + 1;
  const columns = fill.map(([c]) => `"${c}"`).join(', ');
  const exprs = fill.map(([, e]) => e).join(',\n  ');
  // Realistic: small statements, as many residents filing one by one would (the index takes them
  // in the same way); otherwise large ones, fast.
  const BATCH = realistic ? 200 : 20_000;
  for (const [k, name] of SOCIETY_NAMES.entries()) {
    for (let from = 1; from <= total; from += BATCH) {
      const to = Math.min(total, from + BATCH - 1);
      await db.execute(
        sql.raw(`insert into desk_requests (${columns})
select ${exprs}
from (select s.id as sid, ${k} as k, '${t0}'::timestamptz as t0,
             (select array_agg(r.id order by r.id) from residents r where r.society_id = s.id) as res,
             (select u.id from staff_users u where u.society_id = s.id and u.sub_role = 'complian' limit 1) as staff
      from societies s where s.name = '${name}') p,
     generate_series(${from}, ${to}) g
order by g`),
      );
    }
    process.stdout.write(`  seeded ${name}: ${total} complaints (${n} new, ${extra} processing, ${extra} completed)\n`);
  }
  return unfilledReport(db, unfilled, firstBenchId);
}

/** For each column the bench left alone: did the database (a trigger) fill it on every bench row? */
async function unfilledReport(db: Db, unfilled: readonly ColumnInfo[], firstBenchId: number): Promise<string[]> {
  const out: string[] = [];
  for (const c of unfilled) {
    const isDefault = c.column_default === null ? `"${c.column_name}" is null` : `"${c.column_name}" is not distinct from (${c.column_default})`;
    const [row] = rowsOf(await db.execute(sql.raw(`select count(*)::int as n from desk_requests where id >= ${firstBenchId} and ${isDefault}`)));
    const left = Number(row!.n);
    const line =
      left === 0
        ? `note: desk_requests.${c.column_name} is not in the bench's column list but the database filled it on every bench row (a trigger)`
        : `WARNING: desk_requests.${c.column_name} is not filled by the bench seed: ${left} bench rows hold its default (${c.column_default ?? 'NULL'}); add it to fillColumns() or LEFT_DEFAULT in bench/list-scale/columns.ts`;
    console.error(`  ${line}`);
    out.push(line);
  }
  return out;
}

async function readBack(db: Db, deepPage: number): Promise<Omit<SeedInfo, 'seedSeconds' | 'warnings'>> {
  const counts = rowsOf(
    await db.execute(sql`select s.name || '/' || d.stage as k, count(*)::int as n from desk_requests d
    join societies s on s.id = d.society_id where d.desk = 'complaint' group by 1 order by 1`),
  );
  const stageCounts = Object.fromEntries(counts.map((r) => [String(r.k), Number(r.n)]));
  const gv = sql`(select id from societies where name = ${SOCIETY_NAMES[0]})`;
  const idAt = async (offset: number) => {
    const [row] = rowsOf(
      await db.execute(sql`select id from desk_requests where society_id = ${gv} and desk = 'complaint' and stage = 'new'
      order by created_at desc, id desc limit 1 offset ${offset}`),
    );
    if (!row) throw new Error(`no stage-new complaint at position ${offset}: too few rows for the deep page`);
    return Number(row.id);
  };
  const ids = { first: await idAt(0), tenth: await idAt(9), eleventh: await idAt(10), deepCursor: await idAt(lastRowOfPage(deepPage - 1)) };
  const [hits] = rowsOf(
    await db.execute(sql`select count(*)::int as n from desk_requests where society_id = ${gv} and desk = 'complaint'
    and stage = 'new' and body ilike ${`%${HIT_WORD}%`}`),
  );
  // The fetch-all design: every complaint of the society with its resident (less the password
  // hash and push token), as JSON to the client.
  const fetchAllSql = sql`select d.*, to_jsonb(r) - 'password_hash' - 'push_token' as resident, s.name as society_name from desk_requests d
    join residents r on r.id = d.resident_id join societies s on s.id = d.society_id
    where d.society_id = ${gv} and d.desk = 'complaint' order by d.created_at desc, d.id desc`;
  await db.execute(fetchAllSql); // warm-up (caches), not timed
  const t = performance.now();
  const all = rowsOf(await db.execute(fetchAllSql));
  const queried = performance.now();
  const bytes = Buffer.byteLength(JSON.stringify(all));
  const done = performance.now();
  const fetchAll = { ms: done - t, queryMs: queried - t, jsonMs: done - queried, rows: all.length, bytes };
  return { stageCounts, ids, hitRows: Number(hits!.n), fetchAll };
}
