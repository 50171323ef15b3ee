/**
 * What moving PGlite off the main thread costs and buys: the same queries on an
 * in-thread PGlite (today's client.ts, the baseline) and through the embedded server
 * (src/server/db/embedded-server.ts: a worker thread, pg.Pool over a Unix socket), in one run.
 *
 *   npx tsx bench/embedded-roundtrip.ts [--simple 2000] [--big 30] [--rows 10000]
 *
 * Prints p50/p99/mean per query kind and each socket figure as a ratio to the in-thread one:
 * - simple: a one-row parameterized `select $1::int` (a round trip's fixed cost);
 * - big: all `--rows` rows of a table (id, society, 60-char text, timestamp);
 * - stall: the longest gap of a 2 ms main-thread timer during one ~1M-row aggregate (what an
 *   SOS event would wait for). Both databases are in memory.
 */
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { startEmbeddedServer } from '../src/server/db/embedded-server.js';

const { values } = parseArgs({
  options: {
    simple: { type: 'string', default: '2000' },
    big: { type: 'string', default: '30' },
    rows: { type: 'string', default: '10000' },
  },
});
const SIMPLE = Number(values.simple);
const BIG = Number(values.big);
const ROWS = Number(values.rows);
const SETUP = `create table bench_rows (id int primary key, society_id int not null, body text not null, at timestamptz not null);
  insert into bench_rows select g, g % 2, 'request ' || md5(g::text) || ' ' || md5((g * 7)::text), now() from generate_series(1, ${ROWS}) g;`;
const HEAVY = 'select count(*) from generate_series(1, 1000000) g where g % 7 = 3';

/** One way to run a query: resolves with the number of rows it returned. */
type Run = (text: string, params?: unknown[]) => Promise<number>;

interface Stats {
  p50: number;
  p99: number;
  mean: number;
}
function stats(ms: number[]): Stats {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
  return { p50: at(50), p99: at(99), mean: s.reduce((a, b) => a + b, 0) / s.length };
}

async function timeEach(n: number, run: () => Promise<number>, expectRows: number): Promise<Stats> {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const rows = await run();
    ms.push(performance.now() - t);
    if (rows !== expectRows) throw new Error(`expected ${expectRows} rows, got ${rows}`);
  }
  return stats(ms);
}

/** The longest main-thread timer gap while `work` runs, and how long the work took (ms). */
async function stall(work: () => Promise<unknown>): Promise<{ gap: number; took: number }> {
  let last = performance.now();
  let gap = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    gap = Math.max(gap, now - last);
    last = now;
  }, 2);
  const t = performance.now();
  await work();
  const took = performance.now() - t;
  const now = performance.now();
  clearInterval(timer);
  return { gap: Math.max(gap, now - last), took };
}

async function measure(run: Run) {
  await timeEach(200, () => run('select $1::int as n', [1]), 1); // warm-up
  const simple = await timeEach(SIMPLE, () => run('select $1::int as n', [7]), 1);
  await timeEach(3, () => run('select * from bench_rows'), ROWS);
  const big = await timeEach(BIG, () => run('select * from bench_rows'), ROWS);
  return { simple, big, stall: await stall(() => run(HEAVY)) };
}

async function main(): Promise<void> {
  const local = await PGlite.create();
  await local.exec(SETUP);
  const base = await measure(async (text, params) => (await local.query(text, params)).rows.length);
  await local.close();

  const server = await startEmbeddedServer();
  const pool = new pg.Pool(server.poolConfig);
  await pool.query(SETUP);
  const sock = await measure(async (text, params) => (await pool.query(text, params)).rows.length);
  await pool.end();
  await server.close();

  const f = (n: number) => n.toFixed(3).padStart(9);
  const r = (a: number, b: number) => `${(a / b).toFixed(2)}x`.padStart(7);
  console.log(`\nPGlite in-thread (baseline) vs embedded server (worker + pg over a Unix socket), ms`);
  console.log(`${'query'.padEnd(26)} ${'in-thread p50/p99/mean'.padStart(31)}   ${'socket p50/p99/mean'.padStart(31)}   ratio p50/p99/mean`);
  for (const [name, a, b] of [
    [`simple (x${SIMPLE})`, base.simple, sock.simple],
    [`${ROWS} rows (x${BIG})`, base.big, sock.big],
  ] as const) {
    console.log(
      `${name.padEnd(26)} ${f(a.p50)} ${f(a.p99)} ${f(a.mean)}   ${f(b.p50)} ${f(b.p99)} ${f(b.mean)}   ${r(b.p50, a.p50)} ${r(b.p99, a.p99)} ${r(b.mean, a.mean)}`,
    );
  }
  console.log(`main-thread stall during a heavy query (${HEAVY}):`);
  console.log(`  in-thread: longest timer gap ${base.stall.gap.toFixed(1)} ms of a ${base.stall.took.toFixed(1)} ms query`);
  console.log(
    `  socket:    longest timer gap ${sock.stall.gap.toFixed(1)} ms of a ${sock.stall.took.toFixed(1)} ms query` +
      ` (${r(sock.stall.gap, base.stall.gap).trim()} the in-thread gap)`,
  );
}

await main();
