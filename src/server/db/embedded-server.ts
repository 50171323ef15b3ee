/**
 * The embedded database off Node's main thread. PGlite runs every query on the thread
 * that calls it, so in the server's main thread one slow query stalls HTTP, timers and Socket.IO
 * (an SOS waited ~1 s behind a 100k-row search). Here PGlite lives in a worker thread
 * (embedded-server-worker.ts) and speaks the PostgreSQL wire protocol on a private Unix socket,
 * so the app talks to it with `pg.Pool` + drizzle-orm/node-postgres exactly as to a PostgreSQL
 * server: one driver and one migrator for both databases.
 *
 * Concurrency (measured, tests/api/embedded-server.test.ts): PGlite is ONE session. Use
 * {@link EMBEDDED_POOL} (one pooled connection): pg.Pool then hands the connection to one
 * request at a time, so a transaction holds it until COMMIT/ROLLBACK and concurrent transactions
 * run one after another, isolated. A second pool (the alarm lane) may connect only through the
 * shared gate of db/lanes.ts, which lets one connection work at a time: pglite-socket would
 * otherwise interleave two connections' extended-protocol messages in the one session. Session settings (`SET` without LOCAL) outlive the
 * transaction: use `SET LOCAL` / `set_config(…, true)`. Never query `db` inside `db.transaction`
 * (use `tx`): with one connection that waits for itself forever.
 *
 * The caller holds the data-folder lock (lock.ts) for as long as the server runs. Unix sockets
 * only (Linux, macOS).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { PoolConfig } from 'pg';
import { siblingFile, spawnModuleWorker } from '../lib/ts-worker.js';

/** What the worker receives as `workerData`. */
export interface WorkerInput {
  dataDir?: string;
  /** Path of a PGlite `dumpDataDir` tarball: the new database starts as its copy. */
  loadDataDir?: string;
  socketPath: string;
}
/** What the worker posts back. */
export type WorkerReply = { type: 'ready' } | { type: 'closed' };

/**
 * Pool settings for the embedded server: one connection (see the module comment), kept open
 * while idle so its session is not replaced under a caller.
 */
export const EMBEDDED_POOL = { max: 1, idleTimeoutMillis: 0 } as const satisfies PoolConfig;

export interface EmbeddedServer {
  /** `postgresql://postgres@localhost/postgres?host=<socket folder>`; no password needed. */
  connectionString: string;
  /** `{connectionString, ...EMBEDDED_POOL}`: pass to `new pg.Pool(…)`. */
  poolConfig: PoolConfig;
  /**
   * Stops the socket server and closes PGlite cleanly (data flushed, folder reusable), then ends
   * the worker. End your pg.Pool first: connections still open are dropped. Idempotent.
   */
  close(): Promise<void>;
  /** Ends the worker abruptly, as a crash would; what follows is the restart described above (tests). */
  kill(): Promise<void>;
}

export interface EmbeddedServerOptions {
  /** PGlite data folder (created if missing); omitted: an in-memory database. */
  dataDir?: string;
  /**
   * Path of a tarball written by PGlite's `dumpDataDir` (tar, or tar.gz): the database starts as
   * a copy of that one instead of empty (the test suite starts each file from one migrated and
   * seeded template: ~0.5 s instead of ~4.5 s). With `dataDir`, the folder must not hold a
   * database yet. A worker restarted after a crash reopens its folder as it is, without loading
   * the tarball again.
   */
  loadDataDir?: string;
  /**
   * Called once when the embedded database is gone for good: the worker of an in-memory database
   * died (its data died with it), it died more than {@link MAX_RESTARTS} times within
   * {@link RESTART_WINDOW_MS}, or it could not be started again. Default: log it and exit the
   * process with code 1, as a server without its database cannot serve.
   */
  onCrash?: (err: Error) => void;
  /** Called when a worker of a data folder died and a new one is being started (default: stderr). */
  onRestart?: (err: Error, attempt: number) => void;
}

/** Restarts of a data folder's worker allowed within {@link RESTART_WINDOW_MS} before giving up. */
export const MAX_RESTARTS = 3;
export const RESTART_WINDOW_MS = 60_000;

const workerFile = siblingFile(import.meta.url, 'embedded-server-worker');

/**
 * The worker's young generation, in MB. V8's default lets it grow to 16 MB that stay resident and
 * nearly empty once the server idles; this thread allocates little JavaScript (protocol buffers
 * between the socket and PGlite: large results go to the large-object space), so a small one
 * costs a few more scavenges and saves that memory (bench/startup.ts).
 */
const WORKER_YOUNG_GENERATION_MB = 8;

/** Under tsx or vitest the worker is TypeScript too: lib/ts-worker.ts registers tsx in it first. */
function spawnWorker(input: WorkerInput): Worker {
  return spawnModuleWorker(workerFile, { workerData: input, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } });
}

function defaultOnCrash(err: Error): void {
  console.error(err);
  process.exit(1);
}

/** A worker that has opened PGlite and accepts connections, and the last error it reported. */
interface Running {
  worker: Worker;
  lastError: () => Error | null;
  exited: () => boolean;
}

/** Starts one worker and resolves once it accepts connections; rejects if it exits before. */
async function launch(input: WorkerInput): Promise<Running> {
  const worker = spawnWorker(input);
  let lastError: Error | null = null;
  let exited = false;
  worker.on('error', (err) => (lastError = err));
  worker.once('exit', () => (exited = true));
  await new Promise<void>((resolve, reject) => {
    const onExit = (code: number) => reject(lastError ?? new Error(`The embedded database worker exited (code ${code}) while starting`));
    worker.once('exit', onExit);
    worker.once('message', (msg: WorkerReply) => {
      worker.off('exit', onExit);
      if (msg.type === 'ready') resolve();
      else reject(new Error(`Unexpected message from the embedded database worker: ${msg.type}`));
    });
  });
  return { worker, lastError: () => lastError, exited: () => exited };
}

/**
 * Starts PGlite in a worker thread and serves it on a Unix socket in a fresh private temp folder.
 *
 * If the worker of a data folder dies (an abort inside PGlite, a thread killed by memory limits),
 * the server is not lost: a new worker opens the same folder (PGlite recovers it as after a killed
 * process: every committed change is kept) and listens on the same socket, after 1 s × the number
 * of recent restarts. Meanwhile connections fail, so requests get 503 and jobs pause; the pools
 * reconnect on their next checkout. More than {@link MAX_RESTARTS} deaths within
 * {@link RESTART_WINDOW_MS} end in `onCrash`.
 * @returns once it accepts connections (first open of a new data folder takes ~4 s).
 * @throws the worker's error if PGlite cannot open the folder or the server cannot listen.
 */
export async function startEmbeddedServer(opts: EmbeddedServerOptions = {}): Promise<EmbeddedServer> {
  // mkdtemp makes the folder 0700: only this user can reach the socket (it has no password).
  const socketDir = await mkdtemp(path.join(os.tmpdir(), 'society-desk-pg-'));
  const socketPath = path.join(socketDir, '.s.PGSQL.5432');
  const input: WorkerInput = { dataDir: opts.dataDir, loadDataDir: opts.loadDataDir, socketPath };
  let closing: Promise<void> | null = null;
  let running = await launch(input).catch(async (err: unknown) => {
    await rm(socketDir, { recursive: true, force: true });
    throw err;
  });
  const onCrash = opts.onCrash ?? defaultOnCrash;
  const onRestart = opts.onRestart ?? ((err, attempt) => console.error(`The embedded database stopped (${err.message}); restarting it (attempt ${attempt})`));
  const deaths: number[] = [];

  const watch = (current: Running) =>
    current.worker.once('exit', (code) => {
      if (closing) return;
      const err = current.lastError() ?? new Error(`The embedded database stopped unexpectedly (worker exit code ${code})`);
      // An in-memory database died with its worker: there is nothing to reopen.
      if (!opts.dataDir) return onCrash(err);
      const now = performance.now();
      deaths.push(now);
      while (deaths.length > 0 && deaths[0]! < now - RESTART_WINDOW_MS) deaths.shift();
      if (deaths.length > MAX_RESTARTS)
        return onCrash(new Error(`${err.message}; it stopped ${deaths.length} times within ${RESTART_WINDOW_MS / 1000} s, giving up`));
      onRestart(err, deaths.length);
      void (async () => {
        await new Promise((r) => setTimeout(r, 1000 * deaths.length));
        if (closing) return;
        // The dead worker's socket file is still there: a new server cannot listen on it otherwise.
        await rm(socketPath, { force: true });
        // The folder holds the database now: PGlite refuses to load a tarball over it.
        running = await launch({ ...input, loadDataDir: undefined });
        if (closing) return void running.worker.terminate();
        watch(running);
      })().catch((startErr: unknown) => onCrash(startErr instanceof Error ? startErr : new Error(String(startErr))));
    });
  watch(running);

  const connectionString = `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}`;
  return {
    connectionString,
    poolConfig: { connectionString, ...EMBEDDED_POOL },
    async kill() {
      await running.worker.terminate();
    },
    close() {
      closing ??= (async () => {
        const { worker, lastError, exited } = running;
        // A worker that died (its restart now cancelled) has nothing left to flush.
        if (!exited())
          await new Promise<void>((resolve, reject) => {
            worker.once('message', () => resolve());
            worker.once('exit', () => (lastError() ? reject(lastError()) : resolve()));
            worker.postMessage({ type: 'close' });
          });
        await worker.terminate();
        await rm(socketDir, { recursive: true, force: true });
      })();
      return closing;
    },
  };
}
