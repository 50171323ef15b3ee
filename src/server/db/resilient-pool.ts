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
 * answers again.
 */
import pg from 'pg';

/** pg.Pool's connect callback (its `done` is the client's release). */
export type ConnectCallback = Parameters<pg.Pool['connect']> extends [infer C] ? C : never;

/** Where a resilient pool reports connection errors; never throws. */
export type PoolErrorReporter = (err: Error) => void;

export class ResilientPool extends pg.Pool {
  /**
   * @param config the usual pool settings
   * @param onError called for every error of an idle or checked-out connection (log it)
   */
  constructor(config: pg.PoolConfig, onError: PoolErrorReporter) {
    super(config);
    this.on('error', (err) => onError(err));
    this.on('connect', (client) => client.on('error', (err: Error) => onError(err)));
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const checkout = super.connect().then(releasedOnEnd);
    if (!callback) return checkout;
    checkout.then(
      (client) => callback(undefined, client, client.release),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), undefined, () => undefined),
    );
  }
}

/** Makes `client.release` idempotent and calls it (with an error) when the connection ends. */
function releasedOnEnd(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const onEnd = () => {
    if (released) return;
    released = true;
    release(new Error('database connection ended while checked out'));
  };
  client.once('end', onEnd);
  client.release = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener('end', onEnd);
    release(err);
  };
  return client;
}
