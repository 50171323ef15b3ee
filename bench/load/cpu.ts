/**
 * Where the CPU went during a bench/load.ts run, from /proc (Linux): two snapshots of every
 * process's user+system ticks and of the machine's busy time; the difference, grouped by role
 * (each app instance, nginx, PostgreSQL backends of the bench database and the rest of
 * PostgreSQL, the bench's workers, everything else), in cores used on average. Processes that
 * ended between the snapshots are missed; ones that started count from zero.
 */
import { readFileSync, readdirSync } from 'node:fs';

/** Kernel clock ticks per second (USER_HZ), 100 on Linux everywhere here. */
const HZ = 100;

interface Proc {
  pid: number;
  ppid: number;
  comm: string;
  cmdline: string;
  ticks: number;
}

export interface CpuSnapshot {
  at: number;
  busyTicks: number;
  allTicks: number;
  procs: Map<number, Proc>;
}

const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

/** A snapshot of /proc/stat and every /proc/<pid>/stat; undefined where /proc is missing. */
export function cpuSnapshot(): CpuSnapshot | undefined {
  const stat = read('/proc/stat');
  if (!stat) return undefined;
  // cpu user nice system idle iowait irq softirq steal …
  const f = stat.split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const allTicks = f.slice(0, 8).reduce((a, b) => a + b, 0);
  const busyTicks = allTicks - f[3]! - f[4]!;
  const procs = new Map<number, Proc>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = read(`/proc/${name}/stat`);
    if (!s) continue;
    // "pid (comm) state ppid … utime(14) stime(15)": comm may hold spaces, so split after ')'.
    const close = s.lastIndexOf(')');
    const rest = s.slice(close + 2).split(' ');
    procs.set(Number(name), {
      pid: Number(name),
      ppid: Number(rest[1]),
      comm: s.slice(s.indexOf('(') + 1, close),
      cmdline: (read(`/proc/${name}/cmdline`) ?? '').replace(/\0/g, ' '),
      ticks: Number(rest[11]) + Number(rest[12]),
    });
  }
  return { at: performance.now(), busyTicks, allTicks, procs };
}

/** Root pids of the roles the bench knows (each with its descendants). */
export type Roles = Record<string, number[]>;

export interface CpuUse {
  seconds: number;
  /** Busy share of all the machine's cores (0–1). */
  machineBusy: number;
  /** Cores used on average, by role; 'postgres (<db>)', 'postgres (other)' and 'other' added. */
  cores: Record<string, number>;
  /** The busiest process names within 'other' (another job on a shared machine), cores each. */
  otherTop: Record<string, number>;
}

/** CPU used between `a` and `b`, grouped by `roles` (a pid's role is its nearest listed ancestor's). */
export function cpuUse(a: CpuSnapshot, b: CpuSnapshot, roles: Roles, database: string): CpuUse {
  const seconds = (b.at - a.at) / 1000;
  const roleOf = new Map<number, string>();
  for (const [role, pids] of Object.entries(roles)) for (const pid of pids) roleOf.set(pid, role);
  const find = (p: Proc): string => {
    for (let cur: Proc | undefined = p, hops = 0; cur && hops < 20; cur = b.procs.get(cur.ppid), hops++) {
      const r = roleOf.get(cur.pid);
      if (r) return r;
    }
    if (p.comm === 'postgres') return p.cmdline.includes(` ${database} `) ? `postgres (${database})` : 'postgres (other)';
    return 'other';
  };
  const out: Record<string, number> = {};
  const other: Record<string, number> = {};
  for (const p of b.procs.values()) {
    const used = p.ticks - (a.procs.get(p.pid)?.ticks ?? 0);
    if (used <= 0) continue;
    const role = find(p);
    out[role] = (out[role] ?? 0) + used / HZ / seconds;
    if (role === 'other') other[p.comm] = (other[p.comm] ?? 0) + used / HZ / seconds;
  }
  const all = b.allTicks - a.allTicks;
  const rounded = (r: Record<string, number>, top = Infinity) =>
    Object.fromEntries(
      Object.entries(r)
        .sort((x, y) => y[1] - x[1])
        .slice(0, top)
        .map(([k, v]) => [k, Math.round(v * 100) / 100]),
    );
  return { seconds, machineBusy: all > 0 ? (b.busyTicks - a.busyTicks) / all : Number.NaN, cores: rounded(out), otherTop: rounded(other, 4) };
}
