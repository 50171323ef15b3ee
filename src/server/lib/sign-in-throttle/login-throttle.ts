/**
 * Counts sign-in attempts that failed (or are still being checked) in a sliding window, per
 * (address, account), per address and per account across all addresses. One mechanism for every
 * guess at an account's secret: staff sign-in by email (its two-factor step, a password change,
 * the two-factor enrolment confirm) and resident sign-in by phone (and the resident's password
 * change). Written here rather than with @fastify/rate-limit because only failures must count: a
 * member who signs in and out all day is never throttled, a password guesser is.
 *
 * An attempt is counted *before* its secret is checked ({@link LoginThrottle.begin} is
 * synchronous), so a burst of concurrent guesses cannot all pass the check while the first ones
 * are still being verified: at most `maxFailures` guesses per (address, account) are ever checked
 * in a window.
 * In-memory: a restart resets the counters, and each instance counts alone. That is the embedded
 * database's throttle (one server); with PostgreSQL or Redis the counts are shared by every
 * instance (`shared-throttle.ts`; see ARCHITECTURE.md).
 */
import { MSG } from '../../../shared/messages.js';
import { TooManyRequestsError } from '../errors.js';

/** One sign-in attempt, counted as a failure until it reports otherwise. */
export interface LoginAttempt {
  /** The secret was right: the attempt no longer counts, and the (address, account) pair is cleared. */
  succeeded(): void | Promise<void>;
  /** The check could not run (e.g. the database failed): the attempt no longer counts. */
  abandoned(): void | Promise<void>;
}

/**
 * What a sign-in service needs of a throttle (in memory here; PostgreSQL or Redis in
 * `shared-throttle.ts`). `begin` counts the attempt atomically with the check against the limits,
 * so concurrent attempts — on any instance sharing the store — never all pass.
 */
export interface SignInThrottle {
  /**
   * @param account the staff member's email (case-insensitive) or the resident's phone, as the
   *   throttle's {@link ThrottleScope} says.
   * @returns the counted attempt, or `{retryAfterS}` (seconds, ≥ 1) when a limit is reached (→ 429).
   */
  begin(ip: string, account: string): LoginAttempt | { retryAfterS: number } | Promise<LoginAttempt | { retryAfterS: number }>;
}

/**
 * Whose accounts a throttle counts. Staff keys (by email, lower-cased): `e:<ip>:<email>`,
 * `ip:<ip>`, `a:<email>`. Resident keys (by phone) are the same under `r:`, the account part
 * `p:`: `r:e:<ip>:<phone>`, `r:ip:<ip>`, `r:p:<phone>`. So an email and a phone never share a
 * count, and residents failing behind one network never lock the staff of that address out (nor
 * the other way round).
 */
export type ThrottleScope = 'staff' | 'resident';

/** The limits keys are checked against: failures per (address, account), and per account (× 4 per address). */
export interface KeyLimits {
  maxFailures: number;
  maxPerAccount: number;
}

/**
 * The keys one attempt counts under, each with its limit, and the (address, account) pair's key
 * (what a success clears). Every store uses these, so the three count alike.
 */
export function throttleKeys(scope: ThrottleScope, ip: string, account: string, l: KeyLimits): { pair: string; keys: [string, number][] } {
  const [ns, tag, id] = scope === 'resident' ? ['r:', 'p:', account] : ['', 'a:', account.toLowerCase()];
  const pair = `${ns}e:${ip}:${id}`;
  // An address gets more room than one account so a shared office or gate network is not locked
  // out; the account-wide key stops a guesser who spreads guesses over many addresses.
  return {
    pair,
    keys: [
      [pair, l.maxFailures],
      [`${ns}ip:${ip}`, l.maxFailures * 4],
      [`${ns}${tag}${id}`, l.maxPerAccount],
    ],
  };
}

/**
 * Counts an attempt at `account`'s secret from `ip`, or refuses it.
 * @returns the counted attempt: the caller reports {@link succeeded} or {@link abandoned}, or
 *   leaves it counted as a failure.
 * @throws TooManyRequestsError (429 `message`, default MSG.loginThrottled, Retry-After) when a
 *   limit is reached; the store's error when it cannot count (a 503 for the database or Redis).
 */
export async function beginAttempt(throttle: SignInThrottle, ip: string, account: string, message: string = MSG.loginThrottled): Promise<LoginAttempt> {
  const attempt = await throttle.begin(ip, account);
  if ('retryAfterS' in attempt) throw new TooManyRequestsError(message, attempt.retryAfterS);
  return attempt;
}

/** Reports a right secret, best effort: a shared store that cannot clear the attempt leaves it counted, no worse. */
export function succeeded(attempt: LoginAttempt): Promise<void> {
  return Promise.resolve()
    .then(() => attempt.succeeded())
    .catch(() => undefined);
}

/** Reports a check that could not run, best effort: a shared store that failed too must not hide the first error. */
export function abandoned(attempt: LoginAttempt): Promise<void> {
  return Promise.resolve()
    .then(() => attempt.abandoned())
    .catch(() => undefined);
}

interface Entry {
  at: number;
}

/** Entries are swept from every key once the map grows past this many keys. */
const SWEEP_AT_KEYS = 10_000;

export class LoginThrottle implements SignInThrottle {
  private readonly attempts = new Map<string, Entry[]>();

  /**
   * @param maxFailures failed attempts allowed per (address, account) in the window; an address
   *   gets four times as many across all accounts.
   * @param windowMs the sliding window in milliseconds.
   * @param now the clock in epoch milliseconds (the app passes its injected clock).
   * @param maxPerAccount failed attempts allowed per account across all addresses in the window.
   * @param scope staff (accounts are emails) or residents (phones): {@link ThrottleScope}.
   */
  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxPerAccount: number = maxFailures * 4,
    private readonly scope: ThrottleScope = 'staff',
  ) {}

  /**
   * Counts an attempt now, before its secret is checked.
   * @returns the attempt, or `{retryAfterS}` (seconds, ≥ 1) when a limit is reached (→ 429).
   */
  begin(ip: string, account: string): LoginAttempt | { retryAfterS: number } {
    const wait = this.retryAfterS(ip, account);
    if (wait > 0) return { retryAfterS: wait };
    const entry = this.add(ip, account);
    return {
      succeeded: () => {
        this.remove(ip, account, entry);
        this.attempts.delete(this.keys(ip, account).pair);
      },
      abandoned: () => this.remove(ip, account, entry),
    };
  }

  /** Seconds until the caller may try again, or 0 when not throttled. Counts nothing. */
  retryAfterS(ip: string, account: string): number {
    const t = this.now();
    let wait = 0;
    for (const [key, limit] of this.keys(ip, account).keys) {
      const recent = this.recent(key, t);
      if (recent.length >= limit) wait = Math.max(wait, Math.ceil((recent[0]!.at + this.windowMs - t) / 1000), 1);
    }
    return wait;
  }

  /** Counts a failure that was not begun with {@link begin} (kept for callers that check first). */
  recordFailure(ip: string, account: string): void {
    this.add(ip, account);
  }

  private add(ip: string, account: string): Entry {
    const t = this.now();
    if (this.attempts.size > SWEEP_AT_KEYS) for (const key of [...this.attempts.keys()]) this.recent(key, t);
    const entry = { at: t };
    for (const [key] of this.keys(ip, account).keys) this.attempts.set(key, [...this.recent(key, t), entry]);
    return entry;
  }

  private remove(ip: string, account: string, entry: Entry): void {
    for (const [key] of this.keys(ip, account).keys) {
      const rest = (this.attempts.get(key) ?? []).filter((e) => e !== entry);
      if (rest.length > 0) this.attempts.set(key, rest);
      else this.attempts.delete(key);
    }
  }

  private keys(ip: string, account: string) {
    return throttleKeys(this.scope, ip, account, { maxFailures: this.maxFailures, maxPerAccount: this.maxPerAccount });
  }

  private recent(key: string, t: number): Entry[] {
    const list = (this.attempts.get(key) ?? []).filter((e) => e.at > t - this.windowMs);
    if (list.length === 0) this.attempts.delete(key);
    else this.attempts.set(key, list);
    return list;
  }
}
