import { afterEach, describe, expect, it, vi } from 'vitest';
import { intervalJob, type JobLog } from '../../src/server/lib/interval-job.js';

/** A promise the test settles by hand. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** A logger that keeps what was logged as an error. */
function recordingLog() {
  const errors: { obj: object; msg: string }[] = [];
  const log: JobLog = { error: (obj, msg) => void errors.push({ obj, msg }) };
  return { log, errors };
}

/**
 * Work whose runs are numbered; run `n` waits for `gates[n]` (if given) and throws if `n` is in
 * `throwOn`. Records the most runs seen at once.
 */
function scriptedWork(gates: Record<number, Promise<void>> = {}, throwOn: number[] = [], onStart?: (n: number) => void) {
  const state = { runs: 0, active: 0, maxActive: 0, finished: 0 };
  const work = async () => {
    const n = ++state.runs;
    onStart?.(n);
    state.active++;
    state.maxActive = Math.max(state.maxActive, state.active);
    try {
      await gates[n];
      if (throwOn.includes(n)) throw new Error(`run ${n} failed`);
    } finally {
      state.active--;
      state.finished++;
    }
  };
  return { state, work };
}

describe('intervalJob', () => {
  afterEach(() => vi.useRealTimers());

  it('never runs twice at once, and folds many requests during a run into one more run', async () => {
    const first = gate();
    const { state, work } = scriptedWork({ 1: first.opened });
    const job = intervalJob('t', 1000, work, recordingLog().log);

    const a = job.runOnce();
    const b = job.runOnce();
    const c = job.runOnce();
    expect(state.runs).toBe(1);
    first.open();
    await Promise.all([a, b, c]);
    expect(state.maxActive).toBe(1);
    expect(state.runs).toBe(2);
  });

  it('settles a runOnce asked during a run only after the extra run has finished', async () => {
    const first = gate();
    const second = gate();
    const secondStarted = gate();
    const { state, work } = scriptedWork({ 1: first.opened, 2: second.opened }, [], (n) => n === 2 && secondStarted.open());
    const job = intervalJob('t', 1000, work, recordingLog().log);

    void job.runOnce();
    let settled = false;
    const asked = job.runOnce().then(() => void (settled = true));
    first.open();
    await secondStarted.opened;
    expect(state.finished).toBe(1);
    expect(settled).toBe(false);
    second.open();
    await asked;
    expect(state.finished).toBe(2);
  });

  it('logs a run that throws, never rejects, and still runs the next request', async () => {
    const { state, work } = scriptedWork({}, [1]);
    const { log, errors } = recordingLog();
    const job = intervalJob('purge', 1000, work, log);

    await expect(job.runOnce()).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
    expect(errors[0]!.msg).toBe('job failed');
    expect(errors[0]!.obj).toMatchObject({ job: 'purge', err: { message: 'run 1 failed' } });

    await job.runOnce();
    expect(state.runs).toBe(2);
    expect(errors).toHaveLength(1);
  });

  it('keeps the run asked for during a run that throws', async () => {
    const first = gate();
    const { state, work } = scriptedWork({ 1: first.opened }, [1]);
    const { log, errors } = recordingLog();
    const job = intervalJob('t', 1000, work, log);

    const a = job.runOnce();
    const b = job.runOnce(); // asked while run 1 is going; run 1 then throws
    first.open();
    await Promise.all([a, b]);
    expect(errors).toHaveLength(1);
    expect(state.runs).toBe(2);
  });

  it('runs every interval once started, and not after stop', async () => {
    vi.useFakeTimers();
    const { state, work } = scriptedWork();
    const job = intervalJob('t', 1000, work, recordingLog().log);
    job.start();
    await vi.advanceTimersByTimeAsync(999);
    expect(state.runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.runs).toBe(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(state.runs).toBe(3);
    await job.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(state.runs).toBe(3);
  });

  it('pauses on a database outage: one warning, no error per tick, resumed once a run succeeds', async () => {
    const errors: string[] = [];
    const warnings: string[] = [];
    const log: JobLog = { error: (_o, msg) => void errors.push(msg), warn: (_o, msg) => void warnings.push(msg) };
    let down = true;
    const job = intervalJob(
      't',
      1000,
      async () => {
        if (down) throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
      },
      log,
    );
    await job.runOnce();
    await job.runOnce();
    await job.runOnce();
    expect(job.paused()).toBe(true);
    expect(errors).toEqual([]);
    expect(warnings).toEqual(['job paused: the database is unavailable']);
    down = false;
    await job.runOnce();
    expect(job.paused()).toBe(false);
    expect(warnings).toEqual(['job paused: the database is unavailable', 'job resumed: the database answers again']);
  });
});
