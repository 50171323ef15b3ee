import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/raw-rows.js';
import { carryingClaim } from '../request-context.js';
import { secondsUntil, type RateLimitStore } from './store.js';

const ZTaken = z.object({ counted: z.boolean(), end_ms: z.coerce.number() });

/**
 * Counts in PostgreSQL's `rate_limits` (one row per key, store.ts's rule), on the app's clock `now`
 * (epoch ms), through `db` — the alarm lane's handle for SOS presses, so a press never waits on the
 * main pool. Each take is ONE statement (one round trip, no transaction): an upsert whose
 * `ON CONFLICT DO UPDATE` locks the key's row and computes from its latest committed version, so
 * concurrent takes on any number of instances queue on that row and are counted exactly. The purge
 * job deletes rows whose window has ended (`maintenanceRepo.deleteEndedRateLimits`).
 * A count serves nobody's data, so it does not confirm the request's cached session first
 * (lib/request-context.ts `carryingClaim`): the SOS press's count stays one round trip, and the
 * press's own transaction carries the check.
 */
export function pgRateLimitStore(db: Db, now: () => number): RateLimitStore {
  return {
    async take(key, cost, limit, windowMs) {
      const t = now();
      if (cost > limit) return secondsUntil(t + windowMs, t);
      const at = new Date(t).toISOString();
      const end = new Date(t + windowMs).toISOString();
      // Every right-hand side reads the row as it was before this update (r.*).
      const upsert = db.execute(sql`
        insert into rate_limits as r (key, window_end, used, counted)
        values (${key}, ${end}::timestamptz, ${cost}, true)
        on conflict (key) do update set
          window_end = case when r.window_end <= ${at}::timestamptz then excluded.window_end else r.window_end end,
          used = case when r.window_end <= ${at}::timestamptz then excluded.used
                      when r.used + excluded.used <= ${limit} then r.used + excluded.used
                      else r.used end,
          counted = r.window_end <= ${at}::timestamptz or r.used + excluded.used <= ${limit}
        returning counted, (extract(epoch from window_end) * 1000)::float8 as end_ms`);
      // Sent at `then` (Drizzle's way), which must be called inside carryingClaim.
      const result = await carryingClaim(() => upsert.then((r) => r));
      const [row] = rowsOf(result, ZTaken);
      if (!row) throw new Error(`rate limit ${key}: the upsert returned no row`);
      return row.counted ? 0 : secondsUntil(row.end_ms, t);
    },
  };
}
