import { tryAgainIn } from '../../../shared/messages.js';
import { TooManyRequestsError } from '../errors.js';
import type { RateLimitStore } from './store.js';
import { withTimeout } from '../with-timeout.js';

/** One named limit: `limit` units per `windowMs` for each subject (a society, staff member, resident). */
export interface LimitRule {
  /** The key's prefix in the store, e.g. 'broadcast' → `broadcast:<societyId>`. */
  name: string;
  limit: number;
  windowMs: number;
  /** The 429's text: an MSG.…TooMany template with `{wait}`. */
  message: string;
}

/** What a service or route calls before the work a limit caps. */
export interface Limit {
  /**
   * Counts `cost` (default 1) for `subject` under the rule.
   * @throws TooManyRequestsError (429, the rule's message with the wait filled in, Retry-After in
   *   seconds) when the window is used up; nothing is counted then.
   */
  take(subject: string | number, cost?: number): Promise<void>;
}

export interface LimitOptions {
  /**
   * Told when the store fails (or times out); the take then lets the work through (fails open):
   * a counter outage must not stop the product, least of all an alarm.
   */
  onStoreError(err: unknown, key: string): void;
  /**
   * Real-time milliseconds to wait for the store before failing open (default: no bound). The SOS
   * press sets it, so a hung Redis or a blocked row never holds an alarm for long.
   */
  timeoutMs?: number;
}

/** A {@link Limit} for `rule`, counted in `store`. */
export function limitOf(store: RateLimitStore, rule: LimitRule, opts: LimitOptions): Limit {
  return {
    async take(subject, cost = 1) {
      const key = `${rule.name}:${subject}`;
      let retryAfterS: number;
      try {
        const taken = store.take(key, cost, rule.limit, rule.windowMs);
        retryAfterS = await (opts.timeoutMs === undefined
          ? taken
          : withTimeout(taken, opts.timeoutMs, `rate limit ${key}: no answer within ${opts.timeoutMs} ms`));
      } catch (err) {
        opts.onStoreError(err, key);
        return;
      }
      if (retryAfterS > 0) throw new TooManyRequestsError(tryAgainIn(rule.message, retryAfterS), retryAfterS);
    },
  };
}

/** A limit that never refuses: for services built without one (unit tests, scripts). */
export const NO_LIMIT: Limit = { take: async () => undefined };
