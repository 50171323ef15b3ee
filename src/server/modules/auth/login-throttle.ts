/**
 * Counts staff sign-in attempts that failed (or are still being checked) in a sliding window, per
 * (address, email), per address and per email across all addresses.
 * Written here rather than with @fastify/rate-limit because only failures must count: a staff
 * member who signs in and out all day is never throttled, a password guesser is.
 *
 * An attempt is counted *before* its password is checked ({@link LoginThrottle.begin} is
 * synchronous), so a burst of concurrent guesses cannot all pass the check while the first ones
 * are still being verified: at most `maxFailures` passwords per (address, email) are ever checked
 * in a window.
 * In-memory: a restart resets the counters, and each instance counts alone. That is the embedded
 * database's throttle (one server); with PostgreSQL or Redis the counts are shared by every
 * instance (`shared-throttle.ts`; see ARCHITECTURE.md).
 */

/** One sign-in attempt, counted as a failure until it reports otherwise. */
export interface LoginAttempt {
  /** The password was right: the attempt no longer counts, and the (address, email) pair is cleared. */
  succeeded(): void | Promise<void>;
  /** The check could not run (e.g. the database failed): the attempt no longer counts. */
  abandoned(): void | Promise<void>;
}

/**
 * What the sign-in service needs of a throttle (in memory here; PostgreSQL or Redis in
 * `shared-throttle.ts`). `begin` counts the attempt atomically with the check against the limits,
 * so concurrent attempts — on any instance sharing the store — never all pass.
 */
export interface SignInThrottle {
  /** @returns the counted attempt, or `{retryAfterS}` (seconds, ≥ 1) when a limit is reached (→ 429). */
  begin(ip: string, email: string): LoginAttempt | { retryAfterS: number } | Promise<LoginAttempt | { retryAfterS: number }>;
}

interface Entry {
  at: number;
}

/** Entries are swept from every key once the map grows past this many keys. */
const SWEEP_AT_KEYS = 10_000;

export class LoginThrottle implements SignInThrottle {
  private readonly attempts = new Map<string, Entry[]>();

  /**
   * @param maxFailures failed attempts allowed per (address, email) in the window; an address gets
   *   four times as many across all emails.
   * @param windowMs the sliding window in milliseconds.
   * @param now the clock in epoch milliseconds (the app passes its injected clock).
   * @param maxPerAccount failed attempts allowed per email across all addresses in the window.
   */
  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxPerAccount: number = maxFailures * 4,
  ) {}

  /**
   * Counts an attempt now, before its password is checked.
   * @returns the attempt, or `{retryAfterS}` (seconds, ≥ 1) when a limit is reached (→ 429).
   */
  begin(ip: string, email: string): LoginAttempt | { retryAfterS: number } {
    const wait = this.retryAfterS(ip, email);
    if (wait > 0) return { retryAfterS: wait };
    const entry = this.add(ip, email);
    return {
      succeeded: () => {
        this.remove(ip, email, entry);
        this.attempts.delete(this.pairKey(ip, email));
      },
      abandoned: () => this.remove(ip, email, entry),
    };
  }

  /** Seconds until the caller may try again, or 0 when not throttled. Counts nothing. */
  retryAfterS(ip: string, email: string): number {
    const t = this.now();
    let wait = 0;
    for (const [key, limit] of this.keys(ip, email)) {
      const recent = this.recent(key, t);
      if (recent.length >= limit) wait = Math.max(wait, Math.ceil((recent[0]!.at + this.windowMs - t) / 1000), 1);
    }
    return wait;
  }

  /** Counts a failure that was not begun with {@link begin} (kept for callers that check first). */
  recordFailure(ip: string, email: string): void {
    this.add(ip, email);
  }

  private add(ip: string, email: string): Entry {
    const t = this.now();
    if (this.attempts.size > SWEEP_AT_KEYS) for (const key of [...this.attempts.keys()]) this.recent(key, t);
    const entry = { at: t };
    for (const [key] of this.keys(ip, email)) this.attempts.set(key, [...this.recent(key, t), entry]);
    return entry;
  }

  private remove(ip: string, email: string, entry: Entry): void {
    for (const [key] of this.keys(ip, email)) {
      const rest = (this.attempts.get(key) ?? []).filter((e) => e !== entry);
      if (rest.length > 0) this.attempts.set(key, rest);
      else this.attempts.delete(key);
    }
  }

  private pairKey(ip: string, email: string): string {
    return `e:${ip}:${email.toLowerCase()}`;
  }

  private keys(ip: string, email: string): [string, number][] {
    // An address gets more room than one account so a shared office network is not locked out;
    // the account-wide key stops a guesser who spreads guesses over many addresses.
    return [
      [this.pairKey(ip, email), this.maxFailures],
      [`ip:${ip}`, this.maxFailures * 4],
      [`a:${email.toLowerCase()}`, this.maxPerAccount],
    ];
  }

  private recent(key: string, t: number): Entry[] {
    const list = (this.attempts.get(key) ?? []).filter((e) => e.at > t - this.windowMs);
    if (list.length === 0) this.attempts.delete(key);
    else this.attempts.set(key, list);
    return list;
  }
}
