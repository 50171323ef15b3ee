/**
 * Exports beside alarms: does a 100,000-row list export stall alarms? Goal: "An export of 100,000
 * rows does not raise SOS p99 above 2x its quiet value". Seeds a fresh database with
 * bench/list-scale/seed.ts (the migrations, the demo data, then --rows complaints in stage `new`
 * per demo society, plus --rows/10 each in processing and completed), starts its own server
 * instance on it (PGlite in a temporary DATA_DIR, or --pg-url), and measures with the probes of
 * bench/alarm-probes.ts, first on a quiet server and then while Green Valley's complaints desk
 * exports its whole stage-new list (`GET /api/complain/export?stage=new`) back to back, one after
 * the other, from a worker process of their own (bench/load/request-loop.ts, so that reading
 * megabytes of export never delays the probes' callbacks):
 *   - GET /api/health response time, SOS press → 'receive-security' on a staff socket;
 *   - the server's RSS (peak while loaded − RSS at the end of the quiet phase);
 *   - the server's main thread (event-loop lag, GCs per export) and the bench's own event loop.
 * Prints p50/p99/max per phase, the ratios loaded p99 / quiet p99 for health and SOS (goal ≤ 2),
 * the RSS growth (goal ≤ 300 MB), the exports' answers, rows per export (EXPORT_MAX_ROWS caps it
 * at 100,000 by default: the seeded list holds a few demo rows more) and seconds and MB per export,
 * and writes them to bench/results/export-load-<db>-<time>.json (not committed).
 *
 *   npx tsx bench/export-load.ts [--rows 100000] [--quiet-s 20] [--load-s 90] [--port 3710] [--label run]
 *   npx tsx bench/export-load.ts --pg-url postgres://root@127.0.0.1:5432/bench_export
 *   npx tsx bench/export-load.ts --rows 5000 --quiet-s 5 --load-s 10    # a quick check that it runs
 *
 * Take the figures on a QUIET machine: the probes' ratios measure CPU contention as much as the
 * server (on a shared 2-core machine the bench's own event-loop lag rises with the server's; see
 * bench/heavy-work.ts). The loaded phase should hold several exports: at 100,000 rows give
 * --load-s at least a few times the seconds per export printed. The last export started before
 * the phase ends is waited for (the probes stop on time). Seeding 100,000 rows per society takes
 * a minute or more (both demo societies are seeded, as list-scale does).
 *
 * Measured 2026-11-27, PGlite, quiet machine (load 1.8), defaults: 16 exports of 100,000 rows in
 * 90 s (5.7 s each, 11.7 MB); SOS p99 22.0 → 42.4 ms (1.92×, goal met), health 12.8 → 29.5 ms
 * (2.31×); RSS +418 MB; 68 minor GCs per export on the main thread (the batches' JSON).
 *
 * With --pg-url the database is DROPPED and recreated (its name must start with 'bench').
 * EXPORT_MAX_PER_MINUTE is raised for the bench's instance (--export-limit) so exports are not
 * refused; the other EXPORT_* limits are the server's defaults unless set in this environment.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { stopProcess } from '../scripts/cluster/instances.js';
import { DEMO_PASSWORD } from '../src/server/seed/demo.js';
import {
  alarmProbes,
  countAnswers,
  machineLine,
  printComparison,
  PROBE_METRICS_TOKEN,
  requestLoop,
  rssMb,
  sampleRss,
  startProbedInstance,
  type RequestLoop,
} from './alarm-probes.js';
import type { LoopAnswer } from './load/protocol.js';
import { freshDatabase } from './fresh-database.js';
import { staffCookie } from './list-scale/probe.js';
import { prepareDatabase, SOCIETY_NAMES } from './list-scale/seed.js';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    'quiet-s': { type: 'string', default: '20' },
    'load-s': { type: 'string', default: '90' },
    port: { type: 'string', default: '3710' },
    'pg-url': { type: 'string' },
    label: { type: 'string', default: 'run' },
    // Raised so every export is built (the work measured here), not refused by the default 5 a minute.
    'export-limit': { type: 'string', default: '1000' },
  },
});
const rows = Number(values.rows);
const quietMs = Number(values['quiet-s']) * 1000;
const loadMs = Number(values['load-s']) * 1000;
const port = Number(values.port);
const pgUrl = values['pg-url'];
if (!Number.isInteger(rows) || rows < 100) throw new Error('--rows must be an integer ≥ 100');
if (pgUrl && !new URL(pgUrl).pathname.slice(1).startsWith('bench')) throw new Error('--pg-url: the database name must start with "bench" (it is dropped)');

const RESULTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'results');
const startedAt = new Date().toISOString();
/** The export measured: Green Valley's whole stage-new complaint list, as its complaints desk sees it. */
const EXPORT_PATH = '/api/complain/export?stage=new';
const COMPLAINTS_STAFF = 'complaints@greenvalley.test';
/** The server's EXPORT_MAX_ROWS (config.ts default) unless this environment sets it. */
const maxRows = Number(process.env.EXPORT_MAX_ROWS ?? 100_000);

console.log(machineLine(`export load (${values.label}, ${rows} rows)`));
const dataDir = pgUrl ? undefined : mkdtempSync(path.join(tmpdir(), 'export-bench-'));
if (pgUrl) await freshDatabase(pgUrl);
const seed = await prepareDatabase(pgUrl ? { kind: 'postgres', url: pgUrl } : { kind: 'pglite', dataDir: dataDir! }, rows, 2);
const listRows = seed.stageCounts[`${SOCIETY_NAMES[0]}/new`] ?? 0;
const expectedRows = Math.min(listRows, maxRows);
console.log(
  `seeded in ${seed.seedSeconds.toFixed(1)} s (${pgUrl ? 'PostgreSQL' : 'PGlite'}); ${SOCIETY_NAMES[0]}'s stage-new list holds ${listRows} complaints → ${expectedRows} rows per export (EXPORT_MAX_ROWS ${maxRows})`,
);

const instance = await startProbedInstance(port, { pgUrl, dataDir }, { EXPORT_MAX_PER_MINUTE: values['export-limit'] });
const base = instance.url;
const pid = instance.child.pid!;

/** One export's answer. */
interface ExportAnswer {
  status: number;
  rows: number;
  truncated: boolean;
  bytes: number;
  seconds: number;
}
const EXPORT_HEADERS = ['x-export-rows', 'x-export-truncated'];
const exportAnswer = (a: LoopAnswer): ExportAnswer => ({
  status: a.status,
  rows: Number(a.headers['x-export-rows'] ?? Number.NaN),
  truncated: a.headers['x-export-truncated'] === '1',
  bytes: a.bytes,
  seconds: a.seconds,
});

let load: RequestLoop | undefined;
try {
  const complaints = await staffCookie(base, COMPLAINTS_STAFF, DEMO_PASSWORD);
  const probes = await alarmProbes(base, DEMO_PASSWORD, PROBE_METRICS_TOKEN);

  // Warm-up: the first requests load code paths, and one export (the smaller completed list)
  // starts the writer thread, which then stays.
  const warm = await fetch(`${base}/api/complain/export?stage=completed`, { headers: { cookie: complaints } });
  if (warm.status !== 200) throw new Error(`warm-up export: HTTP ${warm.status} ${await warm.text()}`);
  await warm.arrayBuffer();
  load = await requestLoop(base, [{ label: 'export', method: 'GET', path: EXPORT_PATH, headers: { cookie: complaints } }], EXPORT_HEADERS);
  const loop = load;
  await probes.phase(3000);

  const quiet = await probes.phase(quietMs);
  const rssQuiet = rssMb(pid);
  let rssPeak = rssQuiet;
  const loaded = await probes.phase(loadMs, async (stopped) => {
    const sampler = sampleRss(pid);
    try {
      await loop.work(stopped);
    } finally {
      rssPeak = Math.max(rssPeak, sampler.stop());
    }
  });
  const answers = countAnswers(loop.answers(), () => 'HTTP ');
  const done = loop
    .answers()
    .filter((a) => a.status === 200)
    .map(exportAnswer);
  const rssEnd = rssMb(pid);
  probes.close();

  const wrong = done.filter((a) => a.rows !== expectedRows);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / (xs.length || Number.NaN);
  const secs = done.map((a) => a.seconds);
  const verdict = printComparison({
    quietMs,
    loadMs,
    quiet,
    loaded,
    workLines: [
      `exports during the loaded phase (${EXPORT_PATH}): ${[...answers].map(([k, n]) => `${n}× ${k}`).join('; ')}`,
      `per export: ${done[0]?.rows ?? 'no'} rows${done.some((a) => a.truncated) ? ' (truncated at EXPORT_MAX_ROWS)' : ''}, ` +
        `${mean(secs).toFixed(1)} s mean (min ${Math.min(...secs).toFixed(1)}, max ${Math.max(...secs).toFixed(1)}), ` +
        `${(mean(done.map((a) => a.bytes)) / 1e6).toFixed(2)} MB; ${(mean(done.map((a) => a.rows)) / mean(secs)).toFixed(0)} rows/s`,
      ...(wrong.length ? [`WARNING: ${wrong.length} exports held other than ${expectedRows} rows (${wrong.map((a) => a.rows).join(', ')})`] : []),
    ],
    units: done.length,
    unit: 'export',
    lostAlarms: probes.lostAlarms(),
    rss: { quiet: rssQuiet, peak: rssPeak, end: rssEnd },
  });
  mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `export-load-${pgUrl ? 'postgres' : 'pglite'}-${startedAt.replace(/[:.]/g, '-')}.json`);
  const phaseJson = (p: typeof quiet) => ({ health: p.health, sos: p.sos });
  const result = {
    startedAt,
    label: values.label,
    db: pgUrl ? 'postgres' : 'pglite',
    rows,
    seedSeconds: seed.seedSeconds,
    quietS: quietMs / 1000,
    loadS: loadMs / 1000,
    load1: loadavg()[0],
    quiet: phaseJson(quiet),
    loaded: phaseJson(loaded),
    exports: { answers: Object.fromEntries(answers), done: done.length, rowsEach: expectedRows, seconds: secs, bytes: done.map((a) => a.bytes) },
    rssMb: { quiet: rssQuiet, peak: rssPeak, end: rssEnd },
    lostAlarms: probes.lostAlarms(),
    ...verdict,
  };
  writeFileSync(file, JSON.stringify(result, null, 2) + '\n');
  console.log(`results: ${path.relative(process.cwd(), file)}`);
} finally {
  await load?.close();
  await stopProcess(instance.child);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
