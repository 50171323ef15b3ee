/**
 * A `pg.Pool` that survives its database going away: a PostgreSQL restart, a failover or an
 * administrator's `pg_terminate_backend` must cost failed queries, never the process.
 *
 * node-postgres emits `'error'` on a `Client` whose connection the server ends (57P01 and the
 * like). A Pool listens on its IDLE clients only; a client that is checked out — a transaction in
 * flight, or a connection held for good such as the Socket.IO adapter's LISTEN connection — has no
 * listener, and Node throws an unheard `'error'` event, which ends the process. Here:
 * - every client the pool creates gets a permanent `'error'` listener (reported to `onError`);
 * - a checked-out client whose connection ends is released to the pool with an error at once, so
 *   its slot is freed for a new connection even if its holder never releases it (the Socket.IO
 *   adapter drops a dead LISTEN client without releasing it and takes a new one);
 * - `release` is idempotent, so the holder's own later release is harmless.
 *
 * The next checkout opens a new connection: lanes reconnect by themselves once the database
 * answers again. A checkout for a request whose client has gone is refused, before it waits for
 * a connection and again once it has one (lib/request-context.ts `mayStartQuery`).
 *
 * A lane's pool ({@link ResilientPool.checksSessions}) also confirms the cached session of the
 * request it serves before that request's first query, when no society-scoped transaction has
 * done so (db/society-scope.ts carries the check in its scope statement): one statement of its
 * own, on the checked-out connection, before the caller's. A session that no longer holds is
 * refused there (the guard's 401/403), so no query of the request runs.
 */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { isSessionGone, mayStartQuery, pendingClaim, type PendingClaim } from '../lib/request-context.js';
import { laneClient } from './lane-client.js';
import type { StatementNames } from './statement-names.js';

/** pg.Pool's connect callback (its `done` is the client's release). */
export type ConnectCallback = Parameters<pg.Pool['connect']> extends [infer C] ? C : never;

/** Where a resilient pool reports connection errors; never throws. */
export type PoolErrorReporter = (err: Error) => void;

/** Weight of the newest checkout in {@link ResilientPool.waitMs} (an exponential moving average). */
const WAIT_EWMA_WEIGHT = 0.2;

export class ResilientPool extends pg.Pool {
  /**
   * Moving average of how long (ms) recent checkouts waited for a connection: near 0 while
   * connections are free, growing as requests queue for them (admission control reads it).
   */
  waitMs = 0;
  /**
   * True on the app's lanes (db/client.ts): a checkout for a request whose cached session is not
   * confirmed yet sends the check first (see the module comment). Off elsewhere (the Socket.IO
   * adapter's pool, whose NOTIFYs carry nobody's data).
   */
  checksSessions = false;
  /**
   * Whether {@link connect} itself sends the check; false where a subclass sends it once its own
   * hold on the checkout is ready to be given back (db/lanes.ts GatedPool: the gate must be open
   * before a refused check's fresh read of the session asks for it).
   */
  protected checksInConnect = true;

  /**
   * @param config the usual pool settings
   * @param onError called for every error of an idle or checked-out connection (log it)
   * @param statementNames when given, the pool's connections are a PostgreSQL lane's
   *   (db/lane-client.ts): parameterised statements sent as named (server-side prepared)
   *   statements, and the statements of a burst in one write
   */
  constructor(config: pg.PoolConfig, onError: PoolErrorReporter, statementNames?: StatementNames) {
    super(statementNames ? { ...config, Client: laneClient(statementNames) } : config);
    this.on('error', (err) => onError(err));
    this.on('connect', (client) => client.on('error', (err: Error) => onError(err)));
  }

  /**
   * `client` once the current request's cached session is confirmed on it, when this pool checks
   * sessions and the request has one to confirm that the current work does not carry itself
   * (lib/request-context.ts `pendingClaim`); else `client` at once.
   */
  protected confirmed(client: pg.PoolClient): pg.PoolClient | Promise<pg.PoolClient> {
    const claim = this.checksSessions ? pendingClaim() : undefined;
    return claim ? confirmedOn(client, claim) : client;
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    let asked = 0;
    const checkout = Promise.resolve()
      .then(() => mayStartQuery())
      .then(() => {
        asked = performance.now();
        return super.connect();
      })
      .then((client) => {
        this.waitMs += WAIT_EWMA_WEIGHT * (performance.now() - asked - this.waitMs);
        try {
          mayStartQuery(true);
        } catch (err) {
          client.release();
          throw err;
        }
        const held = releasedOnEnd(client);
        return this.checksInConnect ? this.confirmed(held) : held;
      });
    if (!callback) return checkout;
    checkout.then(
      (client) => callback(undefined, client, client.release),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), undefined, () => undefined),
    );
  }
}

const dialect = new PgDialect();

/**
 * Sends the request's session check on `client` before handing it out. @returns `client`.
 * @throws the guard's refusal when the session no longer holds (the connection goes back to the
 *   pool first, unharmed: the check ran outside any transaction), or the check's own error.
 */
async function confirmedOn(client: pg.PoolClient, claim: PendingClaim): Promise<pg.PoolClient> {
  const { sql: text, params } = dialect.sqlToQuery(sql`select ${claim.check}`);
  try {
    await client.query(text, params);
  } catch (err) {
    client.release(isSessionGone(err) ? undefined : (err as Error));
    throw await claim.failed(err);
  }
  claim.confirmed();
  return client;
}

/**
 * Makes `client.release` idempotent and calls it (with an error) when the connection ends. The
 * call goes through `client.release` as it is then, so a subclass that wraps release after this
 * (db/lanes.ts GatedPool, which gives its gate back there) hears the end too.
 */
function releasedOnEnd(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const onEnd = () => client.release(new Error('database connection ended while checked out'));
  client.once('end', onEnd);
  client.release = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener('end', onEnd);
    release(err);
  };
  return client;
}
