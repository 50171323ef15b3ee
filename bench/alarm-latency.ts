/**
 * Press-to-alarm latency: starts its own server instances, connects
 * S button-one staff screens held by worker processes, presses SOS through the resident API on
 * instance A and times, for every screen, from the press request leaving the presser to the
 * screen receiving 'receive-security'. Scenarios: 1, 100 and 1,000 screens × one instance, and ×
 * two instances (pressed on A; screens alternate B, A, B, … so half are on B, a lone one on B).
 * Goal: p99 ≤ 30 ms at 1,000 screens on one instance, ≤ 50 ms across two.
 *
 *   npx tsx bench/alarm-latency.ts --pg-url postgres://postgres@127.0.0.1:5432/alarm_bench
 *   npx tsx bench/alarm-latency.ts --db pglite                      # one instance, embedded database
 *   npx tsx bench/alarm-latency.ts --sockets 1000 --instances 1 --alarms 300 --label after
 *   npx tsx bench/alarm-latency.ts --sockets 1000 --instances 1 --profile    # CPU profile of A
 *
 * Flags (defaults): --pg-url postgres://postgres@127.0.0.1:5432/alarm_bench  --sockets 1,100,1000
 *   --instances 1,2  --alarms 100 (measured per scenario)  --warmup 5 (first alarms, not counted)
 *   --workers 2 (client processes)  --client raw|socketio (raw)  --gap-ms 10 (after each alarm's
 *   acknowledgement reached every screen)  --port 3600 (A; B is 3601)  --server-cpus 0
 *   --client-cpus 1  --redis <url> (Redis adapter instead of PostgreSQL's)  --label run
 *   --profile (A runs V8's sampling profiler, bench/alarm-latency/cpu-profile.mjs, and the self
 *   time of each one-instance scenario's measured phase is printed; profiled latencies are
 *   inflated)  --deadline-s 300 (the whole run; the default set takes ~75 s)
 *
 * Printed per scenario: deliveries (screens × alarms; a missing one makes the exit code 1),
 * p50/p99/max over all deliveries, the slowest screen per alarm, p99 by instance, the press's HTTP
 * response time, the CPU time each instance used per alarm (/proc: press and acknowledgement with
 * both fan-outs, all threads) and the client workers' CPU per alarm. `--client raw` screens speak
 * the Socket.IO protocol over a bare WebSocket and time the frame's arrival; `socketio` uses
 * socket.io-client like the web app, ~2× the client CPU, which on this 2-core machine shares one
 * core among all 1,000 screens (bench/alarm-latency/protocol.ts, ClientKind).
 *
 * The database in --pg-url is DROPPED and recreated (`test` and `postgres` are refused); the first
 * instance migrates and loads the demo data. `--db pglite` uses a temporary DATA_DIR. Instances run
 * with SOS_MAX_PRESSES_PER_MINUTE=1000: the bench presses ~10 times a second over 20 residents.
 *
 * Pinning: with taskset and ≥ 2 CPUs every instance runs on --server-cpus (two instances share it
 * by default) and this process and its workers on --client-cpus; the "pinning:" line says what was
 * used (none without taskset). Times on both ends are `performance.timeOrigin + performance.now()`
 * (protocol.ts), their offset checked by an IPC ping. The load average at the start is printed:
 * on a shared machine the figures are noisy. Results go to bench/results/ (git-ignored).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ROOT, hasCommand, startInstance, startInstances, type InstanceProcess } from '../scripts/cluster/instances.js';
import { residentTokens } from './list-scale/alarms.js';
import { staffCookie } from './list-scale/probe.js';
import { DEMO_PASSWORD } from '../src/server/seed/demo.js';
import { ClientPool } from './alarm-latency/pool.js';
import { mainThreadProfile, profileWindow, type WindowProfile } from './alarm-latency/profile.js';
import type { ClientKind } from './alarm-latency/protocol.js';
import { runScenario, type Figures, type ScenarioResult } from './alarm-latency/scenario.js';

/** Preload that profiles an instance (`--cpu-prof` is not allowed in NODE_OPTIONS). */
const PROFILER = path.join(ROOT, 'bench/alarm-latency/cpu-profile.mjs');

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/alarm_bench' },
    sockets: { type: 'string', default: '1,100,1000' },
    instances: { type: 'string', default: '1,2' },
    alarms: { type: 'string', default: '100' },
    warmup: { type: 'string', default: '5' },
    workers: { type: 'string', default: '2' },
    'gap-ms': { type: 'string', default: '10' },
    port: { type: 'string', default: '3600' },
    'server-cpus': { type: 'string', default: '0' },
    'client-cpus': { type: 'string', default: '1' },
    redis: { type: 'string' },
    label: { type: 'string', default: 'run' },
    client: { type: 'string', default: 'raw' },
    profile: { type: 'boolean', default: false },
    'deadline-s': { type: 'string', default: '300' },
    staff: { type: 'string', default: 'security@greenvalley.test' },
  },
});

const list = (s: string) => s.split(',').map((x) => Number(x.trim()));
const socketCounts = list(values.sockets);
const pglite = values.db === 'pglite';
const instanceCounts = list(values.instances).filter((n) => !pglite || n === 1);
const ints = {
  alarms: Number(values.alarms),
  warmup: Number(values.warmup),
  workers: Number(values.workers),
  gapMs: Number(values['gap-ms']),
  port: Number(values.port),
  deadlineS: Number(values['deadline-s']),
};
for (const [name, v] of Object.entries(ints)) if (!Number.isInteger(v) || v < 0) fail(`--${name} must be a whole number, got ${v}`);
for (const n of [...socketCounts, ...instanceCounts]) if (!Number.isInteger(n) || n < 1 || n > 5000) fail(`--sockets/--instances: bad count ${n}`);
if (!['postgres', 'pglite'].includes(values.db)) fail(`--db must be postgres or pglite, got ${values.db}`);
if (values.client !== 'raw' && values.client !== 'socketio') fail(`--client must be raw or socketio, got ${values.client}`);
const client: ClientKind = values.client;
if (ints.alarms < 1 || ints.workers < 1) fail('--alarms and --workers must be at least 1');
if (pglite && list(values.instances).some((n) => n > 1)) console.log('note: --db pglite runs one instance only; the two-instance scenarios are skipped');

function fail(message: string): never {
  console.error(`bench: ${message}`);
  process.exit(2);
}

const deadline = setTimeout(() => {
  console.error(`bench: ${ints.deadlineS} s deadline reached, giving up`);
  process.exit(1);
}, ints.deadlineS * 1000);
deadline.unref();

/** Drops and recreates the database of `url` (refusing shared ones). */
async function freshDatabase(url: string): Promise<void> {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || ['test', 'postgres', 'template0', 'template1'].includes(name))
    fail(`refusing to drop database '${name}': name a database of the bench's own in --pg-url`);
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}

/** Pins this process (and the workers it forks later) to `cpus` when taskset exists and the machine has ≥ 2 CPUs. */
async function pinning(): Promise<{ server?: string; line: string }> {
  if (availableParallelism() < 2) return { line: `none (${availableParallelism()} CPU)` };
  if (!(await hasCommand('taskset'))) return { line: 'none (no taskset on PATH)' };
  const r = spawnSync('taskset', ['-pc', values['client-cpus'], String(process.pid)], { encoding: 'utf8' });
  if (r.status !== 0) return { line: `none (taskset failed: ${r.stderr.trim()})` };
  return {
    server: values['server-cpus'],
    line: `server instances on CPU ${values['server-cpus']}; presser and ${ints.workers} client workers on CPU ${values['client-cpus']} (taskset)`,
  };
}

const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');
const fig = (f: Figures) => `${f1(f.p50).padStart(6)} ${f1(f.p99).padStart(6)} ${f1(f.max).padStart(7)}`;

function table(results: ScenarioResult[]): string {
  const head =
    'instances  screens  alarms  delivered        p50    p99     max │ slowest screen p50/p99 │ A p99  B p99 │ HTTP p50 │ server CPU/alarm A, B │ client CPU/alarm';
  const rows = results.map((r) =>
    [
      String(r.instances).padStart(9),
      String(r.screens).padStart(8),
      String(r.alarms).padStart(7),
      `${r.delivered}/${r.expected}`.padStart(14),
      fig(r.all),
      '│',
      `${f1(r.lastScreen.p50)} / ${f1(r.lastScreen.p99)}`.padStart(22),
      '│',
      r.byInstance
        .map((b) => f1(b.p99).padStart(5))
        .join('  ')
        .padEnd(12),
      '│',
      f1(r.response.p50).padStart(8),
      '│',
      r.serverCpuMsPerAlarm
        .map((c) => f1(c).padStart(5))
        .join('  ')
        .padEnd(21),
      '│',
      f1(r.clientCpuMsPerAlarm).padStart(16),
    ].join(' '),
  );
  return [head, ...rows].join('\n');
}

function printProfile(label: string, p: WindowProfile, alarms: number): string {
  const lines = [
    `CPU profile of instance A, ${label}: ${f1(p.busyMs)} ms busy in ${f1(p.windowMs)} ms (${f1(p.busyMs / alarms)} ms per alarm, acknowledgement included)`,
    '  self time by package:',
    ...p.packages.map((x) => `    ${f1(x.ms).padStart(8)} ms  ${f1(x.ms / alarms).padStart(5)} ms/alarm  ${x.name}`),
    '  self time by function:',
    ...p.functions.map((x) => `    ${f1(x.ms).padStart(8)} ms  ${f1(x.ms / alarms).padStart(5)} ms/alarm  ${x.name}`),
  ];
  return lines.join('\n');
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const load = loadavg().map((v) => v.toFixed(2));
  console.log(`load average at start: ${load.join(' ')} (1/5/15 min) on ${availableParallelism()} CPUs`);
  const pin = await pinning();
  console.log(`pinning: ${pin.line}`);

  const dataDir = pglite ? mkdtempSync(path.join(tmpdir(), 'alarm-bench-')) : undefined;
  if (!pglite) await freshDatabase(values['pg-url']);
  const profileDir = values.profile ? mkdtempSync(path.join(tmpdir(), 'alarm-bench-prof-')) : undefined;
  const env = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    SOS_MAX_PRESSES_PER_MINUTE: '1000',
    DATABASE_URL: pglite ? undefined : values['pg-url'],
    DATA_DIR: dataDir,
    REDIS_URL: values.redis,
  };
  const output = (name: string) => (line: string) => void (line.trim() && /"level":(4|5|6)0|error/i.test(line) && console.error(`  [${name}] ${line}`));
  console.log(
    `database: ${pglite ? `PGlite in ${dataDir}` : values['pg-url']} (fresh); adapter: ${pglite ? 'in-memory' : values.redis ? 'Redis' : 'PostgreSQL'}`,
  );

  const instances: InstanceProcess[] = [];
  const pool = ClientPool.start(ints.workers);
  const results: ScenarioResult[] = [];
  let profileText = '';
  try {
    const t0 = performance.now();
    instances.push(
      ...(await startInstances({
        count: 1,
        basePort: ints.port,
        env: profileDir ? { ...env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${PROFILER}`.trim(), ALARM_BENCH_PROFILE_DIR: profileDir } : env,
        cpus: () => pin.server,
        output: () => output('A'),
      })),
    );
    console.log(`instance A up in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const a = instances[0]!.url;
    const cookie = await staffCookie(a, values.staff, DEMO_PASSWORD);
    const residents = await residentTokens(a, DEMO_PASSWORD, 20);
    const offsets = await pool.clockOffsets();
    console.log(
      `clock offsets of the workers: ${offsets.offsets.map((o) => `${(o * 1000).toFixed(0)} µs`).join(', ')} (± ${((offsets.rttMs / 2) * 1000).toFixed(0)} µs)`,
    );
    console.log(
      `${residents.length} residents press in rotation; ${ints.warmup} warm-up + ${ints.alarms} measured alarms per scenario; ${ints.workers} client workers of ${client} screens\n`,
    );

    for (const n of [...new Set(instanceCounts)].sort((x, y) => x - y)) {
      while (instances.length < n) {
        const k = instances.length;
        instances.push(
          await startInstance({ name: String.fromCharCode(65 + k), port: ints.port + k, env, cpus: pin.server, output: output(String.fromCharCode(65 + k)) }),
        );
      }
      for (const screens of socketCounts) {
        const r = await runScenario(pool, {
          urls: instances.slice(0, n).map((i) => i.url),
          screens,
          alarms: ints.alarms,
          warmup: ints.warmup,
          gapMs: ints.gapMs,
          residents,
          staffCookie: cookie,
          client,
          pids: instances.slice(0, n).map((i) => i.child.pid),
        });
        results.push(r);
        console.log(
          `${n} instance(s), ${screens} screens: p50 ${f1(r.all.p50)} ms, p99 ${f1(r.all.p99)} ms, max ${f1(r.all.max)} ms, delivered ${r.delivered}/${r.expected}, server CPU ${r.serverCpuMsPerAlarm.map(f1).join(' + ')} ms/alarm, client workers' CPU ${f1(r.clientCpuMsPerAlarm)} ms/alarm${r.ackMissing ? `, ${r.ackMissing} acknowledgements missing` : ''}`,
        );
      }
    }
  } finally {
    pool.exit();
    await Promise.all(instances.map((i) => i.stop()));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }

  if (profileDir) {
    const file = mainThreadProfile(profileDir);
    if (!file) console.error(`no main-thread CPU profile in ${profileDir}`);
    else {
      for (const r of results.filter((x) => x.instances === 1))
        profileText += printProfile(`${r.screens} screens, ${r.alarms} alarms`, profileWindow(file, ...r.windowUs), r.alarms) + '\n\n';
      console.log(`\n${profileText}profile: ${file}`);
    }
  }

  const text = [
    `alarm latency (${values.label}) ${startedAt.toISOString()}: press request → 'receive-security' on each screen, ms`,
    `load average at start: ${load.join(' ')}; pinning: ${pin.line}; ${client} screens; database: ${values.db}${values.redis ? ' + Redis adapter' : ''}${values.profile ? '; PROFILED (figures inflated)' : ''}`,
    table(results),
  ].join('\n');
  console.log(`\n${text}`);
  const dir = path.join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  writeFileSync(path.join(dir, `alarm-latency-${values.label}-${stamp}.txt`), `${text}\n\n${profileText}`);
  writeFileSync(
    path.join(dir, `alarm-latency-${values.label}-${stamp}.json`),
    JSON.stringify({ label: values.label, startedAt, load, pinning: pin.line, db: values.db, client, flags: values, results }, null, 2),
  );
  console.log(`\nwritten to bench/results/alarm-latency-${values.label}-${stamp}.{txt,json}`);
  const missing = results.reduce((s, r) => s + r.expected - r.delivered, 0);
  if (missing > 0) {
    console.error(`bench: ${missing} deliveries missing`);
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
