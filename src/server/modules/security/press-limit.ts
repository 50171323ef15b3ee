/**
 * Per-resident SOS rate limit (issue 6 finding 6): repeated presses merge into one alarm, and
 * beyond `max` presses in a sliding `windowMs` a resident gets 429. Counted in memory with the
 * injected clock's times (one server process; the check and the count happen together, with no
 * await between them, so concurrent presses are counted exactly).
 */
export class PressLimit {
  private readonly presses = new Map<number, number[]>();

  /**
   * @param max presses allowed per resident within the window
   * @param windowMs the sliding window in milliseconds
   */
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /**
   * Counts a press by `residentId` at `nowMs` (epoch ms) if the resident is under the limit.
   * @returns 0 when the press is allowed (and counted), otherwise the whole seconds until the
   *   oldest counted press leaves the window (for Retry-After; at least 1).
   */
  take(residentId: number, nowMs: number): number {
    const since = nowMs - this.windowMs;
    const recent = (this.presses.get(residentId) ?? []).filter((t) => t > since);
    if (recent.length >= this.max) {
      this.presses.set(residentId, recent);
      return Math.max(1, Math.ceil((recent[0]! + this.windowMs - nowMs) / 1000));
    }
    recent.push(nowMs);
    this.presses.set(residentId, recent);
    if (this.presses.size > 10_000) this.sweep(since);
    return 0;
  }

  /** Forgets residents with no press in the window (keeps memory bounded by active residents). */
  private sweep(since: number): void {
    for (const [id, times] of this.presses) if (times[times.length - 1]! <= since) this.presses.delete(id);
  }
}
