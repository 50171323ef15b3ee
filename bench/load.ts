/**
 * Load bench: two app instances on PostgreSQL behind nginx, for --duration
 * seconds: residents press SOS at --sos-rate/s, staff of both demo societies read list pages at
 * --list-rate/s, security staff acknowledge each new alarm --ack-delay-ms after its answer, and
 * --sockets staff sockets stay connected through nginx, counting the alarm events they receive.
 * Goal: 0 errors, list p99 ≤ 100 ms. Prints the figures and writes bench/results/load-<time>.json.
 *
 *   npx tsx bench/load.ts [--duration 60] [--sos-rate 200] [--list-rate 500]
 *     [--pg-url postgres://postgres@127.0.0.1:5432/bench_load] [--port 3700] [--sockets 100]
 *     [--residents 3000] [--rows 10000] [--ack-delay-ms 1000] [--ack-share 1]
 *     [--timeout-ms 10000] [--max-sockets 256] [--redis redis://127.0.0.1:6379] [--cpu-prof] [--no-search]
 *     [--overload [--probe-seconds 5] [--probe-clients 16]] [--max-conns 8] [--warmup 20] [--client-nice 0]
 *
 * The database of --pg-url is reset (schemas dropped, created if missing; never test, postgres or
 * root) and seeded: the demo data with --residents residents per society plus --rows complaints in
 * stage new per society (the list-scale seeder), and one bearer token per approved resident minted
 * into resident_sessions (bench/load/tokens.ts). nginx listens on --port, the instances on the two
 * ports after it. Load is open loop (bench/load/http-worker.ts): requests leave at their due times
 * whatever the answers, and latency counts from the due time. Clients run in worker processes,
 * pinned apart from the instances when the machine has 4 or more cores. Every process it starts
 * (instances, nginx, workers) is stopped on exit, on error and on Ctrl-C; the run is bounded.
 * --cpu-prof: each instance writes a V8 CPU profile (Node's --cpu-prof) to bench/results/cpu-prof/
 * when it stops (open it in Chrome DevTools). --no-search leaves the complaint search out of the
 * list mix (to tell its cost from the rest's).
 * Every run prints the CPU-ms per list request (instances and the bench database's PostgreSQL
 * backends over the load window, divided by the lists sent) and the mean number of connections
 * idle in transaction (pg_stat_activity sampled every 500 ms).
 * --warmup: seconds of the same SOS rate and at most 100 lists/s before anything is measured
 * (and before the overload probe), so the figures are those of warm instances: V8 optimises the
 * request path only after many calls, and a server runs for days. 0 measures cold instances.
 * --client-nice: the bench workers' nice value (below 0 needs root). The workers stand in for
 * clients on other machines; on a machine they share with the server, `--client-nice=-5` (nginx's priority)
 * keeps their own wait for a core out of the latencies they time.
 * --max-conns: nginx's cap on requests in flight per instance outside the alarm path
 * (scripts/cluster/nginx.ts `maxConns`; beyond it nginx answers 503 itself).
 * --overload: lists at twice this machine's capacity. The capacity is measured first by a
 * closed-loop probe (--probe-clients clients reading the list mix from the instances for
 * --probe-seconds); --list-rate is then ignored. Goals: 0 SOS errors, SOS p99 ≤ 100 ms, every
 * list answered within 100 ms or refused (503/429) within 10 ms, and each instance drained (its
 * /api/health answered within 50 ms three times in a row) within 2 s after the load stopped.
 * The refusals are split by who answered (nginx's own busy answer carries `X-Refused-By: proxy`)
 * and, for the late ones, by whether the request was already late before it was written to its
 * socket (the generator's own delay on a machine it shares with the instances).
 *
 * Figures measured so far, and on which machine: bench/load/measurements.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startInstances, type InstanceProcess } from '../scripts/cluster/instances.js';
import { DEFAULT_MAX_CONNS, startNginx } from '../scripts/cluster/nginx.js';
import { prepareDatabase } from './list-scale/seed.js';
import { drain } from './list-scale/server.js';
import { cpuSnapshot, cpuUse } from './load/cpu.js';
import { instanceDelta, scrapeInstance } from './load/metrics.js';
import { drainedAfter, probeCapacity } from './load/overload.js';
import { samplePgActivity } from './load/pg-activity.js';
import { epochMs, type HttpWorkerIn, type HttpWorkerOut, type SocketWorkerIn, type SocketWorkerOut, type StreamSpec } from './load/protocol.js';
import { deliveries, figures, listCost, overloadShares, printRun, writeJson, type LoadRun } from './load/report.js';
import { checkTargets, listTemplates, signInStaff, sosTemplates } from './load/targets.js';
import { mintResidentTokens } from './load/tokens.js';
import { startWorker } from './load/workers.js';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    'sos-rate': { type: 'string', default: '200' },
    'list-rate': { type: 'string', default: '500' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/bench_load' },
    port: { type: 'string', default: '3700' },
    sockets: { type: 'string', default: '100' },
    residents: { type: 'string', default: '3000' },
    rows: { type: 'string', default: '10000' },
    'ack-delay-ms': { type: 'string', default: '1000' },
    'ack-share': { type: 'string', default: '1' },
    'timeout-ms': { type: 'string', default: '10000' },
    'max-sockets': { type: 'string', default: '256' },
    redis: { type: 'string' },
    'cpu-prof': { type: 'boolean', default: false },
    'no-search': { type: 'boolean', default: false },
    overload: { type: 'boolean', default: false },
    'probe-seconds': { type: 'string', default: '5' },
    'probe-clients': { type: 'string', default: '16' },
    'max-conns': { type: 'string', default: String(DEFAULT_MAX_CONNS) },
    warmup: { type: 'string', default: '20' },
    'client-nice': { type: 'string', default: '0' },
  },
});
const num = (name: keyof typeof values, min: number, max: number) => {
  const v = Number(values[name]);
  if (!Number.isFinite(v) || v < min || v > max) throw new RangeError(`--${name} must be a number from ${min} to ${max}`);
  return v;
};
const opt = {
  duration: num('duration', 1, 3600),
  sosRate: num('sos-rate', 0.1, 5000),
  listRate: num('list-rate', 0.1, 20_000),
  port: num('port', 1024, 65_000),
  sockets: num('sockets', 0, 5000),
  // seedDemo inserts a society's residents in one statement of 20 parameters each: PostgreSQL's
  // 65,535-parameter limit caps it at 3,276 residents per society on PostgreSQL.
  residents: num('residents', 10, 3000),
  rows: num('rows', 1000, 1_000_000),
  ackDelayMs: num('ack-delay-ms', 0, 60_000),
  ackShare: num('ack-share', 0, 1),
  timeoutMs: num('timeout-ms', 100, 60_000),
  maxSockets: num('max-sockets', 1, 10_000),
  probeSeconds: num('probe-seconds', 1, 60),
  probeClients: num('probe-clients', 1, 256),
  maxConns: num('max-conns', 1, 10_000),
  warmup: num('warmup', 0, 600),
  clientNice: num('client-nice', -20, 19),
};
/** Lists per second during the warm-up at most (the overload scenario's rate is not known yet). */
const WARMUP_LIST_RATE = 100;
const PG_URL = values['pg-url'];
const DATABASE = new URL(PG_URL).pathname.slice(1);
const PASSWORD = 'demo-pass-1';
const METRICS_TOKEN = 'bench-load-metrics-token';
const RESULTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'results');
const load3 = () => loadavg().map((v) => Math.round(v * 100) / 100);

/** Stops, newest first: workers, nginx, instances, the temp folder. */
const cleanups: { name: string; run: () => Promise<unknown> }[] = [];
async function cleanup(): Promise<void> {
  for (let c = cleanups.pop(); c; c = cleanups.pop())
    await c.run().catch((err: unknown) => console.error(`cleanup ${c!.name}: ${err instanceof Error ? err.message : err}`));
}

/** CPU plan: instances on CPUs 0 and 1, clients on the rest — only with 4 cores or more. */
function pinning(): { instance: (i: number) => string | undefined; clients: string | undefined; text: string } {
  const cores = availableParallelism();
  if (cores < 4)
    return {
      instance: () => undefined,
      clients: undefined,
      text: `${cores} cores: nothing pinned (clients, nginx, PostgreSQL and both instances share the cores)`,
    };
  const clients = `2-${cores - 1}`;
  return {
    instance: (i) => String(i % 2),
    clients,
    text: `${cores} cores: instance A on CPU 0, B on CPU 1, bench workers on CPUs ${clients}; nginx and PostgreSQL not pinned`,
  };
}

async function main(): Promise<void> {
  const startedAt = new Date().toISOString();
  const pins = pinning();
  console.log(`pinning: ${pins.text}`);

  console.log(`seeding ${DATABASE}: demo data with ${opt.residents} residents and ${opt.rows} new complaints per society…`);
  const seed = await prepareDatabase({ kind: 'postgres', url: PG_URL }, opt.rows, 2, { residentsPerSociety: opt.residents });
  const tokens = await mintResidentTokens(PG_URL);
  console.log(`seeded in ${seed.seedSeconds.toFixed(0)} s; ${tokens.length} resident tokens minted`);

  const tmp = mkdtempSync(path.join(tmpdir(), 'bench-load-'));
  cleanups.push({ name: 'temp folder', run: async () => rmSync(tmp, { recursive: true, force: true }) });
  const env = {
    DATABASE_URL: PG_URL,
    REDIS_URL: values.redis,
    NODE_ENV: 'production',
    TRUST_PROXY: 'loopback',
    // The bench's nginx listens on plain http (loopback only): staff sign-ins would be refused.
    ALLOW_INSECURE_HTTP: '1',
    LOG_LEVEL: 'warn',
    METRICS_TOKEN,
    DATA_DIR: path.join(tmp, 'data'),
  };
  let instances: InstanceProcess[] = [];
  cleanups.push({ name: 'instances', run: () => Promise.all(instances.map((i) => i.stop())) });
  const execArgv = values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.join(RESULTS, 'cpu-prof')}`] : [];
  instances = await startInstances({
    count: 2,
    basePort: opt.port + 1,
    env,
    cpus: pins.instance,
    execArgv,
    output: (name) => (line) => console.error(`  [${name}] ${line}`),
  });
  const nginx = await startNginx({
    port: opt.port,
    upstreams: instances.map((i) => `127.0.0.1:${i.port}`),
    dir: path.join(tmp, 'nginx'),
    maxConns: opt.maxConns,
  });
  cleanups.push({ name: 'nginx', run: () => nginx.stop() });
  console.log(
    `instances ${instances.map((i) => `${i.name} ${i.url} (pid ${i.child.pid})`).join(', ')} behind nginx ${nginx.url}; Socket.IO adapter: ${values.redis ? 'Redis' : 'PostgreSQL'}`,
  );

  const cookies = await signInStaff(nginx.url, PASSWORD);
  const lists = listTemplates(cookies, { search: !values['no-search'] });
  const checks = await checkTargets(nginx.url, lists, tokens);
  checks.forEach((c) => console.log(`  ${c}`));

  type Http = Awaited<ReturnType<typeof startWorker<HttpWorkerIn, HttpWorkerOut>>>;
  const workers: Http[] = [];
  const socketWorker = await startWorker<SocketWorkerIn, SocketWorkerOut>('sockets', 'socket-worker.ts', pins.clients, opt.clientNice);
  cleanups.push({ name: 'socket worker', run: () => socketWorker.stop() });
  for (const name of ['sos', 'lists']) workers.push(await startWorker<HttpWorkerIn, HttpWorkerOut>(name, 'http-worker.ts', pins.clients, opt.clientNice));
  cleanups.push({ name: 'http workers', run: () => Promise.all(workers.map((w) => w.stop())) });
  const [sosWorker, listWorker] = workers as [Http, Http];

  socketWorker.send({ kind: 'connect', spec: { base: nginx.url, cookies: cookies.security, count: opt.sockets, spreadAddresses: true } });
  const connected = await socketWorker.next('connected');
  if (connected.failed.length > 0) throw new Error(`${connected.failed.length} staff sockets failed to connect: ${connected.failed.slice(0, 3).join('; ')}`);
  const spec = (rate: number, requests: StreamSpec['requests'], durationS: number, startAt: number): StreamSpec => ({
    base: nginx.url,
    rate,
    durationS,
    startAt,
    timeoutMs: opt.timeoutMs,
    maxSockets: opt.maxSockets,
    requests,
  });
  const sosSpec = (durationS: number, startAt: number): StreamSpec => ({
    ...spec(opt.sosRate, sosTemplates(tokens), durationS, startAt),
    ack: { delayMs: opt.ackDelayMs, share: opt.ackShare, cookies: cookies.security },
  });
  if (opt.warmup > 0) {
    // The instances start cold: V8 optimises the request path only after many calls (the
    // instances' CPU per alarm fell by a fifth over the first 40 s of a run). Servers run warm.
    const warmRate = Math.min(opt.listRate, WARMUP_LIST_RATE);
    console.log(`warming up for ${opt.warmup} s (SOS ${opt.sosRate}/s, lists ${warmRate}/s; not measured)…`);
    const warmAt = epochMs() + 500;
    sosWorker.send({ kind: 'run', spec: sosSpec(opt.warmup, warmAt) });
    listWorker.send({ kind: 'run', spec: spec(warmRate, lists, opt.warmup, warmAt) });
    await Promise.all([sosWorker.next('done'), listWorker.next('done')]);
    await Promise.all(instances.map((i) => drain(i.url, 100, 60_000)));
    const reset = socketWorker.next('reset');
    socketWorker.send({ kind: 'reset' });
    await reset;
  }
  let listRate = opt.listRate;
  let capacityPerSec = 0;
  if (values.overload) {
    capacityPerSec = await probeCapacity(
      instances.map((i) => i.url),
      lists,
      opt.probeClients,
      opt.probeSeconds,
    );
    listRate = Math.max(1, Math.round(2 * capacityPerSec));
    console.log(
      `capacity probe: ${capacityPerSec.toFixed(0)} lists/s with ${opt.probeClients} closed-loop clients for ${opt.probeSeconds} s → overload at ${listRate} lists/s`,
    );
    // The probe's backlog must not count against the run.
    await Promise.all(instances.map((i) => drain(i.url, 100, 60_000)));
  }
  const scrape = async () => Object.fromEntries(await Promise.all(instances.map(async (i) => [i.name, await scrapeInstance(i.url, METRICS_TOKEN)] as const)));
  const before = await scrape();
  console.log(
    `${connected.connected} staff sockets connected in ${connected.ms.toFixed(0)} ms (by society ${connected.bySociety.join('/')}; by instance ${Object.entries(
      before,
    )
      .map(([k, v]) => `${k} ${v?.sockets ?? '?'}`)
      .join(', ')})`,
  );

  const cpuBefore = cpuSnapshot();
  const loadStart = load3();
  const pg = await samplePgActivity(PG_URL);
  const startAt = epochMs() + 500;
  console.log(
    `running ${opt.duration} s: SOS ${opt.sosRate}/s over ${tokens.length} residents, lists ${listRate}/s, acks ${opt.ackShare * 100}% of new alarms after ${opt.ackDelayMs} ms…`,
  );
  sosWorker.send({ kind: 'run', spec: sosSpec(opt.duration, startAt) });
  listWorker.send({ kind: 'run', spec: spec(listRate, lists, opt.duration, startAt) });
  // Drain time counts from the load's end (the last request's due time), while the workers still wait for answers.
  const loadEnd = startAt + opt.duration * 1000;
  const drainTimes = values.overload ? Promise.all(instances.map((i) => drainedAfter(i.url, loadEnd))) : Promise.resolve([]);
  const [{ result: sos }, { result: list }] = await Promise.all([sosWorker.next('done'), listWorker.next('done')]);
  // The load window ends with the last answer: the CPU and PostgreSQL figures stop here.
  const cpuAfter = cpuSnapshot();
  const pgActivity = await pg.stop();

  const expected = sos.alarms.filter((a) => a[3] === 1).reduce((n, a) => n + (connected.bySociety[a[1]] ?? 0), 0);
  // Listen before asking: the worker answers as soon as the deliveries are in.
  const socketsDone = socketWorker.next('done');
  const expectedAcks = sos.ackedBySociety.reduce((n, acked, s) => n + acked * (connected.bySociety[s] ?? 0), 0);
  socketWorker.send({ kind: 'finish', expected, expectedAcks, maxWaitMs: 10_000 });
  const sockets = (await socketsDone).result;
  // A backlog left by the run (requests whose clients gave up) is finished before the instances
  // are scraped and stopped: the scrape then counts every request the instances worked through,
  // and their shutdown grace is not spent on it.
  const drained = await Promise.all(instances.map((i) => drain(i.url, 100, 60_000)));
  // The CPU cost of the lists counts until the backlog is done: a request the client gave up on
  // was still worked through.
  const cpuDrained = cpuSnapshot();
  console.log(`instances drained their backlog in ${drained.map((s, k) => `${instances[k]!.name} ${s.toFixed(1)} s`).join(', ')}`);
  const after = await scrape();

  const seconds = (r: typeof sos) => Math.max(opt.duration, (r.lastAnswer - r.firstDue) / 1000);
  const listLabels = [...new Set(list.labels.map((l) => l.label))];
  // The per-alarm deliveries stay out of the JSON (one row per alarm); their summary goes in.
  const { deliveries: _perAlarm, ...socketFigures } = sockets;
  const instanceMetrics = Object.fromEntries(instances.map((i) => [i.name, instanceDelta(before[i.name], after[i.name])]));
  const roles = {
    ...Object.fromEntries(instances.map((i) => [`instance ${i.name}`, [i.child.pid!]])),
    nginx: [nginx.child.pid!],
    'bench workers': [socketWorker.child.pid!, ...workers.map((w) => w.child.pid!)],
    'bench main': [process.pid],
  };
  const listShares = overloadShares(list.labels);
  const run: LoadRun = {
    startedAt,
    options: { ...values },
    setup: {
      instances: 2,
      db: DATABASE,
      adapter: values.redis ? 'redis' : 'postgres',
      residents: tokens.length,
      rowsPerSociety: opt.rows,
      pinning: pins.text,
      clientNice: opt.clientNice,
    },
    targetRates: { sos: opt.sosRate, list: listRate },
    streams: {
      sos: figures(
        'SOS press',
        sos.labels.filter((l) => l.label !== 'ack'),
        seconds(sos),
        opt.timeoutMs,
      ),
      ack: figures(
        'acknowledge',
        sos.labels.filter((l) => l.label === 'ack'),
        seconds(sos),
        opt.timeoutMs,
      ),
      list: figures('lists (all)', list.labels, seconds(list), opt.timeoutMs),
      lists: listLabels.map((label) =>
        figures(
          label,
          list.labels.filter((l) => l.label === label),
          seconds(list),
          opt.timeoutMs,
        ),
      ),
    },
    sendLag: { sos: sos.sendLag, list: list.sendLag },
    sockets: { ...socketFigures, perInstance: Object.fromEntries(Object.entries(before).map(([k, v]) => [k, v?.sockets ?? null])) },
    deliveries: deliveries(sos, sockets),
    cpu: cpuBefore && cpuAfter ? cpuUse(cpuBefore, cpuAfter, roles, DATABASE) : undefined,
    pg: pgActivity,
    loadavg: { start: loadStart, end: load3() },
    expectedAcks,
    instanceMetrics,
    listCost:
      cpuBefore && cpuDrained
        ? listCost(
            cpuUse(cpuBefore, cpuDrained, roles, DATABASE),
            list.labels.reduce((a, l) => a + l.sent, 0),
          )
        : undefined,
    listRefusals: listShares.refusedBy,
    overload: values.overload ? { capacityPerSec, listRate, lists: listShares, drainSeconds: Math.max(...(await drainTimes)) } : undefined,
  };
  printRun(run);
  const git = (args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
  const meta = {
    commit: git(['rev-parse', 'HEAD']),
    uncommittedFiles: git(['status', '--porcelain']).split('\n').filter(Boolean).length,
    node: process.version,
    checks,
    seed,
    drainedSeconds: Object.fromEntries(instances.map((i, k) => [i.name, drained[k]])),
  };
  console.log(`results: ${path.relative(process.cwd(), writeJson(RESULTS, run, meta))}`);
}

let aborting = false;
const abort = (why: string, code: number) => {
  if (aborting) return;
  aborting = true;
  console.error(`\n${why}: stopping workers, nginx and instances…`);
  void cleanup().finally(() => process.exit(code));
};
process.once('SIGINT', () => abort('SIGINT', 130));
process.once('SIGTERM', () => abort('SIGTERM', 143));
// Bounded: seeding, start-up and the run itself get this long in all.
setTimeout(() => abort('deadline passed', 1), (opt.warmup + opt.duration + 900) * 1000).unref();
main().then(
  async () => {
    await cleanup();
    process.exit(0);
  },
  // Cut: a failed query's message holds every parameter.
  (err: unknown) => abort((err instanceof Error ? (err.stack ?? err.message) : String(err)).slice(0, 3000), 1),
);
