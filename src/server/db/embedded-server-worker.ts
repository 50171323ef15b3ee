/**
 * Worker-thread entry of the embedded database (started only by embedded-server.ts, never
 * imported). It opens PGlite here, off the server's main thread, and serves it over the
 * PostgreSQL wire protocol on a Unix socket with @electric-sql/pglite-socket, so a slow query
 * costs this thread's time, not the one that runs HTTP, Socket.IO and timers.
 *
 * Messages: replies `{type: 'ready'}` once it accepts connections; on `{type: 'close'}` it stops
 * the socket server, closes PGlite cleanly (the data folder is reusable) and replies
 * `{type: 'closed'}`. A failure to start is thrown, so the parent sees the worker's 'error'.
 */
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { WorkerInput, WorkerReply } from './embedded-server.js';

/**
 * Connections the socket server accepts. The app keeps TWO (the main and the alarm lane, one
 * pooled connection each: see EMBEDDED_POOL in embedded-server.ts and db/lanes.ts, whose gate
 * lets only one of them work at a time); the other two slots only let a replacement connect while
 * the server is still cleaning up a dropped one (a full server drops the socket with no protocol
 * error). PGlite is one session: every connection shares it.
 */
const MAX_CONNECTIONS = 4;

/**
 * PostgreSQL's shared buffer pool inside PGlite's WebAssembly memory. initdb writes 128MB, and
 * PGlite touches all of it at start, so it was 128 MB of the idle server's resident memory
 * (bench/startup.ts). 16MB measured the same on a 63 MB table (seq scan, point reads):
 * a page missing from the pool is read from the data folder through the OS page cache (or from
 * memory, for an in-memory database), not from disk.
 */
const SHARED_BUFFERS = '16MB';

async function main(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('embedded-server-worker.ts must run as a worker thread');
  const input = workerData as WorkerInput;
  // PGlite.create fails with ENOENT when the folder's parent is missing (STACK-NOTES).
  if (input.dataDir) mkdirSync(input.dataDir, { recursive: true });
  // Extensions must be loaded at start; migrations then `CREATE EXTENSION IF NOT EXISTS …`.
  const db = await PGlite.create({
    dataDir: input.dataDir,
    // PGlite reads the tarball from a Blob.
    loadDataDir: input.loadDataDir ? new Blob([await readFile(input.loadDataDir)]) : undefined,
    extensions: { pg_trgm, btree_gin },
    // A command-line setting wins over postgresql.conf: existing data folders get it too.
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
  });
  const server = new PGLiteSocketServer({ db, path: input.socketPath, maxConnections: MAX_CONNECTIONS });
  await server.start();

  const reply = (msg: WorkerReply): void => port.postMessage(msg);
  port.once('message', () => {
    // The only message the parent sends is 'close'.
    void (async () => {
      await server.stop();
      await db.close();
      reply({ type: 'closed' });
      port.close();
    })();
  });
  reply({ type: 'ready' });
}

await main();
