import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { lockFilePath } from '../../src/server/db/lock.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURE = fileURLToPath(new URL('../fixtures/hold-lock.ts', import.meta.url));

/** A child process running tests/fixtures/hold-lock.ts on `dir`. */
function launch(dir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, dir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  const io = { out: '', err: '' };
  child.stdout.setEncoding('utf8').on('data', (d: string) => (io.out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (io.err += d));
  /** Exit code (null if killed by a signal), once its output is complete. */
  const closed = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  /** 'locked' as soon as it holds the lock, else its exit code. */
  const outcome = new Promise<'locked' | number | null>((resolve) => {
    child.stdout.on('data', () => io.out.includes('LOCKED') && resolve('locked'));
    void closed.then(resolve);
  });
  return { child, io, closed, outcome };
}
const running: ChildProcess[] = [];

/** Makes every file a lock could be judged stale by look an hour old (as after a long pause). */
function backdate(dir: string): void {
  const past = new Date(Date.now() - 3_600_000);
  for (const f of [dir, ...readdirSync(dir).map((n) => path.join(dir, n)), `${dir}.lock`]) if (existsSync(f)) utimesSync(f, past, past);
}

describe('data folder lock (real processes)', () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const d = mkdtempSync(path.join(tmpdir(), 'sd-lock-'));
    dirs.push(d);
    return path.join(d, 'data');
  };
  afterEach(() => {
    for (const c of running.splice(0)) {
      if (c.exitCode === null && c.signalCode === null) {
        c.kill('SIGCONT');
        c.kill('SIGKILL');
      }
    }
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('refuses a second server while the first is paused, however old the lock looks', async () => {
    const dir = freshDir();
    const first = launch(dir);
    expect(await first.outcome).toBe('locked');
    first.child.kill('SIGSTOP');
    backdate(dir);

    const second = launch(dir);
    expect(await second.outcome).toBe(2);
    expect(second.io.err).toContain(`Another Society Desk server is already using the data folder ${dir}.`);
    expect(second.io.err).toContain(`names process ${first.child.pid} on`);

    // Resumed, the first still holds its lock and releases it on a normal stop.
    first.child.kill('SIGCONT');
    first.child.kill('SIGTERM');
    expect(await first.closed).toBe(0);
    expect(first.io.out).toContain('RELEASED');
    expect(existsSync(lockFilePath(dir))).toBe(false);
  });

  it('takes over the lock left by a killed server', async () => {
    const dir = freshDir();
    const first = launch(dir);
    expect(await first.outcome).toBe('locked');
    first.child.kill('SIGKILL');
    expect(await first.closed).toBeNull();
    expect(JSON.parse(readFileSync(lockFilePath(dir), 'utf8'))).toMatchObject({ pid: first.child.pid });

    const second = launch(dir);
    expect(await second.outcome).toBe('locked');
    expect(JSON.parse(readFileSync(lockFilePath(dir), 'utf8'))).toMatchObject({ pid: second.child.pid });
    second.child.kill('SIGTERM');
    expect(await second.closed).toBe(0);
  });

  it('lets exactly one of several servers starting at once take over a dead server’s lock', async () => {
    const dir = freshDir();
    const dead = launch(dir);
    expect(await dead.outcome).toBe('locked');
    dead.child.kill('SIGKILL');
    await dead.closed;

    const racers = [launch(dir), launch(dir), launch(dir)];
    const outcomes = await Promise.all(racers.map((r) => r.outcome));
    expect(outcomes.filter((o) => o === 'locked')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 2)).toHaveLength(2);
    const winner = racers[outcomes.indexOf('locked')]!;
    expect(JSON.parse(readFileSync(lockFilePath(dir), 'utf8'))).toMatchObject({ pid: winner.child.pid });
    winner.child.kill('SIGTERM');
    expect(await winner.closed).toBe(0);
  });

  it.each([
    ['replaced', 'now names process 4194304 on elsewhere'],
    ['deleted', 'was deleted'],
  ])('stops at once, with a message, when its lock file is %s', async (how, said) => {
    const dir = freshDir();
    const holder = launch(dir);
    expect(await holder.outcome).toBe('locked');
    const file = lockFilePath(dir);
    if (how === 'replaced') {
      writeFileSync(`${file}.test`, JSON.stringify({ pid: 4194304, start: null, host: 'elsewhere', nonce: 'other' }));
      renameSync(`${file}.test`, file);
    } else {
      unlinkSync(file);
    }
    expect(await holder.closed).toBe(1);
    expect(holder.io.err).toContain(`The lock of the data folder ${dir} ${said}`);
    expect(holder.io.err).toContain('Stopping at once');
  });
});
