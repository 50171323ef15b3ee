/**
 * The Socket.IO adapter, chosen at start-up (ADR 0005): how a room event raised on one
 * instance reaches the sockets connected to the others.
 * - Embedded PGlite: the default in-memory adapter. PGlite is one process by construction (its
 *   data folder is locked), so there is nothing to reach.
 * - PostgreSQL (`DATABASE_URL`) without `REDIS_URL`: `@socket.io/postgres-adapter` (LISTEN/NOTIFY)
 *   on its own small pool ({@link ADAPTER_POOL_MAX} connections: one LISTENs, one publishes), so
 *   the adapter never takes a connection from the request or alarm lanes. The publishing
 *   connection pipelines (see {@link pipelinedQueries}): the adapter as published sends each
 *   NOTIFY through `pool.query`, which waits for a connection and then for the answer, so one
 *   connection carried at most one NOTIFY a round trip. On a saturated machine (the load bench's
 *   capacity run) 387 publishes were seen queued for it, alarms reached the other instance's
 *   screens seconds late, and past the pool's 5 s wait they were dropped (134 in one run).
 *   Payloads over 8,000 bytes travel through the table {@link ATTACHMENTS_TABLE}, created here if
 *   missing (in its own schema, outside the migrated `public` one, which the adapter's cleanup
 *   owns).
 * - PostgreSQL with `REDIS_URL`: `@socket.io/redis-adapter` over two ioredis connections (publish,
 *   subscribe); the adapter's documentation recommends ioredis over node-redis because node-redis
 *   does not always restore its subscriptions after a reconnection.
 *
 * Publish first, never wait for it: the PostgreSQL adapter as published awaits its NOTIFY round
 * trip before it writes a broadcast to this instance's own sockets, so every local alarm pays that
 * round trip, and a slow or hung adapter connection would delay (or hold) them all. Its `broadcast`
 * is replaced here (see {@link publishFirst}): the NOTIFY goes on the wire first, the local writes
 * follow at once without waiting for its answer (the Redis adapter's order).
 */
import type pg from 'pg';
import { ResilientPool } from '../db/resilient-pool.js';
import { databaseNameOf } from '../lib/redis-namespace.js';
import { withTimeout } from '../lib/with-timeout.js';
import { Adapter, MessageType, type BroadcastOptions, type ClusterAdapterWithHeartbeat } from 'socket.io-adapter';
import type { ServerOptions } from 'socket.io';

/** Connections of the PostgreSQL adapter's own pool: one held by LISTEN, one for NOTIFY and reads. */
export const ADAPTER_POOL_MAX = 2;
/** Longest wait for the adapter's PostgreSQL connection at start-up, and for its pool at close. */
const ADAPTER_CONNECT_MS = 5000;
/**
 * Longest wait (ms) for the answer to one of the adapter's statements (node-postgres
 * `query_timeout`). On the pipelined publishing connection a publish not answered in time ends
 * the connection: every publish queued on it fails (reported), and the next opens a new one.
 */
export const ADAPTER_QUERY_TIMEOUT_MS = 5000;
/** Where the PostgreSQL adapter stores payloads over NOTIFY's 8,000-byte limit. */
export const ATTACHMENTS_TABLE = 'socket_io.attachments';

export interface RealtimeAdapter {
  kind: 'memory' | 'postgres' | 'redis';
  /** True when other instances may be listening (presence then asks them; see socket.ts). */
  clustered: boolean;
  /** For `new Server(…, { adapter })`; undefined: Socket.IO's in-memory adapter. */
  adapter: ServerOptions['adapter'] | undefined;
  /** Releases the adapter's own connections; call after `io.close()`. Idempotent. */
  close(): Promise<void>;
}

export interface AdapterOptions {
  /** Which database the app runs on: the embedded one always gets the in-memory adapter. */
  dbKind: 'pglite' | 'postgres';
  /** DATABASE_URL; without it (an app built on an already open database) the in-memory adapter. */
  databaseUrl?: string;
  /** REDIS_URL: when set (and on PostgreSQL), the Redis adapter instead of the PostgreSQL one. */
  redisUrl?: string;
  /** Where connection errors of the adapter are reported (they never crash the process). */
  onError(err: Error, source: 'postgres' | 'redis'): void;
}

const memory: RealtimeAdapter = { kind: 'memory', clustered: false, adapter: undefined, close: async () => undefined };

/**
 * Picks and connects the adapter (see the module comment). Throws if Redis (REDIS_URL) or the
 * PostgreSQL server cannot be reached at start-up, so a misconfigured instance does not start as
 * an island whose alarms reach only its own screens.
 */
export async function realtimeAdapter(opts: AdapterOptions): Promise<RealtimeAdapter> {
  // No URL (an app built by hand on an already open database, e.g. in a test): one instance only.
  if (opts.dbKind === 'pglite' || !opts.databaseUrl) return memory;
  if (opts.redisUrl) return redisAdapter(opts.redisUrl, redisChannelPrefix(opts.databaseUrl), opts.onError);
  return postgresAdapter(opts.databaseUrl, opts.onError);
}

/**
 * Redis pub/sub channels are global to a Redis server (not per logical database), and room names
 * (`society:1:security`) repeat between deployments: the channels are prefixed with the
 * PostgreSQL database's name, so two deployments sharing one Redis never hear each other's alarms.
 * Every instance of one deployment uses the same database, hence the same prefix.
 */
export function redisChannelPrefix(databaseUrl: string): string {
  return `sd:${databaseNameOf(databaseUrl)}:socket.io`;
}

async function redisAdapter(url: string, key: string, onError: AdapterOptions['onError']): Promise<RealtimeAdapter> {
  // Each adapter's packages are loaded only when it is chosen: an instance holds no code it does
  // not run (idle RSS, bench/startup.ts).
  const [{ Redis }, { createAdapter: createRedisAdapter }] = await Promise.all([import('ioredis'), import('@socket.io/redis-adapter')]);
  // Commands queue while disconnected and replay on reconnection (ioredis default), so a publish
  // during a short Redis outage is sent late rather than lost; none of it blocks local delivery.
  const pub = new Redis(url, { lazyConnect: true, connectionName: 'society-desk:socket.io-pub' });
  const sub = pub.duplicate({ connectionName: 'society-desk:socket.io-sub' });
  for (const c of [pub, sub]) c.on('error', (err: Error) => onError(err, 'redis'));
  try {
    await Promise.all([pub.connect(), sub.connect()]);
  } catch (err) {
    pub.disconnect();
    sub.disconnect();
    throw new Error(`REDIS_URL: cannot connect to Redis (${(err as Error).message})`, { cause: err });
  }
  let closed = false;
  return {
    kind: 'redis',
    clustered: true,
    adapter: createRedisAdapter(pub, sub, { key, requestsTimeout: 2000 }),
    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}

async function postgresAdapter(url: string, onError: AdapterOptions['onError']): Promise<RealtimeAdapter> {
  const { createAdapter: createPostgresAdapter } = await import('@socket.io/postgres-adapter');
  // keepAlive: a LISTEN connection silently cut (NAT, failover) is noticed, ended and re-made by
  // the adapter (1–3 s back-off) instead of listening to nothing.
  // ResilientPool: the adapter holds its LISTEN connection without an 'error' listener and never
  // releases it when it dies; this pool hears the error and frees the slot, so a PostgreSQL restart
  // costs a reconnection (the adapter's own, every 1–3 s until it succeeds), not the process.
  const pool = new ResilientPool(
    {
      connectionString: url,
      max: ADAPTER_POOL_MAX,
      application_name: 'society-desk:socket.io',
      keepAlive: true,
      connectionTimeoutMillis: ADAPTER_CONNECT_MS,
      pipeline: true,
      query_timeout: ADAPTER_QUERY_TIMEOUT_MS,
    },
    (err) => onError(err, 'postgres'),
  );
  const client = await pool.connect();
  try {
    // Two instances starting together must not race on CREATE … IF NOT EXISTS (pg_type conflict).
    await client.query('begin');
    await client.query(`select pg_advisory_xact_lock(hashtext('${ATTACHMENTS_TABLE}'))`);
    await client.query('create schema if not exists socket_io');
    await client.query(`create table if not exists ${ATTACHMENTS_TABLE} (id bigserial unique, created_at timestamptz default now(), payload bytea)`);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    client.release();
    await pool.end();
    throw err;
  }
  client.release();
  // The adapter takes its LISTEN connection from the pool as soon as it is created, and keeps it
  // only once that is done: closed before, it would never give it back and `pool.end()` would wait
  // forever (an app closed right after start). So wait for it here (the first checkout from now on).
  const listening = new Promise<void>((resolve) => pool.once('acquire', () => setImmediate(resolve)));
  const publisher = pipelinedQueries(pool);
  const create = createPostgresAdapter(pool, { tableName: ATTACHMENTS_TABLE, errorHandler: (err) => onError(err, 'postgres') });
  await withTimeout(listening, ADAPTER_CONNECT_MS, 'socket.io adapter: no PostgreSQL connection to LISTEN on');
  let closed = false;
  return {
    kind: 'postgres',
    clustered: true,
    // A `function`, not an arrow: Socket.IO calls the adapter factory with `new`.
    adapter: function postgresPublishFirst(nsp: Parameters<typeof create>[0]) {
      return publishFirst(create(nsp));
    },
    async close() {
      if (closed) return;
      closed = true;
      await publisher.release();
      // A reconnection caught half-way keeps its connection; do not let that hold a shutdown.
      await withTimeout(pool.end(), ADAPTER_CONNECT_MS, 'socket.io adapter pool did not close').catch((err: Error) => onError(err, 'postgres'));
    },
  };
}

/**
 * Sends every `pool.query` of the adapter (its NOTIFYs, attachments and cleanup; LISTEN holds a
 * connection of its own through `pool.connect`) on one connection of `pool` held for the purpose,
 * in pipeline mode: each statement leaves at once, without waiting for the answer to the one
 * before, and PostgreSQL answers them in the order sent — so publishes keep their order, and one
 * connection carries as many a second as PostgreSQL runs instead of one a round trip. The held
 * connection is checked out on the first query; when it ends (the database restarted, or a
 * statement went unanswered for {@link ADAPTER_QUERY_TIMEOUT_MS}) the statements on it fail and
 * the next query checks out a new one. `pool` must pipeline (`pipeline: true`).
 * @returns `release()`: gives the held connection back (before `pool.end()`, which waits for it)
 */
function pipelinedQueries(pool: ResilientPool): { release(): Promise<void> } {
  /** The held connection: a query is written to it at once, not a promise job later. */
  let current: pg.PoolClient | undefined;
  /** The checkout under way while none is held; queries made meanwhile are sent in order once it is. */
  let checkout: Promise<pg.PoolClient> | undefined;
  const connect = () =>
    pool.connect().then(
      (client) => {
        current = client;
        checkout = undefined;
        // An ended connection is forgotten (statements on it have failed); the next query opens another.
        client.once('end', () => {
          if (current === client) current = undefined;
        });
        return client;
      },
      (err: unknown) => {
        checkout = undefined;
        throw err;
      },
    );
  // The adapter calls `query(text, values)` and awaits the promise; nothing else reaches it.
  pool.query = ((text: string, values?: unknown[]) =>
    current ? current.query(text, values) : (checkout ??= connect()).then((client) => client.query(text, values))) as typeof pool.query;
  return {
    async release() {
      const client = current ?? (await checkout?.catch(() => undefined));
      current = undefined;
      client?.release();
    },
  };
}

/**
 * Makes a cluster adapter publish a broadcast without waiting for it: the message is serialised
 * and handed to the publishing connection synchronously, which writes it at once once it is
 * checked out ({@link pipelinedQueries}), and the local writes are queued behind it
 * (`process.nextTick`). So the NOTIFY is on the wire before this instance spends its ~17 µs a
 * socket writing to its own screens (other instances do not wait for that), and the local screens
 * wait for nothing but a tick — not the round trip, nor a slow adapter connection. Broadcasts keep
 * their order. Acknowledged broadcasts and every other operation are unchanged. Connection state
 * recovery (which needs the published offset) is not used by this app.
 */
function publishFirst<A extends ClusterAdapterWithHeartbeat>(adapter: A): A {
  // Returns a settled promise, as ClusterAdapter's `broadcast` is typed; Socket.IO does not wait on it.
  adapter.broadcast = (packet: unknown, opts: BroadcastOptions) => {
    if (!opts.flags?.local) {
      // `publish` is public from ClusterAdapterWithHeartbeat on (the PostgreSQL adapter's base).
      // Missing flags read as none on the receiving side, as they do here.
      adapter.publish({
        type: MessageType.BROADCAST,
        data: { packet, opts: { rooms: [...opts.rooms], except: [...(opts.except ?? [])], flags: opts.flags ?? {} } },
      });
    }
    process.nextTick(() => Adapter.prototype.broadcast.call(adapter, packet, opts));
    return Promise.resolve();
  };
  return adapter;
}
