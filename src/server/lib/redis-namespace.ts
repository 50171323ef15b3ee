/**
 * Names in a shared Redis. Redis keys and pub/sub channels are global to a Redis server, while
 * what they count (an address, a staff id, a society id) repeats between deployments: two
 * deployments sharing one Redis would share sign-in failures and rate limits, and hear each
 * other's alarms. Every name is therefore prefixed with the PostgreSQL database's name, which every
 * instance of one deployment shares and two deployments on one server cannot (a database name is
 * unique on its server).
 */

/** The database name in `databaseUrl` (postgres://…/name), decoded; `postgres` when the path is empty. */
export function databaseNameOf(databaseUrl: string): string {
  return decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, '')) || 'postgres';
}

/** The key prefixes of the shared limits in Redis, each ending in `:`. */
export interface RedisKeyPrefixes {
  /** Sign-in throttles (staff and resident): `sd:<database>:login:`. */
  login: string;
  /** The app's rate limits (lib/rate-limit): `sd:<database>:limit:`. */
  limit: string;
  /** @fastify/rate-limit's `nameSpace` (the coarse per-address limits): `sd:<database>:rate:`. */
  rate: string;
}

/**
 * The Redis key prefixes of the deployment on `databaseUrl` (see the module comment).
 * Without a URL (an app built by hand on an already open database, e.g. in a test) the prefixes
 * carry no database name: `sd:login:`, `sd:limit:`, `sd:rate:`.
 * @throws TypeError when `databaseUrl` is set but not a URL
 */
export function redisKeyPrefixes(databaseUrl: string | undefined): RedisKeyPrefixes {
  const base = databaseUrl ? `sd:${databaseNameOf(databaseUrl)}:` : 'sd:';
  return { login: `${base}login:`, limit: `${base}limit:`, rate: `${base}rate:` };
}
