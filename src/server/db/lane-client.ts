/**
 * The connection class of the PostgreSQL lanes (the pools' `Client` option, db/resilient-pool.ts).
 * It changes how statements leave, never what they do:
 * - **Named statements:** each parameterised statement is sent as the named statement
 *   db/statement-names.ts gives its text, so a connection parses it once.
 * - **One write per burst:** node-postgres writes each statement to the socket as it is queued:
 *   one system call each, and each wakes the PostgreSQL backend again. The statements of a
 *   society-scoped unit of work leave without waiting for each other (BEGIN, its settings, its
 *   statements, and for the SOS press its COMMIT: db/society-scope.ts), so they are sent together:
 *   the socket is corked at the first statement of a burst and uncorked on the next tick, which
 *   comes after every promise job already queued — those that send the burst's other statements.
 *   A statement sent alone waits for no more than that tick. Measured on the load bench's
 *   instances: socket writes per list read 7.4 → 3.6–4.1, per SOS press 8.1 → 5.1.
 */
import pg from 'pg';
import { withName, type StatementNames } from './statement-names.js';

type QueryArgs = [config: unknown, values?: unknown, callback?: unknown];

/**
 * Corks `client`'s socket until the next tick, unless this burst already did. node-postgres corks
 * around a statement's messages too, but uncorks before `query` returns, so a socket found corked
 * here is corked for the burst (Node counts corks: node-postgres's nest inside this one).
 */
function holdWritesForBurst(client: pg.Client): void {
  const { stream } = client.connection;
  if (stream.writableCorked > 0) return;
  stream.cork();
  process.nextTick(() => stream.uncork());
}

/**
 * A `pg.Client` class for a PostgreSQL lane's pool: statements named by `names` and each burst
 * of statements sent in one write (see the module comment).
 * @param names the process's text → name table (shared by its lanes)
 */
export function laneClient(names: StatementNames): typeof pg.Client {
  class LaneClient extends pg.Client {}
  LaneClient.prototype.query = function (this: pg.Client, ...[config, values, callback]: QueryArgs) {
    // pg.Client's own query, looked up per call (a test may watch it).
    const send = pg.Client.prototype.query as (...a: QueryArgs) => unknown;
    holdWritesForBurst(this);
    return send.call(this, withName(config, values, names) ?? config, values, callback);
  } as typeof pg.Client.prototype.query;
  return LaneClient;
}
