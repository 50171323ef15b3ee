import type { Redis } from 'ioredis';
import { secondsUntil, type RateLimitStore } from './store.js';

/**
 * The check-and-count of store.ts's rule for one key, atomic in Redis: the key is a hash of the
 * window's end `e` (epoch ms, the app's clock) and the units used `u`.
 * KEYS[1]: the key; ARGV: now (ms), cost, limit, window (ms).
 * Returns 0 (counted) or the window's end in ms (refused, nothing counted).
 */
const TAKE_SCRIPT = `
local now = tonumber(ARGV[1])
local cost = tonumber(ARGV[2])
local w = redis.call('HMGET', KEYS[1], 'e', 'u')
local e = tonumber(w[1])
if (not e) or e <= now then
  redis.call('HSET', KEYS[1], 'e', now + tonumber(ARGV[4]), 'u', ARGV[2])
  redis.call('PEXPIRE', KEYS[1], ARGV[4])
  return 0
end
if tonumber(w[2]) + cost > tonumber(ARGV[3]) then return e end
redis.call('HINCRBY', KEYS[1], 'u', ARGV[2])
return 0
`;

/**
 * Counts in Redis under `prefix` (default `sd:limit:`; the app passes its database's,
 * `sd:<database>:limit:`, lib/redis-namespace.ts), one Lua script per take (one round trip,
 * atomic in Redis). A key expires a window after it opened (Redis's own clock: a backstop, the
 * window itself is decided on the app's clock), so Redis needs no purge.
 * While the connection is not ready (Redis down, reconnecting) a take throws at once instead of
 * waiting in ioredis's offline queue: the caller fails open without delay.
 */
export function redisRateLimitStore(redis: Redis, now: () => number, prefix = 'sd:limit:'): RateLimitStore {
  return {
    async take(key, cost, limit, windowMs) {
      const t = now();
      if (cost > limit) return secondsUntil(t + windowMs, t);
      if (redis.status !== 'ready') throw new Error(`rate limit ${key}: Redis is ${redis.status}`);
      const end = Number(await redis.eval(TAKE_SCRIPT, 1, prefix + key, t, cost, limit, windowMs));
      return end === 0 ? 0 : secondsUntil(end, t);
    },
  };
}
