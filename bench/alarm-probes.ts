/**
 * The alarm probes of the "does heavy work stall alarms?" benches (bench/heavy-work.ts,
 * bench/export-load.ts): each runs a quiet phase and then a loaded phase against its own server
 * instance and compares them within one run, since the machine may be shared.
 *   - GET /api/health response time (one request every 50 ms);
 *   - SOS press → 'receive-security' on a staff socket (one alarm every 100 ms, each
 *     acknowledged before the next, as bench/list-scale/alarms.ts does);
 *   - the server's resident memory (VmRSS of the instance, sampled every 200 ms while loaded);
 *   - what the server's main thread saw (its /metrics, prom-client's process metrics, read at each
 *     phase's start and end): event-loop lag p99 and max, major / minor garbage collections.
 * The instance must run with METRICS_TOKEN set (it turns the process metrics on) and a high
 * SOS_MAX_PRESSES_PER_MINUTE (the probe presses ~10 times a second).
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startInstance, type InstanceProcess } from '../scripts/cluster/instances.js';
import { connectDesk, residentTokens, type AlarmDesk } from './list-scale/alarms.js';
import { pct } from './list-scale/load.js';
import { staffCookie } from './list-scale/probe.js';
import type { LoopAnswer, LoopRequest, LoopWorkerIn, LoopWorkerOut } from './load/protocol.js';
import { startWorker } from './load/workers.js';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The metrics token of a probed instance: setting it turns the process metrics (event-loop lag, GC) on. */
export const PROBE_METRICS_TOKEN = 'bench-probes-metrics-token';

/**
 * Starts the bench's server instance 'A' on `port` as the probes need it: development mode, SOS
 * presses limited far above the probes' rate, the process metrics on ({@link PROBE_METRICS_TOKEN}),
 * warnings and errors printed. `db`: PostgreSQL's URL or the embedded database's folder; `env` adds
 * what the bench raises (an import or export limit).
 */
export function startProbedInstance(port: number, db: { pgUrl?: string; dataDir?: string }, env: Record<string, string | undefined>): Promise<InstanceProcess> {
  return startInstance({
    name: 'A',
    port,
    env: {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      SOS_MAX_PRESSES_PER_MINUTE: '1000',
      DATABASE_URL: db.pgUrl,
      DATA_DIR: db.dataDir,
      METRICS_TOKEN: PROBE_METRICS_TOKEN,
      ...env,
    },
    output: (line) => void (line.trim() && /"level":(4|5|6)0|error/i.test(line) && console.error(`  [A] ${line.slice(0, 300)}`)),
  });
}

/** Resident memory of process `pid` in MB (VmRSS); NaN if unreadable. */
export function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

/** Samples `pid`'s RSS every `everyMs` until `stop()`, which returns the peak seen (MB). */
export function sampleRss(pid: number, everyMs = 200): { stop(): number } {
  let peak = Number.NEGATIVE_INFINITY;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), everyMs);
  return {
    stop: () => {
      clearInterval(sampler);
      return peak;
    },
  };
}

/** The bench's first line: what it is, when, and how busy the machine was. */
export function machineLine(what: string): string {
  return `${what} ${new Date().toISOString()}; load average ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')} on ${availableParallelism()} CPUs (machine may be shared)`;
}

/** The main thread's figures since the last read: event-loop lag (reset at each read) and GC totals by kind. */
export interface MainThread {
  lagP99Ms: number;
  lagMaxMs: number;
  gc: Record<'major' | 'minor', { count: number; ms: number }>;
}

/** Reads the instance's /metrics (bearer `token`, the instance's METRICS_TOKEN). */
export async function mainThread(base: string, token: string): Promise<MainThread> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
  const value = (re: RegExp) => Number(re.exec(text)?.[1] ?? Number.NaN);
  const gc = (kind: string) => ({
    count: value(new RegExp(`^nodejs_gc_duration_seconds_count\\{kind="${kind}"\\} (\\S+)$`, 'm')) || 0,
    ms: (value(new RegExp(`^nodejs_gc_duration_seconds_sum\\{kind="${kind}"\\} (\\S+)$`, 'm')) || 0) * 1000,
  });
  return {
    lagP99Ms: value(/^nodejs_eventloop_lag_p99_seconds (\S+)$/m) * 1000,
    lagMaxMs: value(/^nodejs_eventloop_lag_max_seconds (\S+)$/m) * 1000,
    gc: { major: gc('major'), minor: gc('minor') },
  };
}

/** What the main thread saw between two reads (`end` read after `start`), per `unit` of work when `units` > 0. */
export function mainThreadText(start: MainThread, end: MainThread, units: number, unit: string): string {
  const d = (k: 'major' | 'minor') => {
    const n = end.gc[k].count - start.gc[k].count;
    const ms = end.gc[k].ms - start.gc[k].ms;
    return `${n} ${k} GCs ${ms.toFixed(0)} ms${units ? ` (${(n / units).toFixed(2)}/${unit}, ${(ms / units).toFixed(1)} ms/${unit})` : ''}`;
  };
  return `event-loop lag p99 ${end.lagP99Ms.toFixed(1)} ms, max ${end.lagMaxMs.toFixed(1)} ms; ${d('major')}; ${d('minor')}`;
}

/** Count and nearest-rank percentiles of latencies in ms. */
export interface Summary {
  n: number;
  p50: number;
  p99: number;
  max: number;
}
export const summary = (xs: number[]): Summary => {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, p50: pct(s, 50), p99: pct(s, 99), max: s.at(-1) ?? Number.NaN };
};
export const fmt = (x: Summary) => `n=${x.n} p50 ${x.p50.toFixed(1)} p99 ${x.p99.toFixed(1)} max ${x.max.toFixed(1)} ms`;

/** One phase's figures. */
export interface PhaseResult {
  health: Summary;
  sos: Summary;
  /** The server's main thread at the phase's start and end. */
  before: MainThread;
  after: MainThread;
  /** The bench process's own event-loop lag over the phase (it times the probes). */
  benchLag: string;
}

/** The probes of one server instance; see the module comment. */
export interface AlarmProbes {
  /**
   * Runs the probes for `ms` beside `work` (the load; none for a quiet phase), which must return
   * soon after `stopped()` turns true: the phase waits for it.
   */
  phase(ms: number, work?: (stopped: () => boolean) => Promise<void>): Promise<PhaseResult>;
  /** Alarms whose event never came within 30 s, over all phases so far. */
  lostAlarms(): number;
  close(): void;
}

/** How long a probe waits for an alarm's event before calling it lost, ms. */
const LOST_AFTER_MS = 30_000;

/**
 * Signs in Green Valley's security desk (its socket receives the alarms; it acknowledges them)
 * and 20 residents (the presses rotate over them, so each press raises a fresh alarm).
 */
export async function alarmProbes(base: string, password: string, metricsToken: string): Promise<AlarmProbes> {
  const security = await staffCookie(base, 'security@greenvalley.test', password);
  const residents = await residentTokens(base, password, 20);
  const desk: AlarmDesk = await connectDesk(base, security);
  let stop = false;
  let lost = 0;
  const health: number[] = [];
  const sos: number[] = [];
  const healthProbe = async () => {
    while (!stop) {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/health`);
      await res.arrayBuffer();
      health.push(performance.now() - t0);
      await sleep(50);
    }
  };
  const sosProbe = async () => {
    for (let i = 0; !stop; i++) {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/security`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: residents[i % residents.length]! },
        body: '{}',
      });
      if (res.status !== 201) throw new Error(`SOS press: HTTP ${res.status} ${await res.text()}`);
      const { _id } = (await res.json()) as { _id: number };
      const at = await desk.eventOf(_id, LOST_AFTER_MS);
      // A lost alarm is the worst case there is: it counts as a sample at the full wait, so the
      // p99 cannot look better for alarms that never arrived.
      if (at === undefined) {
        lost++;
        sos.push(LOST_AFTER_MS);
      } else sos.push(at - t0);
      const ack = await fetch(`${base}/api/security/${_id}/acknowledge`, { method: 'POST', headers: { cookie: security } });
      if (ack.status !== 200) throw new Error(`acknowledge: HTTP ${ack.status}`);
      await sleep(100);
    }
  };
  return {
    phase: async (ms, work = async () => undefined) => {
      stop = false;
      health.length = 0;
      sos.length = 0;
      const before = await mainThread(base, metricsToken);
      // This process's own event loop: the probes time requests here, beside the load's requests.
      const own = monitorEventLoopDelay({ resolution: 10 });
      own.enable();
      const running = [healthProbe(), sosProbe(), work(() => stop)];
      await sleep(ms);
      stop = true;
      await Promise.all(running);
      own.disable();
      const benchLag = `bench's own event-loop lag p99 ${(own.percentile(99) / 1e6).toFixed(1)} ms, max ${(own.max / 1e6).toFixed(1)} ms`;
      return { health: summary(health), sos: summary(sos), before, after: await mainThread(base, metricsToken), benchLag };
    },
    lostAlarms: () => lost,
    close: () => desk.close(),
  };
}

/** A loaded phase's load, sent from its own process; see {@link requestLoop}. */
export interface RequestLoop {
  /** The `work` of {@link AlarmProbes.phase}: starts the loop, and returns once the request in flight at `stopped()` is answered. */
  work(stopped: () => boolean): Promise<void>;
  /** Every answer of the last `work`, in order. */
  answers(): LoopAnswer[];
  /** Stops the worker process. */
  close(): Promise<void>;
}

/**
 * Starts the worker process (bench/load/request-loop.ts) that sends `requests` to `base` in
 * rotation, one at a time, while a phase runs, keeping the answers' `keepHeaders`. The load runs
 * apart from the probes: in this process, reading a 20,000-row preview or an export of megabytes
 * held up the probes' own callbacks, and the ratios measured the client as much as the server.
 */
export async function requestLoop(base: string, requests: LoopRequest[], keepHeaders: string[] = []): Promise<RequestLoop> {
  const worker = await startWorker<LoopWorkerIn, LoopWorkerOut>('request loop', 'request-loop.ts', undefined);
  let answers: LoopAnswer[] = [];
  return {
    async work(stopped) {
      const done = worker.next('done');
      worker.send({ kind: 'run', base, requests, keepHeaders });
      while (!stopped()) await sleep(20);
      worker.send({ kind: 'stop' });
      answers = (await done).answers;
    },
    answers: () => answers,
    close: () => worker.stop(),
  };
}

/** How many answers of each kind a request loop got: key `${prefix(a)}${status}`, then the error answer's message after a space. */
export function countAnswers(answers: LoopAnswer[], prefix: (a: LoopAnswer) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const a of answers) {
    const key = `${prefix(a)}${a.status}${a.message ? ` ${a.message}` : ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** What a bench prints at its end, in this order. */
export interface Comparison {
  quietMs: number;
  loadMs: number;
  quiet: PhaseResult;
  loaded: PhaseResult;
  /** Lines about the load (what it did, how it was answered), printed after the phases' probes. */
  workLines: string[];
  /** Units of load done in the loaded phase (imports, exports) and the unit's name, for GCs per unit. */
  units: number;
  unit: string;
  lostAlarms: number;
  /** Server RSS in MB: at the end of the quiet phase, the peak while loaded, after the loaded phase. */
  rss: { quiet: number; peak: number; end: number };
}

/** The goal's figures of a comparison. */
export interface Verdict {
  /** Loaded p99 / quiet p99 of /api/health and of SOS press → event (goal ≤ 2 each). */
  healthRatio: number;
  sosRatio: number;
  /** Peak RSS while loaded − RSS at the end of the quiet phase, MB (goal ≤ 300). */
  rssGrowthMb: number;
  /** Both ratios ≤ 2, RSS growth ≤ 300 MB and no alarm lost. */
  met: boolean;
}

/**
 * Prints both phases, the load's lines, the main thread per phase, the ratios loaded p99 / quiet
 * p99 (goal ≤ 2) and the RSS growth (peak while loaded − quiet; goal ≤ 300 MB), and the verdict
 * (which also requires that no alarm was lost).
 */
export function printComparison(c: Comparison): Verdict {
  const { quiet, loaded } = c;
  console.log(`\nquiet (${c.quietMs / 1000} s):  health ${fmt(quiet.health)};  SOS press→event ${fmt(quiet.sos)}`);
  console.log(`loaded (${c.loadMs / 1000} s): health ${fmt(loaded.health)};  SOS press→event ${fmt(loaded.sos)}`);
  for (const line of c.workLines) console.log(line);
  console.log(`main thread, quiet:  ${mainThreadText(quiet.before, quiet.after, 0, c.unit)}; ${quiet.benchLag}`);
  console.log(`main thread, loaded: ${mainThreadText(loaded.before, loaded.after, c.units, c.unit)}; ${loaded.benchLag}`);
  if (c.lostAlarms) console.log(`alarms whose event never came (30 s, counted as 30 s samples): ${c.lostAlarms}`);
  const hr = loaded.health.p99 / quiet.health.p99;
  const sr = loaded.sos.p99 / quiet.sos.p99;
  const growth = c.rss.peak - c.rss.quiet;
  console.log(`\nratio loaded/quiet p99: health ${hr.toFixed(2)}x, SOS ${sr.toFixed(2)}x (goal ≤ 2x)`);
  console.log(
    `server RSS: ${c.rss.quiet.toFixed(0)} MB quiet → peak ${c.rss.peak.toFixed(0)} MB loaded (+${growth.toFixed(0)} MB; goal ≤ 300), ${c.rss.end.toFixed(0)} MB at the end`,
  );
  // A single lost alarm fails the goal whatever the ratios say.
  const met = hr <= 2 && sr <= 2 && growth <= 300 && c.lostAlarms === 0;
  console.log(`verdict: ${met ? 'GOAL MET' : 'goal NOT met'}`);
  return { healthRatio: hr, sosRatio: sr, rssGrowthMb: growth, met };
}
