/**
 * Two lanes into the embedded database ("no query, however slow, may delay an alarm").
 * PGlite is one session, so every query waits for the one before it. With one pool, an SOS
 * press queued behind ten staff searches waited for all ten. Here the alarm lane and the main
 * lane are two `pg.Pool`s (one connection each) that share a {@link LaneGate}: only one lane
 * works at a time — so pglite-socket never interleaves the two connections' protocol messages —
 * and when the gate opens, a waiting alarm goes before every waiting main-lane request. An alarm
 * now waits for at most the one transaction or statement in flight.
 *
 * The gate is held from checkout to release of a pooled client: for a transaction until its
 * COMMIT/ROLLBACK, for a `pool.query` until that query's answer.
 */
import type pg from 'pg';
import { ResilientPool, type ConnectCallback, type PoolErrorReporter } from './resilient-pool.js';

/**
 * A one-holder lock with two queues; a release hands it to the oldest urgent waiter first.
 *
 * The alarm path takes the gate several times in a row (the resident's token check, the press
 * transaction, the load of the alarm to announce): with plain handing-over, each step could wait
 * behind another main-lane statement that queued meanwhile (measured: SOS p99 110 ms on PGlite
 * while one client searched). So when an urgent holder releases while main-lane requests wait,
 * the gate stays closed for `urgentGraceMs` (default 2 ms): an urgent acquire in that window takes
 * it at once; otherwise it goes to the oldest main-lane waiter when the window ends.
 */
export class LaneGate {
  private held = false;
  private readonly urgent: (() => void)[] = [];
  private readonly normal: (() => void)[] = [];
  private grace: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly urgentGraceMs = 2) {}

  /** Resolves when the caller holds the gate. */
  acquire(urgent: boolean): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    if (urgent && this.grace !== undefined) {
      // The alarm path's next step: the gate it just released is still kept for it.
      clearTimeout(this.grace);
      this.grace = undefined;
      return Promise.resolve();
    }
    return new Promise((resolve) => (urgent ? this.urgent : this.normal).push(resolve));
  }

  /** Hands the gate to the next waiter (urgent first) or opens it; `byUrgent`: the holder was urgent. */
  release(byUrgent = false): void {
    const next = this.urgent.shift();
    if (next) return next();
    if (byUrgent && this.normal.length > 0 && this.urgentGraceMs > 0) {
      this.grace = setTimeout(() => {
        this.grace = undefined;
        this.handToNormal();
      }, this.urgentGraceMs);
      return;
    }
    this.handToNormal();
  }

  private handToNormal(): void {
    const next = this.normal.shift();
    if (next) next();
    else this.held = false;
  }

  /** Waiters per queue (tests and diagnostics). */
  get waiting(): { urgent: number; normal: number } {
    return { urgent: this.urgent.length, normal: this.normal.length };
  }
}

/**
 * A `pg.Pool` whose checkouts hold a shared {@link LaneGate} (urgent or not). Drizzle's
 * node-postgres driver sees an ordinary Pool: `pool.query` and `pool.connect()` both come here.
 * A connection the embedded server drops is reported to `onError` (see {@link ResilientPool}).
 */
export class GatedPool extends ResilientPool {
  constructor(
    config: pg.PoolConfig,
    private readonly gate: LaneGate,
    private readonly urgent: boolean,
    onError: PoolErrorReporter,
  ) {
    super(config, onError);
    this.checksInConnect = false;
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const checkout = this.gate.acquire(this.urgent).then(() =>
      super.connect().then(
        (client) => {
          const release = client.release.bind(client);
          let open = true;
          // Also called by ResilientPool when the connection drops while held: the gate is given
          // back then too, or the other lane would wait for it forever.
          client.release = (err?: Error | boolean) => {
            release(err);
            if (open) {
              open = false;
              this.gate.release(this.urgent);
            }
          };
          // Now that a release gives the gate back: a refused check reads the session afresh.
          return this.confirmed(client);
        },
        (err: unknown) => {
          this.gate.release(this.urgent);
          throw err;
        },
      ),
    );
    if (!callback) return checkout;
    checkout.then(
      (client) => callback(undefined, client, client.release),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), undefined, () => undefined),
    );
  }
}
