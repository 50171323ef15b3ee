/**
 * Opens the database: embedded PGlite under DATA_DIR by default (or in memory for tests), or a
 * PostgreSQL server when DATABASE_URL is set. Both are spoken to the same way — node-postgres +
 * Drizzle, one schema, one migration history — because the embedded PGlite runs in a worker
 * thread behind the PostgreSQL wire protocol (embedded-server.ts), off the main thread where it
 * would stall HTTP, Socket.IO and timers.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTableRelationsHelpers, extractTablesRelationalConfig, type ExtractTablesWithRelations, type RelationalSchemaConfig } from 'drizzle-orm';
import { NodePgDatabase, NodePgSession, NodePgTransaction, drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { autovacuumStandIn, type UpkeepDone } from './autovacuum.js';
import { startEmbeddedServer } from './embedded-server.js';
import { snapshotDataFolder } from './snapshot.js';
import { GatedPool, LaneGate } from './lanes.js';
import { ResilientPool } from './resilient-pool.js';
import * as schema from './schema.js';
import { registerPipelinedLane } from './society-scope.js';
import { StatementNames } from './statement-names.js';

/** The Drizzle handle every repo receives; the same type for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What the main lane is doing now: admission control (plugins/admission.ts) reads it per request. */
export interface LaneLoad {
  /** Checkouts waiting for a connection (on the embedded database: for the shared gate). */
  waiting: number;
  /** Moving average (ms) of recent checkouts' wait for a connection (0 on the embedded database). */
  waitMs: number;
}

export interface Database {
  /** The main lane: every request and job but the alarm path. */
  db: Db;
  /**
   * The alarm lane: what an SOS press and its acknowledgement wait on — the resident's
   * token check, storing and loading the alarm, the alarm inbox, acknowledgement, escalation. It
   * has connections of its own, so no query on the main lane, however slow, holds an alarm
   * behind it: on PostgreSQL a separate pool of {@link ALARM_POOL_MAX}; on the embedded
   * database (one session) a second connection whose waiters go first (db/lanes.ts), so an
   * alarm waits for at most the one statement or transaction in flight.
   */
  alarmDb: Db;
  kind: 'pglite' | 'postgres';
  /** The main lane's queue now (cheap: no query). */
  mainLaneLoad(): LaneLoad;
  /** Applies pending migrations from ./drizzle (idempotent). */
  migrate(): Promise<void>;
  /**
   * The upkeep autovacuum would do: without fresh statistics and a visibility map the planner
   * walks the wrong index (a 100k-row list page went from 0.07 ms to 32 ms). PGlite, which has no
   * autovacuum nor the counters to go by: `VACUUM ANALYZE` of everything, at start-up and by the
   * hourly purge job. PostgreSQL: `autovacuumStandIn` (db/autovacuum.ts) — nothing while its
   * autovacuum is on; with it off, the tables autovacuum would handle, at start-up and every
   * STATISTICS_CHECK_MS.
   * @returns the tables handled (PostgreSQL; empty on PGlite)
   */
  maintain(): Promise<UpkeepDone[]>;
  /**
   * Runs `fn` while holding the start-up lock: a PostgreSQL session advisory lock on a
   * connection of its own, so instances starting together migrate and load demo data one after
   * the other (the second then finds the work done). Released when `fn` settles. On the embedded
   * database (one process by construction) `fn` simply runs.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Embedded database in a data folder only: copies its database to the new folder `dest` while
   * it runs (db/snapshot.ts: an online base backup; opened, it holds every transaction committed
   * before the copy ended). @throws on PostgreSQL (use pg_dump) and for an in-memory database.
   */
  snapshot(dest: string): Promise<void>;
  close(): Promise<void>;
}

/** Key of the start-up advisory lock (an arbitrary constant shared by every instance). */
const STARTUP_LOCK_KEY = 0x5d_0001;

/** Connections of the main lane's pool on a PostgreSQL server. */
export const MAIN_POOL_MAX = 10;
/** Connections of the alarm lane's pool on a PostgreSQL server. */
export const ALARM_POOL_MAX = 4;
/**
 * Longest wait (ms) for a connection of a PostgreSQL server's lane: a new connection, or a turn
 * when all are busy. Past it the query fails as "database unavailable" (503 with Retry-After), so
 * a request never hangs on a server that does not answer.
 */
export const CONNECT_TIMEOUT_MS = 3000;

/**
 * A lane's Drizzle handle over `pool`. When the pool pipelines (`pipeline: true`), the lane is
 * registered with db/society-scope.ts together with what a pipelined transaction needs: the
 * pool, and Drizzle's transaction object built from this lane's dialect and schema on a
 * checked-out connection (what `db.transaction` would hand out, without its awaited BEGIN) — the
 * same object for every transaction on that connection.
 */
function laneDb(pool: pg.Pool, pipelined: boolean): Db {
  if (!pipelined) return drizzle(pool, { schema });
  const dialect = new PgDialect();
  const tables = extractTablesRelationalConfig<ExtractTablesWithRelations<typeof schema>>(schema, createTableRelationsHelpers);
  const relational: RelationalSchemaConfig<ExtractTablesWithRelations<typeof schema>> = {
    fullSchema: schema,
    schema: tables.tables,
    tableNamesMap: tables.tableNamesMap,
  };
  const db = new NodePgDatabase<typeof schema>(dialect, new NodePgSession(pool, dialect, relational), relational);
  // One handle per connection, kept while the pool keeps the connection: it holds no state of a
  // transaction, and statements built once (db/built-once.ts) are kept with the handle they run on.
  const handles = new WeakMap<pg.PoolClient, Db>();
  return registerPipelinedLane(db, {
    pool,
    transaction: (client) => {
      let tx = handles.get(client);
      if (!tx) handles.set(client, (tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, relational), relational)));
      return tx;
    },
  });
}

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

/**
 * @param opts.databaseUrl  postgres://… to use a PostgreSQL server
 * @param opts.dataDir      PGlite data folder (created if missing); omit for an in-memory database
 * @param opts.loadDataDir  embedded database only: path of a tarball written by PGlite's
 *   `dumpDataDir`; the database starts as a copy of it (already migrated and seeded, for
 *   the test suite's template database) instead of empty. @throws with `databaseUrl`.
 * @param opts.onConnectionError where dropped connections are reported (default: stderr)
 * The caller must hold the data-dir lock (see lock.ts) before opening a PGlite folder.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  loadDataDir?: string;
  onConnectionError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.databaseUrl && opts.loadDataDir) throw new Error('loadDataDir is for the embedded database, not a PostgreSQL server');
  const embedded = opts.databaseUrl ? undefined : await startEmbeddedServer({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir });
  const gate = new LaneGate();
  // A connection that drops (a restart, a failover, pg_terminate_backend) is reported and
  // replaced by the next checkout; it never ends the process (db/resilient-pool.ts).
  const onError = opts.onConnectionError ?? ((err: Error) => console.error(`database connection error: ${err.message}`));
  const server = (max: number): pg.PoolConfig => ({ connectionString: opts.databaseUrl, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // pipeline (both lanes): a society-scoped unit of work sends BEGIN and its settings with its first
  // statement in one round trip (db/society-scope.ts); one-statement-at-a-time callers see no
  // difference. On the alarm lane an SOS press is then one round trip (inSocietyOneStatement).
  // Named statements (PostgreSQL only: db/statement-names.ts): parsed once per connection.
  const names = new StatementNames();
  const pool = embedded
    ? new GatedPool(embedded.poolConfig, gate, false, onError)
    : new ResilientPool({ ...server(MAIN_POOL_MAX), pipeline: true }, onError, names);
  const alarmPool = embedded
    ? new GatedPool(embedded.poolConfig, gate, true, onError)
    : new ResilientPool({ ...server(ALARM_POOL_MAX), pipeline: true }, onError, names);
  // Both lanes confirm a request's cached session before its first query (db/resilient-pool.ts).
  pool.checksSessions = alarmPool.checksSessions = true;
  const db = laneDb(pool, !embedded);
  return {
    db,
    alarmDb: laneDb(alarmPool, !embedded),
    kind: embedded ? 'pglite' : 'postgres',
    mainLaneLoad: () => (embedded ? { waiting: gate.waiting.normal, waitMs: 0 } : { waiting: pool.waitingCount, waitMs: pool.waitMs }),
    migrate: () => migrate(drizzle(pool, { schema }), { migrationsFolder: MIGRATIONS }),
    async maintain() {
      if (!embedded) return autovacuumStandIn((text) => pool.query(text));
      await pool.query('vacuum analyze');
      return [];
    },
    async exclusive(fn) {
      if (embedded) return fn();
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        return await fn();
      } finally {
        // Ending the session releases the lock even if the unlock fails.
        await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).then(
          () => client.release(),
          (err: Error) => client.release(err),
        );
      }
    },
    async snapshot(dest) {
      if (!embedded) throw new Error('A PostgreSQL database is backed up with pg_dump');
      if (!opts.dataDir) throw new Error('An in-memory database has no folder to copy');
      await snapshotDataFolder(path.resolve(opts.dataDir), dest, async (statement) => (await pool.query(statement)).rows as Record<string, unknown>[]);
    },
    async close() {
      await Promise.all([pool.end(), alarmPool.end()]);
      await embedded?.close();
    },
  };
}
