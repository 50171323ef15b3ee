/**
 * Starts and stops app instances as real processes: what `npm run cluster`, the nginx
 * tests and the benches (`bench/alarm-latency.ts`, `bench/load.ts`) run many instances with.
 *
 * Each instance is `node --import tsx src/server/main.ts` (or, with `entry`, the compiled
 * `node dist/server/main.js`) with its own PORT and the shared
 * environment given (DATABASE_URL, REDIS_URL, …). The first instance is started alone and waited
 * for (it migrates and loads the demo data under the start-up lock); the others then start
 * together. Stopping sends SIGTERM — the graceful shutdown of src/server/main.ts — and SIGKILL
 * only if an instance is still running after {@link STOP_GRACE_MS}.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Longest wait for an instance's /api/health (migrations and demo data included). */
const START_TIMEOUT_MS = 90_000;
/** SIGTERM, then SIGKILL after this long (the server's own grace is 10 s + 5 s). */
export const STOP_GRACE_MS = 20_000;

export interface InstanceProcess {
  /** 'A', 'B', … in start order. */
  name: string;
  port: number;
  /** http://127.0.0.1:<port> */
  url: string;
  child: ChildProcess;
  /** SIGTERM and wait for the exit (SIGKILL after STOP_GRACE_MS). Resolves to the exit code. */
  stop(): Promise<number | null>;
}

export interface InstanceOptions {
  name: string;
  port: number;
  /** Environment added to this process's own (DATABASE_URL, REDIS_URL, LOG_LEVEL, …). */
  env: Record<string, string | undefined>;
  /** Pin the process to these CPUs with `taskset -c` when taskset exists (e.g. "0"). */
  cpus?: string;
  /** Where the instance's output goes: 'inherit' (the terminal), 'ignore', or a prefix logger. */
  output?: 'inherit' | 'ignore' | ((line: string) => void);
  /** Extra Node options before the script (e.g. `--cpu-prof`, which NODE_OPTIONS refuses). */
  execArgv?: string[];
  /**
   * What Node runs, after execArgv: default {@link TSX_ENTRY}; {@link COMPILED_ENTRY} runs the
   * build of `npm run build`.
   */
  entry?: string[];
}

/** The server as TypeScript through tsx's loader (no build needed): the default entry. */
export const TSX_ENTRY = ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')];
/** The compiled server (`npm run build` first): plain Node, no TypeScript compiler loaded. */
export const COMPILED_ENTRY = [path.join(ROOT, 'dist/server/main.js')];

/** True when `cmd` is on PATH. */
export async function hasCommand(cmd: string): Promise<boolean> {
  const child = spawn('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
  const [code] = (await once(child, 'exit')) as [number | null];
  return code === 0;
}

/** Polls `url` until it answers 200, the process exits, or `timeoutMs` passes (then throws). */
export async function waitForHealth(url: string, child: ChildProcess | undefined, timeoutMs = START_TIMEOUT_MS): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited (code ${child.exitCode}) before it answered`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url}: no answer within ${timeoutMs / 1000} s`);
}

/** Ends `child`: `signal` first, SIGKILL after `graceMs`. Resolves to its exit code. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM', graceMs = STOP_GRACE_MS): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = once(child, 'exit') as Promise<[number | null]>;
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  const [code] = await exited;
  clearTimeout(timer);
  return code;
}

function pipeLines(stream: NodeJS.ReadableStream | null, write: (line: string) => void): void {
  let rest = '';
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const l of lines) write(l);
  });
}

/** Starts one instance and waits for its /api/health. Throws (and kills it) if it does not come up. */
export async function startInstance(opts: InstanceOptions): Promise<InstanceProcess> {
  const node = [process.execPath, ...(opts.execArgv ?? []), ...(opts.entry ?? TSX_ENTRY)];
  const [cmd, ...args] = opts.cpus && (await hasCommand('taskset')) ? ['taskset', '-c', opts.cpus, ...node] : node;
  const output = opts.output ?? 'inherit';
  const child = spawn(cmd!, args, {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', ...opts.env, PORT: String(opts.port) },
    stdio: ['ignore', typeof output === 'function' ? 'pipe' : output, typeof output === 'function' ? 'pipe' : output],
  });
  if (typeof output === 'function') {
    pipeLines(child.stdout, output);
    pipeLines(child.stderr, output);
  }
  const url = `http://127.0.0.1:${opts.port}`;
  try {
    await waitForHealth(`${url}/api/health`, child);
  } catch (err) {
    await stopProcess(child, 'SIGKILL');
    throw err;
  }
  return { name: opts.name, port: opts.port, url, child, stop: () => stopProcess(child) };
}

export interface ClusterOptions {
  /** How many instances (≥ 1). */
  count: number;
  /** Ports basePort, basePort + 1, … */
  basePort: number;
  /** Environment of every instance, added to this process's; DATABASE_URL is needed for more than one. */
  env: Record<string, string | undefined>;
  /** CPUs per instance (index → taskset list), optional. */
  cpus?: (index: number) => string | undefined;
  /** Each instance's output, by name (default: the terminal). */
  output?: (name: string) => InstanceOptions['output'];
  /** Extra Node options of every instance. */
  execArgv?: string[];
}

/** Instance names: A, B, … Z, then I27, I28, … */
export const instanceName = (i: number) => (i < 26 ? String.fromCharCode(65 + i) : `I${i + 1}`);

/**
 * Starts `count` instances on one database: the first alone (it migrates and may seed), then the
 * rest together. Throws, stopping those already started, if any fails to come up.
 */
export async function startInstances(opts: ClusterOptions): Promise<InstanceProcess[]> {
  if (!Number.isInteger(opts.count) || opts.count < 1) throw new RangeError(`count must be a positive integer, got ${opts.count}`);
  if (opts.count > 1 && !(opts.env.DATABASE_URL ?? process.env.DATABASE_URL))
    throw new Error('more than one instance needs DATABASE_URL (a PostgreSQL server): the embedded database is one process');
  const one = (i: number) => {
    const name = instanceName(i);
    return startInstance({ name, port: opts.basePort + i, env: opts.env, cpus: opts.cpus?.(i), output: opts.output?.(name), execArgv: opts.execArgv });
  };
  const started: InstanceProcess[] = [];
  try {
    started.push(await one(0));
    const rest = await Promise.allSettled(Array.from({ length: opts.count - 1 }, (_, k) => one(k + 1)));
    for (const r of rest) if (r.status === 'fulfilled') started.push(r.value);
    const failed = rest.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    return started;
  } catch (err) {
    await Promise.all(started.map((p) => p.stop()));
    throw err;
  }
}
