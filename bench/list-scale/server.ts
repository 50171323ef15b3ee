/**
 * The server under test for bench/list-scale.ts: `tsx src/server/main.ts` in a child process (its
 * own process group), exactly as `npm start` runs it, so the bench's load generator never shares
 * the server's event loop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerUnderTest {
  base: string;
  child: ChildProcess;
  /** SIGTERM to the process group, wait for the exit (SIGKILL after 30 s). Idempotent. */
  stop(): Promise<void>;
}

/** A free loopback TCP port (bound and released; main.ts cannot report a PORT=0 choice). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      s.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts the server with `env` (DATA_DIR or DATABASE_URL) added to NODE_ENV=development,
 * LOG_LEVEL=warn, HOST=127.0.0.1 and a free PORT, and waits until GET /api/health answers 200.
 * @throws if the process exits first or health does not answer within `timeoutMs`.
 */
export async function startServer(env: Record<string, string>, label: string, timeoutMs = 180_000): Promise<ServerUnderTest> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['src/server/main.ts'], {
    cwd: ROOT,
    env: childEnv,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Everything on stderr; from stdout the log lines (JSON) and the banner's first two lines only.
  const relay = (keep: (line: string) => boolean) => (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim() && keep(line)) process.stderr.write(`  [server ${label}] ${line}\n`);
  };
  child.stdout!.on(
    'data',
    relay((line) => /^\{|running at|^Database:/.test(line)),
  );
  child.stderr!.on(
    'data',
    relay(() => true),
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));

  const stop = async () => {
    if (gone) return;
    process.kill(-child.pid!, 'SIGTERM');
    const killer = setTimeout(() => !gone && process.kill(-child.pid!, 'SIGKILL'), 30_000);
    await exited;
    clearTimeout(killer);
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (gone) throw new Error(`server ${label} exited before answering /api/health (exit code ${child.exitCode})`);
    const ok = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return { base, child, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server ${label} did not answer /api/health within ${timeoutMs / 1000} s`);
    }
    await pause(250);
  }
}

/**
 * Waits until the server has finished the requests a load run left behind (a closed client does
 * not cancel its query): three health checks in a row each answered within `fastMs`.
 * @returns seconds waited; warns (and returns) after `timeoutMs`.
 */
export async function drain(base: string, fastMs = 100, timeoutMs = 300_000): Promise<number> {
  const started = performance.now();
  let fast = 0;
  while (fast < 3) {
    if (performance.now() - started > timeoutMs) {
      console.error(`  WARNING: server still busy after ${timeoutMs / 1000} s of draining`);
      break;
    }
    const t = performance.now();
    const ok = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(60_000) }).then(
      (r) => r.status === 200,
      () => false,
    );
    fast = ok && performance.now() - t < fastMs ? fast + 1 : 0;
    if (fast < 3) await pause(50);
  }
  return (performance.now() - started) / 1000;
}
