/**
 * Start-up time and idle memory of the server, started as TypeScript through tsx (what `npm start`
 * ran before the production build) and compiled (`node dist/server/main.js`), on the embedded
 * database (a temporary DATA_DIR) and, with --pg-url, on PostgreSQL. For each start mode and
 * database it starts the server twice: on an empty database (migrations run, demo data loaded
 * unless NODE_ENV=production) and again on the same data (a restart). It measures
 *   - start-up: spawn → the first 200 from GET /api/health (polled every 100 ms), in seconds;
 *   - idle RSS: VmRSS from /proc/<pid>/status of the whole process tree (worker threads are in
 *     their process's figure; the tsx CLI runs the server in a child process: both are counted),
 *     after --idle-s seconds without requests, and again after --settle-s: V8 shrinks the young
 *     generation that start-up grew only some 20–30 s after the work stops (its memory reducer),
 *     which is worth ~30 MB on the main thread.
 * Prints a table, the ratios compiled / tsx, and the goals, judged on the settled figure of the
 * compiled restart: ≤ 300 MB on the embedded database and ≤ 150 MB on PostgreSQL.
 *
 *   npm run build && npx tsx bench/startup.ts [--pg-url postgres://root@127.0.0.1:5432/bench_startup]
 *     [--idle-s 10] [--settle-s 40] [--port 3710] [--node-env production] [--modes tsx,compiled]
 *
 * With --pg-url the database is DROPPED and recreated (its name must start with 'bench'). The
 * machine may be shared: compare figures taken within one run.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { COMPILED_ENTRY, ROOT, startInstance, type InstanceProcess } from '../scripts/cluster/instances.js';
import { freshDatabase } from './fresh-database.js';

const { values } = parseArgs({
  options: {
    'pg-url': { type: 'string' },
    'idle-s': { type: 'string', default: '10' },
    'settle-s': { type: 'string', default: '40' },
    port: { type: 'string', default: '3710' },
    'node-env': { type: 'string', default: 'production' },
    modes: { type: 'string', default: 'tsx,compiled' },
  },
});
const pgUrl = values['pg-url'];
if (pgUrl && !new URL(pgUrl).pathname.slice(1).startsWith('bench')) throw new Error('--pg-url: the database name must start with "bench" (it is dropped)');
const idleMs = Number(values['idle-s']) * 1000;
const settleMs = Math.max(idleMs, Number(values['settle-s']) * 1000);
const port = Number(values.port);

/** How each mode starts the server: the tsx CLI is what `npm start` ran (it spawns a child Node). */
const ENTRIES: Record<string, string[]> = {
  tsx: [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(ROOT, 'src/server/main.ts')],
  compiled: COMPILED_ENTRY,
};
const modes = values.modes.split(',').map((m) => m.trim());
for (const m of modes) if (!ENTRIES[m]) throw new Error(`--modes: unknown mode ${m} (tsx, compiled)`);
if (modes.includes('compiled') && !existsSync(COMPILED_ENTRY[0]!)) throw new Error(`${COMPILED_ENTRY[0]} is missing: run npm run build first`);

/** VmRSS of one process in MB (NaN once it is gone). */
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(procText(`/proc/${pid}/status`));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

/** The contents of a /proc file, or '' once the process is gone. */
function procText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** `pid` and every descendant process (Linux: /proc/<pid>/task/<tid>/children). */
function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    const tasks = existsSync(`/proc/${out[i]}/task`) ? readdirSync(`/proc/${out[i]}/task`) : [];
    for (const tid of tasks) for (const child of procText(`/proc/${out[i]}/task/${tid}/children`).split(/\s+/).filter(Boolean)) out.push(Number(child));
  }
  return out;
}

/** RSS of a whole tree in MB. */
const treeMb = (tree: number[]) => tree.reduce((sum, pid) => sum + (rssMb(pid) || 0), 0);

interface Run {
  mode: string;
  db: string;
  run: 'fresh' | 'restart';
  startS: number;
  /** Tree RSS after idleMs, and after settleMs. */
  idleMb: number;
  settledMb: number;
  processes: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One start: spawn, wait for health, stay idle, read the memory, stop. */
async function measure(mode: string, db: string, run: Run['run'], env: Record<string, string | undefined>): Promise<Run> {
  const t0 = performance.now();
  let instance: InstanceProcess | undefined;
  try {
    instance = await startInstance({
      name: mode,
      port,
      entry: ENTRIES[mode],
      env: { NODE_ENV: values['node-env'], LOG_LEVEL: 'warn', ...env },
      output: (line) => void (line.trim() && /"level":(5|6)0|error/i.test(line) && console.error(`  [${mode}] ${line.slice(0, 300)}`)),
    });
    const startS = (performance.now() - t0) / 1000;
    await sleep(idleMs);
    const tree = processTree(instance.child.pid!);
    const idleMb = treeMb(tree);
    await sleep(settleMs - idleMs);
    const settled = processTree(instance.child.pid!);
    const result: Run = { mode, db, run, startS, idleMb, settledMb: treeMb(settled), processes: settled.length };
    console.log(
      `  ${mode.padEnd(8)} ${db.padEnd(10)} ${run.padEnd(7)} up in ${startS.toFixed(2)} s; RSS ${idleMb.toFixed(0)} MB after ${idleMs / 1000} s, ${result.settledMb.toFixed(0)} MB after ${settleMs / 1000} s (${settled.length} process${settled.length > 1 ? 'es' : ''})`,
    );
    return result;
  } finally {
    await instance?.stop();
  }
}

console.log(
  `start-up and idle memory, NODE_ENV=${values['node-env']}, idle ${idleMs / 1000} s; ${new Date().toISOString()}; load average ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')} on ${availableParallelism()} CPUs (machine may be shared)`,
);
const runs: Run[] = [];
const databases: { db: string; goalMb: number; prepare: () => Promise<Record<string, string | undefined>>; cleanup: () => void }[] = [];
let dataDir = '';
databases.push({
  db: 'embedded',
  goalMb: 300,
  prepare: async () => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    dataDir = mkdtempSync(path.join(tmpdir(), 'bench-startup-'));
    return { DATA_DIR: path.join(dataDir, 'data'), DATABASE_URL: undefined };
  },
  cleanup: () => dataDir && rmSync(dataDir, { recursive: true, force: true }),
});
if (pgUrl)
  databases.push({
    db: 'postgres',
    goalMb: 150,
    prepare: async () => {
      await freshDatabase(pgUrl);
      return { DATABASE_URL: pgUrl };
    },
    cleanup: () => undefined,
  });

try {
  for (const d of databases) {
    for (const mode of modes) {
      const env = await d.prepare();
      runs.push(await measure(mode, d.db, 'fresh', env));
      runs.push(await measure(mode, d.db, 'restart', env));
    }
  }
} finally {
  for (const d of databases) d.cleanup();
}

const find = (mode: string, db: string, run: Run['run']) => runs.find((r) => r.mode === mode && r.db === db && r.run === run);
const idleS = idleMs / 1000;
const settleS = settleMs / 1000;
const columns: { head: string; value: (r: Run) => string }[] = modes.flatMap((m) => [
  { head: `${m} start s`, value: (r: Run) => (r.mode === m ? r.startS.toFixed(2) : '') },
  { head: `${m} MB@${idleS}s`, value: (r: Run) => (r.mode === m ? r.idleMb.toFixed(0) : '') },
  { head: `${m} MB@${settleS}s`, value: (r: Run) => (r.mode === m ? r.settledMb.toFixed(0) : '') },
]);
const modeOf = (head: string) => head.split(' ')[0]!;
console.log(`\n| database   | run     | ${columns.map((c) => c.head.padStart(16)).join(' | ')} |`);
console.log(`|------------|---------|${columns.map(() => '-'.repeat(18)).join('|')}|`);
for (const d of databases)
  for (const run of ['fresh', 'restart'] as const)
    console.log(
      `| ${d.db.padEnd(10)} | ${run.padEnd(7)} | ${columns
        .map((c) => {
          const r = find(modeOf(c.head), d.db, run);
          return (r ? c.value(r) : '—').padStart(16);
        })
        .join(' | ')} |`,
    );
console.log('RSS: the whole process tree (server, its worker threads, and the tsx CLI around it in tsx mode), in MB.');

let met = true;
let judged = false;
for (const d of databases) {
  const tsx = find('tsx', d.db, 'restart');
  const compiled = find('compiled', d.db, 'restart');
  if (tsx && compiled)
    console.log(
      `${d.db}: compiled / tsx on restart: start-up ${(compiled.startS / tsx.startS).toFixed(2)}x, RSS ${(compiled.idleMb / tsx.idleMb).toFixed(2)}x after ${idleS} s and ${(compiled.settledMb / tsx.settledMb).toFixed(2)}x after ${settleS} s (${(tsx.settledMb - compiled.settledMb).toFixed(0)} MB less)`,
    );
  if (compiled) {
    judged = true;
    const ok = compiled.settledMb <= d.goalMb;
    met &&= ok;
    console.log(
      `${d.db}: compiled restart RSS ${compiled.settledMb.toFixed(0)} MB after ${settleS} s idle (${compiled.idleMb.toFixed(0)} after ${idleS} s); goal ≤ ${d.goalMb} MB: ${ok ? 'met' : 'NOT met'}`,
    );
  }
}
console.log(`verdict: ${!judged ? 'no compiled run to judge' : met ? 'GOAL MET' : 'goal NOT met'}`);
process.exit(0);
