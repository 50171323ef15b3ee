/**
 * The sign-in throttle shared by every instance: the same limits and guarantee as the in-memory
 * {@link LoginThrottle} — an attempt is counted *before* its secret is checked, so a burst of
 * concurrent guesses, spread over any number of instances, checks at most `maxFailures` guesses
 * per (address, account) in the window — with the counts in PostgreSQL (`login_attempts`, when
 * DATABASE_URL is set) or in Redis (when REDIS_URL is set).
 *
 * Keys and limits (as in memory, `throttleKeys`): staff `e:<ip>:<email>` maxFailures, `ip:<ip>`
 * maxFailures × 4, `a:<email>` maxPerAccount (emails lower-cased); residents the same under `r:`
 * with `p:<phone>` as the account key. Windows slide on the app's injected clock.
 */
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/raw-rows.js';
import { LoginThrottle, throttleKeys, type LoginAttempt, type SignInThrottle, type ThrottleScope } from './login-throttle.js';

/** One key's attempts in the window: how many, and the oldest one's epoch milliseconds. */
const ZWindowRow = z.object({ key: z.string(), n: z.coerce.number(), oldest_ms: z.coerce.number() });

/** The limits of a throttle: failures per (address, account) and per account in `windowMs` (ms); `now` is epoch ms. */
export interface ThrottleLimits {
  maxFailures: number;
  windowMs: number;
  maxPerAccount: number;
  now: () => number;
}

/** A signed 64-bit advisory-lock number for a key (first 8 bytes of its SHA-256). */
function lockNumber(key: string): bigint {
  return createHash('sha256').update(key).digest().readBigInt64BE(0);
}

/**
 * Counts in PostgreSQL. `begin` is one short transaction on the owner connection: it takes a
 * transaction-scoped advisory lock per key (in ascending lock-number order, so two sign-ins never
 * wait on each other in a cycle), counts each key's rows in the window, and inserts the attempt's
 * three rows only when every key is under its limit. A second instance's `begin` on the same key
 * waits for that commit and then counts the new rows, so the check and the increment are atomic
 * across instances. Rows older than the window are deleted by the purge job
 * (`maintenanceRepo.deleteLoginAttemptsBefore`).
 */
export function pgLoginThrottle(db: Db, limits: ThrottleLimits, scope: ThrottleScope = 'staff'): SignInThrottle {
  return {
    async begin(ip, account) {
      const { pair, keys } = throttleKeys(scope, ip, account, limits);
      const t = limits.now();
      const since = new Date(t - limits.windowMs);
      const names = keys.map(([k]) => k);
      const id = randomUUID();
      const wait = await db.transaction(async (tx) => {
        const locks = [...new Set(names.map(lockNumber))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        for (const n of locks) await tx.execute(sql`select pg_advisory_xact_lock(${n.toString()}::bigint)`);
        const result = await tx.execute(sql`
          select key, count(*)::int as n, (extract(epoch from min(at)) * 1000)::float8 as oldest_ms from login_attempts
          where key in (${sql.join(
            names.map((k) => sql`${k}`),
            sql`, `,
          )}) and at > ${since.toISOString()}::timestamptz
          group by key`);
        let w = 0;
        for (const r of rowsOf(result, ZWindowRow)) {
          const limit = keys.find(([k]) => k === r.key)![1];
          if (Number(r.n) < limit) continue;
          // At least 1 s, also should the oldest time not parse: a limit reached always refuses.
          const s = Math.ceil((Number(r.oldest_ms) + limits.windowMs - t) / 1000);
          w = Math.max(w, Number.isFinite(s) ? s : 1, 1);
        }
        if (w > 0) return w;
        const at = new Date(t).toISOString();
        await tx.execute(
          sql`insert into login_attempts (key, attempt_id, at) values ${sql.join(
            names.map((k) => sql`(${k}, ${id}::uuid, ${at}::timestamptz)`),
            sql`, `,
          )}`,
        );
        return 0;
      });
      if (wait > 0) return { retryAfterS: wait };
      const mine = sql`key in (${sql.join(
        names.map((k) => sql`${k}`),
        sql`, `,
      )}) and attempt_id = ${id}::uuid`;
      return {
        succeeded: async () => {
          await db.execute(sql`delete from login_attempts where (${mine}) or key = ${pair}`);
        },
        abandoned: async () => {
          await db.execute(sql`delete from login_attempts where ${mine}`);
        },
      } satisfies LoginAttempt;
    },
  };
}

/**
 * The Redis check-and-count: for each key (a sorted set of attempt ids scored by start time in
 * ms), drop entries outside the window and compare the count with the key's limit; if every key is
 * under it, add the attempt to all of them. One script runs atomically in Redis.
 * KEYS: the keys; ARGV: now (ms), window (ms), attempt id, then each key's limit.
 * Returns 0 (counted) or the wait in seconds (≥ 1).
 */
const BEGIN_SCRIPT = `
local now = tonumber(ARGV[1])
local win = tonumber(ARGV[2])
local wait = 0
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - win)
  if redis.call('ZCARD', key) >= tonumber(ARGV[3 + i]) then
    local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
    local w = math.ceil((tonumber(oldest[2]) + win - now) / 1000)
    if w < 1 then w = 1 end
    if w > wait then wait = w end
  end
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[3])
  redis.call('PEXPIRE', key, win)
end
return 0
`;

/**
 * Counts in Redis: each key is a sorted set under `prefix` (default `sd:login:`; the app passes
 * its database's, `sd:<database>:login:`, lib/redis-namespace.ts), checked and
 * incremented by one Lua script (atomic in Redis), expiring a window after its last attempt, so
 * Redis needs no purge. The keys of one sign-in may live in different slots: use a single Redis
 * (or one with replicas), not Redis Cluster.
 */
export function redisLoginThrottle(redis: Redis, limits: ThrottleLimits, scope: ThrottleScope = 'staff', prefix = 'sd:login:'): SignInThrottle {
  return {
    async begin(ip, account) {
      const { pair, keys } = throttleKeys(scope, ip, account, limits);
      const names = keys.map(([k]) => prefix + k);
      const id = randomUUID();
      const wait = Number(await redis.eval(BEGIN_SCRIPT, names.length, ...names, limits.now(), limits.windowMs, id, ...keys.map(([, l]) => l)));
      if (wait > 0) return { retryAfterS: wait };
      return {
        succeeded: async () => {
          const m = redis.multi();
          for (const k of names) m.zrem(k, id);
          m.del(prefix + pair);
          await m.exec();
        },
        abandoned: async () => {
          const m = redis.multi();
          for (const k of names) m.zrem(k, id);
          await m.exec();
        },
      } satisfies LoginAttempt;
    },
  };
}

/** Longest wait (ms) for one command of the shared limits' Redis before it fails as unavailable. */
export const REDIS_COMMAND_TIMEOUT_MS = 2000;

/** Where the sign-in counts live and what the rate limits share. */
export interface SharedLimits {
  kind: 'memory' | 'postgres' | 'redis';
  /** Staff sign-in by email (its two-factor step, password changes, the two-factor enrolment confirm). */
  throttle: SignInThrottle;
  /** Resident sign-in by phone (and the resident's password change): the same store and limits, its own keys. */
  residentThrottle: SignInThrottle;
  /** For @fastify/rate-limit's `redis` option (REDIS_URL on PostgreSQL); undefined: per-instance counts in memory. */
  rateLimitRedis: Redis | undefined;
  /** Closes the Redis connection, if any. Idempotent. */
  close(): Promise<void>;
}

/**
 * Picks the store of both sign-in throttles (staff, residents): embedded PGlite (one process)
 * keeps them in memory; on PostgreSQL the counts are shared — in Redis when `redisUrl` (REDIS_URL) is set, otherwise in
 * PostgreSQL's `login_attempts`. With Redis, @fastify/rate-limit's counters are shared too; on
 * PostgreSQL alone they stay per instance (coarse limits; the sign-in failures are what is shared).
 * Throws when Redis cannot be reached at start-up.
 */
export async function sharedLimitsFor(opts: {
  dbKind: 'pglite' | 'postgres';
  db: Db;
  redisUrl?: string;
  /** Prefix of the sign-in counts' Redis keys (`redisKeyPrefixes(DATABASE_URL).login`); default `sd:login:`. */
  redisPrefix?: string;
  limits: ThrottleLimits;
  onRedisError(err: Error): void;
}): Promise<SharedLimits> {
  const { limits } = opts;
  if (opts.dbKind === 'pglite') {
    const memory = (scope: ThrottleScope) => new LoginThrottle(limits.maxFailures, limits.windowMs, limits.now, limits.maxPerAccount, scope);
    return { kind: 'memory', throttle: memory('staff'), residentThrottle: memory('resident'), rateLimitRedis: undefined, close: async () => undefined };
  }
  if (!opts.redisUrl) {
    return {
      kind: 'postgres',
      throttle: pgLoginThrottle(opts.db, limits, 'staff'),
      residentThrottle: pgLoginThrottle(opts.db, limits, 'resident'),
      rateLimitRedis: undefined,
      close: async () => undefined,
    };
  }
  // One connection for both: the throttle's script and the rate limit's INCR are short commands.
  // Bounded, so a Redis that is away or hangs costs a sign-in at most about REDIS_COMMAND_TIMEOUT_MS
  // and then a 503 (db/unavailable.ts), not the ~20 reconnections ioredis waits through by default.
  // Loaded here, not at the top: without REDIS_URL the process never holds ioredis (idle RSS).
  const { Redis } = await import('ioredis');
  const redis = new Redis(opts.redisUrl, {
    lazyConnect: true,
    connectionName: 'society-desk:limits',
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  redis.on('error', (err: Error) => opts.onRedisError(err));
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect();
    throw new Error(`REDIS_URL: cannot connect to Redis (${(err as Error).message})`, { cause: err });
  }
  let closed = false;
  return {
    kind: 'redis',
    throttle: redisLoginThrottle(redis, limits, 'staff', opts.redisPrefix),
    residentThrottle: redisLoginThrottle(redis, limits, 'resident', opts.redisPrefix),
    rateLimitRedis: redis,
    async close() {
      if (closed) return;
      closed = true;
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
