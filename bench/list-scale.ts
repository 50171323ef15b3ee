/**
 * List speed at scale: seeds N complaints per society, starts the server in a child
 * process as `npm start` does, and measures with autocannon, in one run: GET /api/health (the
 * baseline), page 1, a deep page (offset; and keyset `after=<id>` when the API takes it), a ~1%
 * search and a no-match search of `GET /api/complain?stage=new`; one fetch of every complaint of
 * the society (the fetch-all design); and SOS press-to-event latency with and without a client
 * searching without pause. Prints a table and the list-speed goal checks per database and writes
 * bench/results/list-scale-<db>-<timestamp>.json.
 *
 *   npx tsx bench/list-scale.ts [--rows 100000] [--db pglite|postgres|both]
 *     [--pg-url postgres://root@127.0.0.1:5432/bench_list] [--duration 10] [--connections 10]
 *     [--alarms 50] [--deep-page 5000] [--cursor | --offset-only] [--realistic]
 *
 * Seeded per society (Green Valley, Lake City): N rows in stage `new` (the issue's figures are
 * for stage=new) plus N/10 older rows in each of processing and completed, spread over the demo
 * residents, bodies from a small vocabulary; every 100th body contains "waterlogging", none
 * "helicopter". The PostgreSQL database named in --pg-url is DROPPED and recreated (never `test`).
 * --realistic: varied bodies (openers, issues, house/street/block numbers, times, closers; the
 * demo residents' names, phones and addresses reach search_text through the trigger as for every
 * row), inserted 200 rows a statement and followed by no VACUUM or ANALYZE, as rows filed
 * through `POST /api/complain` are until autovacuum comes by (off on these machines): the planner
 * has no statistics for them and the trigram index keeps them in its pending list.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { connectDesk, raiseAlarms, residentTokens } from './list-scale/alarms.js';
import { HIT_WORD, MISS_WORD } from './list-scale/columns.js';
import { runLoad, startLoad } from './list-scale/load.js';
import { detectCursor, staffCookie, warmUp, type ListAnswer } from './list-scale/probe.js';
import { goals, printRun, writeJson, type DbKind, type DbRun, type ListResult } from './list-scale/report.js';
import { prepareDatabase, type SeedInfo } from './list-scale/seed.js';
import { drain, startServer, type ServerUnderTest } from './list-scale/server.js';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    db: { type: 'string', default: 'both' },
    'pg-url': { type: 'string', default: 'postgres://root@127.0.0.1:5432/bench_list' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    alarms: { type: 'string', default: '50' },
    'deep-page': { type: 'string', default: '5000' },
    cursor: { type: 'boolean', default: false },
    'offset-only': { type: 'boolean', default: false },
    realistic: { type: 'boolean', default: false },
  },
});
const ROWS = Number(values.rows);
const DEEP = Number(values['deep-page']);
const opts = { seconds: Number(values.duration), connections: Number(values.connections), alarms: Number(values.alarms) };
if (!Number.isInteger(ROWS) || ROWS < 1000 || !Number.isInteger(DEEP) || DEEP < 2 || (DEEP - 1) * 10 > ROWS)
  throw new Error('--rows must be ≥ 1000 and cover --deep-page (10 rows a page)');
const DBS: DbKind[] = values.db === 'both' ? ['pglite', 'postgres'] : values.db === 'pglite' || values.db === 'postgres' ? [values.db] : [];
if (DBS.length === 0) throw new Error('--db must be pglite, postgres or both');
const PASSWORD = 'demo-pass-1';
const RESULTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'results');
const load3 = () => loadavg().map((v) => Math.round(v * 100) / 100);
let cleanup: (() => Promise<void>) | undefined;
type Kind = 'health' | 'first' | 'deep' | 'hit' | 'miss';

/** Checks what a warm-up answer returned; a failed check is printed and kept in the results. */
function check(kind: Kind, name: string, a: ListAnswer, seed: SeedInfo): string {
  const deepOk = a.ids.length === 10 && a.ids.every((id) => id < seed.ids.deepCursor);
  const expect: Record<Kind, [boolean, string]> = {
    health: [a.status === 200, 'HTTP 200'],
    first: [a.status === 200 && a.ids.length === 10 && a.ids[0] === seed.ids.first, `10 rows from id ${seed.ids.first}`],
    deep: [a.status === 200 && deepOk, `10 rows below id ${seed.ids.deepCursor}`],
    hit: [
      a.status === 200 && a.ids.length === Math.min(10, seed.hitRows) && a.texts.every((t) => t.includes(HIT_WORD)),
      `${Math.min(10, seed.hitRows)} rows containing "${HIT_WORD}"`,
    ],
    miss: [a.status === 200 && a.ids.length === 0, 'no rows'],
  };
  const [ok, want] = expect[kind];
  const total = a.total === undefined ? 'no total' : `total ${a.total}`;
  const line = `${ok ? 'ok  ' : 'FAIL'} ${name}: expected ${want}; got HTTP ${a.status}, ${a.ids.length} rows, ${total}`;
  if (!ok) console.error(`  WARNING: ${line}`);
  return line;
}

async function benchOne(db: DbKind): Promise<DbRun> {
  const startedAt = new Date().toISOString();
  const loadStart = load3();
  const tmp = db === 'pglite' ? mkdtempSync(path.join(tmpdir(), 'list-scale-')) : undefined;
  let server: ServerUnderTest | undefined;
  cleanup = async () => {
    await server?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  };
  try {
    console.log(`\n[${db}] seeding ${ROWS} new complaints per society…`);
    const target = tmp ? { kind: 'pglite' as const, dataDir: path.join(tmp, 'data') } : { kind: 'postgres' as const, url: values['pg-url'] };
    const seed = await prepareDatabase(target, ROWS, DEEP, {}, values.realistic);
    console.log(`[${db}] seeded in ${seed.seedSeconds.toFixed(0)} s; fetch-all ${seed.fetchAll.ms.toFixed(0)} ms; starting the server…`);
    server = await startServer(tmp ? { DATA_DIR: path.join(tmp, 'data') } : { DATABASE_URL: values['pg-url'] }, db);
    const { base } = server;
    const cookie = await staffCookie(base, 'complaints@greenvalley.test', PASSWORD);
    const detected = values['offset-only'] ? { supported: false, how: 'off (--offset-only)' } : await detectCursor(base, cookie, seed.ids);
    const cursor = { used: values.cursor || detected.supported, how: values.cursor ? `forced by --cursor; ${detected.how}` : detected.how };
    const list = (extra: string) => `/api/complain?stage=new&page=${extra}`;
    const targets: { kind: Kind; name: string; path: string; inGoals: boolean }[] = [
      { kind: 'first', name: 'page 1', path: list('1'), inGoals: true },
      { kind: 'deep', name: `page ${DEEP} (offset)`, path: list(String(DEEP)), inGoals: !cursor.used },
      ...(cursor.used
        ? [{ kind: 'deep' as const, name: `page ${DEEP} (after=${seed.ids.deepCursor})`, path: list(`${DEEP}&after=${seed.ids.deepCursor}`), inGoals: true }]
        : []),
      { kind: 'hit', name: `q=${HIT_WORD} (~1%)`, path: list(`1&q=${HIT_WORD}`), inGoals: true },
      { kind: 'miss', name: `q=${MISS_WORD} (no match)`, path: list(`1&q=${MISS_WORD}`), inGoals: true },
    ];
    const checks: string[] = [];
    const measure = async (kind: Kind, name: string, p: string) => {
      checks.push(check(kind, name, await warmUp(base, p, cookie), seed));
      console.log(`[${db}] ${name}: ${opts.seconds} s at ${opts.connections} connections…`);
      const r = await runLoad({ base, path: p, name, cookie, connections: opts.connections, seconds: opts.seconds });
      const waited = await drain(base);
      if (waited > 1) console.log(`[${db}]   (server drained its backlog in ${waited.toFixed(1)} s)`);
      return r;
    };
    const health = await measure('health', 'health', '/api/health');
    const lists: ListResult[] = [];
    for (const t of targets) lists.push({ ...(await measure(t.kind, t.name, t.path)), inGoals: t.inGoals });

    console.log(`[${db}] SOS press-to-event: ${opts.alarms} alarms quiet, then ${opts.alarms} while one client searches "${HIT_WORD}"…`);
    const securityCookie = await staffCookie(base, 'security@greenvalley.test', PASSWORD);
    const desk = await connectDesk(base, securityCookie);
    const residents = await residentTokens(base, PASSWORD, 12);
    const quiet = await raiseAlarms(base, desk, residents, securityCookie, opts.alarms);
    const searcherRun = startLoad({ base, path: list(`1&q=${HIT_WORD}`), name: 'searcher', cookie, connections: 1, seconds: 3600 });
    await searcherRun.firstResponse;
    const searching = await raiseAlarms(base, desk, residents, securityCookie, opts.alarms);
    searcherRun.stop();
    const searcher = await searcherRun.done;
    desk.close();
    await drain(base);
    return { db, rowsPerSociety: ROWS, startedAt, loadStart, loadEnd: load3(), seed, cursor, health, lists, alarms: { quiet, searching, searcher }, checks };
  } finally {
    await cleanup();
    cleanup = undefined;
  }
}

async function main(): Promise<void> {
  const git = (args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
  const meta = {
    commit: git(['rev-parse', 'HEAD']),
    uncommittedFiles: git(['status', '--porcelain']).split('\n').filter(Boolean).length,
    node: process.version,
    options: { ...values },
  };
  const runs: DbRun[] = [];
  for (const db of DBS) {
    const run = await benchOne(db);
    printRun(run);
    console.log(`results: ${path.relative(process.cwd(), writeJson(RESULTS, run, meta))}`);
    runs.push(run);
  }
  const all = runs.flatMap((r) => goals(r).map((g) => ({ ...g, db: r.db })));
  console.log(`\nSummary: ${all.filter((g) => g.pass).length}/${all.length} goals met (${runs.map((r) => r.db).join(', ')}).`);
}

const abort = (signal: string) => {
  console.error(`\n${signal}: stopping the server…`);
  void (cleanup?.() ?? Promise.resolve()).finally(() => process.exit(130));
};
process.once('SIGINT', () => abort('SIGINT'));
process.once('SIGTERM', () => abort('SIGTERM'));
main().then(
  () => process.exit(0),
  async (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    await cleanup?.();
    process.exit(1);
  },
);
