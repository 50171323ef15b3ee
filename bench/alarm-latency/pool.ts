/**
 * The presser's side of the socket-client workers (./clients.ts): forks them, spreads the screens
 * over them and over the instances, and waits for their per-alarm reports (./protocol.ts).
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { clockMs, type ClientKind, type FromWorker, type ToWorker } from './protocol.js';

const CLIENT_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'clients.ts');
/** How long a partial report may take after 'collect'. */
const COLLECT_MS = 2000;

/** Which instance screen `j` (0-based, of all screens) connects to: (j + 1) mod n, so a lone screen is on B. */
export const targetOf = (j: number, instances: number) => (j + 1) % instances;

/** An alarm's receipts, merged over the workers. */
export interface AlarmReceipt {
  /** Receipt times (clockMs) by instance index. */
  times: number[][];
  /** True when some worker answered only to 'collect' (a screen missed the event in time). */
  partial: boolean;
}

export class ClientPool {
  private readonly reports = new Map<number, Map<ChildProcess, { times: number[][]; partial: boolean }>>();
  private readonly acked = new Map<number, Set<ChildProcess>>();
  private waiters: (() => void)[] = [];
  /** The workers holding at least one screen in the current scenario (the others report nothing). */
  private active: ChildProcess[] = [];
  private readonly replies = new Map<ChildProcess, FromWorker[]>();

  private constructor(private readonly workers: ChildProcess[]) {
    for (const w of workers) {
      this.replies.set(w, []);
      w.on('message', (m: FromWorker) => this.onMessage(w, m));
    }
  }

  /** Forks `count` workers (they inherit this process's CPU affinity). */
  static start(count: number): ClientPool {
    return new ClientPool(
      Array.from({ length: count }, () => fork(CLIENT_SCRIPT, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })),
    );
  }

  get size(): number {
    return this.workers.length;
  }

  private onMessage(w: ChildProcess, m: FromWorker): void {
    if (m.type === 'alarm') {
      let r = this.reports.get(m.id);
      if (!r) this.reports.set(m.id, (r = new Map()));
      if (!r.has(w)) r.set(w, { times: m.times, partial: m.partial });
    } else if (m.type === 'acked') {
      let s = this.acked.get(m.id);
      if (!s) this.acked.set(m.id, (s = new Set()));
      s.add(w);
    } else {
      this.replies.get(w)!.push(m);
    }
    const ws = this.waiters;
    this.waiters = [];
    for (const wake of ws) wake();
  }

  /** Resolves when `done()` is true (checked on every message) or after `ms` (then false). */
  private until(done: () => boolean, ms: number): Promise<boolean> {
    if (done()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(done()), ms);
      const check = () => (done() ? (clearTimeout(timer), resolve(true)) : this.waiters.push(check));
      this.waiters.push(check);
    });
  }

  /** The next reply of type `type` from each of `workers` (in that order). @throws after `ms`. */
  private async replyOfEach<T extends FromWorker['type']>(type: T, ms: number, workers = this.workers): Promise<Extract<FromWorker, { type: T }>[]> {
    const find = (w: ChildProcess) => this.replies.get(w)!.findIndex((m) => m.type === type);
    if (!(await this.until(() => workers.every((w) => find(w) >= 0), ms))) throw new Error(`client workers: no '${type}' within ${ms / 1000} s`);
    return workers.map((w) => this.replies.get(w)!.splice(find(w), 1)[0] as Extract<FromWorker, { type: T }>);
  }

  private send(w: ChildProcess, m: ToWorker): void {
    w.send(m);
  }

  /**
   * Opens `screens` screens: screen j on instance {@link targetOf}(j), worker j mod workers.
   * @returns how many connected; the first few errors.
   */
  async connect(
    urls: readonly string[],
    screens: number,
    cookie: string,
    client: ClientKind,
    ms = 120_000,
  ): Promise<{ connected: number; failed: number; errors: string[] }> {
    this.active = this.workers.slice(0, Math.min(screens, this.workers.length));
    this.active.forEach((w, k) => {
      const counts = urls.map(() => 0);
      for (let j = k; j < screens; j += this.workers.length) counts[targetOf(j, urls.length)]!++;
      this.send(w, { type: 'connect', urls: [...urls], counts, cookie, client });
    });
    const ready = await this.replyOfEach('ready', ms, this.active);
    return { connected: ready.reduce((s, r) => s + r.connected, 0), failed: ready.reduce((s, r) => s + r.failed, 0), errors: ready.flatMap((r) => r.errors) };
  }

  /** Every worker's receipts of alarm `id`, waiting up to `ms` for all screens, then collecting what arrived. */
  async alarm(id: number, targets: number, ms: number): Promise<AlarmReceipt> {
    const all = () => this.reports.get(id)?.size === this.active.length;
    if (!(await this.until(all, ms))) {
      for (const w of this.active) if (!this.reports.get(id)?.has(w)) this.send(w, { type: 'collect', id });
      await this.until(all, COLLECT_MS);
    }
    const got = [...(this.reports.get(id)?.values() ?? [])];
    this.reports.delete(id);
    const times = Array.from({ length: targets }, (_, t) => got.flatMap((g) => g.times[t] ?? []));
    return { times, partial: got.length < this.active.length || got.some((g) => g.partial) };
  }

  /** Waits up to `ms` until every screen heard alarm `id`'s acknowledgement. @returns false on timeout. */
  async acknowledged(id: number, ms: number): Promise<boolean> {
    const ok = await this.until(() => this.acked.get(id)?.size === this.active.length, ms);
    this.acked.delete(id);
    return ok;
  }

  /**
   * Estimated clock offset of each worker (ms, worker minus this process): from the reply with the
   * shortest round trip of `rounds` pings, the worker's time minus the round trip's midpoint.
   * @returns the offsets and that shortest round trip (the estimate's error is within half of it).
   */
  async clockOffsets(rounds = 20): Promise<{ offsets: number[]; rttMs: number }> {
    const best = this.workers.map(() => ({ rtt: Infinity, offset: 0 }));
    for (let r = 0; r < rounds; r++) {
      for (const [k, w] of this.workers.entries()) {
        const sent = clockMs();
        this.send(w, { type: 'clock' });
        const [m] = await this.replyOfEach('clock-reply', 5000, [w]);
        const back = clockMs();
        if (back - sent < best[k]!.rtt) best[k] = { rtt: back - sent, offset: m!.at - (sent + back) / 2 };
      }
    }
    return { offsets: best.map((b) => b.offset), rttMs: Math.max(...best.map((b) => b.rtt)) };
  }

  /** Closes every screen (the workers stay for the next scenario). @returns the CPU ms the workers used since connecting. */
  async disconnect(): Promise<number> {
    this.active.forEach((w) => this.send(w, { type: 'disconnect' }));
    const closed = await this.replyOfEach('closed', 30_000, this.active);
    this.active = [];
    return closed.reduce((s, c) => s + c.cpuMs, 0);
  }

  /** Ends the workers. */
  exit(): void {
    for (const w of this.workers) if (w.connected) this.send(w, { type: 'exit' });
  }
}
