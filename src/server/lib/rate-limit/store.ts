/**
 * Rate-limit counting, one mechanism for every limit on what one account can trigger (broadcasts,
 * single pushes, uploads and their bytes, spreadsheet imports, SOS presses): a store answers
 * `take(key, cost, limit, windowMs)`. Three stores share the rule below — in memory (embedded
 * PGlite: one process by construction), in PostgreSQL (`rate_limits`, postgres.ts) and in Redis
 * (redis.ts) — so with a PostgreSQL server every instance counts the same.
 *
 * The rule: a fixed window per key that opens at the first hit counted after the previous window
 * ended. A take is counted when the window's total plus `cost` stays within `limit`; a refused take
 * counts nothing and reports the seconds until the window ends. One row (or hash, or map entry) per
 * key makes the check-and-count one atomic step in every store — a single upsert statement in
 * PostgreSQL, one Lua script in Redis — where an exact sliding log would need a lock and several
 * round trips. The price: a burst straddling two windows can reach twice the limit in a short span,
 * which is fine for limits that cap work at tens or hundreds of times what a real society needs.
 */

export interface RateLimitStore {
  /**
   * Counts `cost` against `key` if the key's current window stays within `limit`.
   * @param key e.g. `broadcast:7` (the limit's name and whose count it is)
   * @param cost units of this hit: 1 for a request, the size in bytes for a byte budget (integer ≥ 1)
   * @param limit units allowed per window (integer ≥ 1)
   * @param windowMs the window's length in milliseconds
   * @returns 0 when counted; otherwise the whole seconds (≥ 1) until the window ends, nothing counted.
   *   A cost above the limit can never be counted: it is refused for a whole window.
   * @throws when the store cannot be reached (callers decide whether to fail open)
   */
  take(key: string, cost: number, limit: number, windowMs: number): Promise<number>;
}

/** Seconds (≥ 1) from `nowMs` until `endMs`, rounded up: what Retry-After says. */
export function secondsUntil(endMs: number, nowMs: number): number {
  const s = Math.ceil((endMs - nowMs) / 1000);
  return Number.isFinite(s) && s >= 1 ? s : 1;
}

/** Entries are swept of ended windows once the map grows past this many keys. */
const SWEEP_AT_KEYS = 10_000;

/**
 * Counts in this process's memory, on the app's clock `now` (epoch ms): the embedded database's
 * store (one server process). The check and the count happen with no await between them, so
 * concurrent takes are counted exactly. A restart forgets the counts.
 */
export function memoryRateLimitStore(now: () => number): RateLimitStore {
  const windows = new Map<string, { end: number; used: number }>();
  return {
    async take(key, cost, limit, windowMs) {
      const t = now();
      if (cost > limit) return secondsUntil(t + windowMs, t);
      const w = windows.get(key);
      if (!w || w.end <= t) {
        if (windows.size > SWEEP_AT_KEYS) for (const [k, v] of windows) if (v.end <= t) windows.delete(k);
        windows.set(key, { end: t + windowMs, used: cost });
        return 0;
      }
      if (w.used + cost > limit) return secondsUntil(w.end, t);
      w.used += cost;
      return 0;
    },
  };
}
