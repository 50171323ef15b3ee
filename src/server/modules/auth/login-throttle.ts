/**
 * Counts failed staff sign-ins per (address, email) and per address in a sliding window.
 * Written here rather than with @fastify/rate-limit because only failures must count: a staff
 * member who signs in and out all day is never throttled, a password guesser is.
 * In-memory: a restart resets the counters (acceptable for one server; see ARCHITECTURE.md).
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the caller may try again, or 0 when not throttled. */
  retryAfterS(ip: string, email: string): number {
    const t = this.now();
    let wait = 0;
    for (const [key, limit] of this.keys(ip, email)) {
      const recent = this.recent(key, t);
      if (recent.length >= limit) wait = Math.max(wait, Math.ceil((recent[0]! + this.windowMs - t) / 1000));
    }
    return wait;
  }

  recordFailure(ip: string, email: string): void {
    const t = this.now();
    for (const [key] of this.keys(ip, email)) this.failures.set(key, [...this.recent(key, t), t]);
  }

  /** A successful sign-in clears the (address, email) counter, not the address-wide one. */
  recordSuccess(ip: string, email: string): void {
    this.failures.delete(`e:${ip}:${email.toLowerCase()}`);
  }

  private keys(ip: string, email: string): [string, number][] {
    // An address gets more room than one account so a shared office network is not locked out.
    return [
      [`e:${ip}:${email.toLowerCase()}`, this.maxFailures],
      [`ip:${ip}`, this.maxFailures * 4],
    ];
  }

  private recent(key: string, t: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((at) => at > t - this.windowMs);
    if (list.length === 0) this.failures.delete(key);
    return list;
  }
}
