/**
 * Reads a V8 CPU profile (`node --cpu-prof`, a .cpuprofile file) of a server instance and sums its
 * self time inside a time window — the alarm phase of one bench scenario — by function and by
 * package, so the figures are of the press path, not of start-up or of connecting the screens.
 *
 * Window times are µs on the monotonic clock: a profile's sample times are V8 TimeTicks, which on
 * Linux is CLOCK_MONOTONIC in µs, the same clock as `process.hrtime.bigint() / 1000n` in any
 * process (checked: a profile's startTime falls between two hrtime readings of its own process).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Self time (ms) of one function or package inside the window. */
export interface SelfTime {
  name: string;
  ms: number;
}

export interface WindowProfile {
  /** Sampled ms inside the window, idle excluded. */
  busyMs: number;
  /** Length of the window in ms. */
  windowMs: number;
  functions: SelfTime[];
  packages: SelfTime[];
}

let ticksPerSecond: number | undefined;

/**
 * CPU time (user + system, ms) process `pid` has used so far, from /proc/<pid>/stat (Linux; in
 * clock ticks, usually 10 ms); undefined where there is no /proc. Unlike a CPU profile's sample
 * times, which are wall-clock gaps and grow when other processes take the core, this counts only
 * what the process itself ran — the steadier figure on a shared machine.
 */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields after the command name (which may hold spaces, hence the last ')'): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticksPerSecond ??= Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return undefined;
  }
}

/** Monotonic µs now, on the clock of profile sample times. */
export const monotonicUs = (): number => Number(process.hrtime.bigint() / 1000n);

/** The main thread's profile in `dir` (file names end `.<pid>.<thread>.<seq>.cpuprofile`, thread 0), newest first. */
export function mainThreadProfile(dir: string): string | undefined {
  return readdirSync(dir)
    .filter((f) => /\.\d+\.0\.\d+\.cpuprofile$/.test(f))
    .sort()
    .reverse()
    .map((f) => path.join(dir, f))[0];
}

/** Where a frame's code lives: an npm package, a source file of this project, node itself, or V8's pseudo-frames. */
function packageOf(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const src = url.indexOf('/src/');
  return src >= 0 ? url.slice(src + 1) : url;
}

const shortUrl = (url: string) => {
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) return url.slice(nm + 'node_modules/'.length);
  const src = url.indexOf('/src/');
  return src >= 0 ? url.slice(src + 1) : url;
};

const top = (m: Map<string, number>, n: number): SelfTime[] =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, us]) => ({ name, ms: us / 1000 }));

/**
 * Self time inside [fromUs, toUs] (monotonic µs). A sample's duration is the gap to the next
 * sample. `(idle)` is left out of every figure. @returns the top `n` functions and packages.
 */
export function profileWindow(file: string, fromUs: number, toUs: number, n = 15): WindowProfile {
  const p = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(p.nodes.map((node) => [node.id, node]));
  const fns = new Map<string, number>();
  const pkgs = new Map<string, number>();
  let busy = 0;
  let t = p.startTime;
  for (let i = 0; i < p.samples.length; i++) {
    t += p.timeDeltas[i]!;
    if (t < fromUs || t > toUs) continue;
    const dur = p.timeDeltas[i + 1] ?? 0;
    const { functionName, url, lineNumber } = byId.get(p.samples[i]!)!.callFrame;
    if (functionName === '(idle)') continue;
    busy += dur;
    const fn = `${functionName || '(anonymous)'}${url ? ` ${shortUrl(url)}:${lineNumber + 1}` : ''}`;
    fns.set(fn, (fns.get(fn) ?? 0) + dur);
    const pkg = packageOf(url, functionName);
    pkgs.set(pkg, (pkgs.get(pkg) ?? 0) + dur);
  }
  return { busyMs: busy / 1000, windowMs: (toUs - fromUs) / 1000, functions: top(fns, n), packages: top(pkgs, n) };
}
