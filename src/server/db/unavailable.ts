/**
 * Telling "the database is not there" apart from every other failure: a request that meets it is
 * answered 503 with Retry-After (lib/error-handler.ts), and a background job pauses instead of
 * reporting a failure every tick (lib/interval-job.ts).
 */

/**
 * SQLSTATEs of a database that went away or refuses connections for now: class 08 (connection
 * exception), 57P01–57P03 (admin shutdown, crash shutdown, cannot connect now: a restart or a
 * failover), 53300 (too many connections), 55000 with a "not currently accepting connections"
 * message is covered by its text below.
 */
const OUTAGE_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Socket errors of a connection that could not be made or was cut. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** node-postgres' and pg-pool's own texts for the same situations. */
const OUTAGE_TEXT = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'not queryable',
  'is not currently accepting connections',
  'Cannot use a pool after calling end',
  'database connection ended',
  // ioredis (the shared limits, with REDIS_URL): a command given up while Redis is away.
  'Reached the max retries per request limit',
  'Connection is closed.',
  'Command timed out',
];

/**
 * True when `err` (or any error in its `cause` chain, as Drizzle wraps driver errors in
 * `DrizzleQueryError`) says the database — or Redis, which holds the shared limits when
 * REDIS_URL is set — cannot be reached right now, rather than that a query was wrong. Never throws.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e !== null && typeof e === 'object' && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith('08') || OUTAGE_CODES.has(code) || SOCKET_CODES.has(code))) return true;
    // The embedded database's Unix socket is missing while its worker restarts.
    if (code === 'ENOENT' && (e as { syscall?: unknown }).syscall === 'connect') return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && OUTAGE_TEXT.some((t) => message.includes(t))) return true;
  }
  return false;
}
