/**
 * PGlite does not lock its data folder, and a second process opening it silently loses committed
 * rows (STACK-NOTES). Before opening it we take a lock tied to this process,
 * not to time: `<DATA_DIR>/society-desk.lock` names our pid, the process start time (field 22 of
 * `/proc/<pid>/stat`; pid only where /proc is missing), the host and a random nonce. It is free
 * only when that process is gone (or the pid now belongs to a process with another start time),
 * so a holder that is paused for any length of time keeps it.
 *
 * - Creating: the content is written to a private temp file, then hard-linked to the lock name,
 *   which fails if the name exists (as exclusive as `wx`, and nobody ever reads a half-written lock).
 * - A dead holder's lock is removed only under a short-lived second lock (`.break`), after
 *   re-reading it and finding the same content, so two starters never delete each other's fresh
 *   lock. Residual window: if a starter is killed in the microseconds it holds `.break`, two later
 *   starters may both clear that `.break` at once; the worst outcome is that one of them removes the
 *   other's new lock, whose holder then sees it is gone within `checkMs` and exits (see below).
 * - While running, the holder re-reads the lock every `checkMs` (1 s); if it is gone or names
 *   someone else, `onLost` is called (main.ts logs and exits at once, without touching the database).
 * A lock naming another host cannot be checked and is never taken over (delete it by hand).
 */
import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

const LOCK_NAME = 'society-desk.lock';

/** Where the lock of `dataDir` lives (inside the folder, so it travels with it). */
export function lockFilePath(dataDir: string): string {
  return path.join(path.resolve(dataDir), LOCK_NAME);
}

/** A second server on the same data folder: main.ts prints the message and exits. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder?: LockHolder,
  ) {
    const who = holder ? `process ${holder.pid} on ${holder.host}` : 'an unreadable lock file';
    super(
      `Another Society Desk server is already using the data folder ${dataDir}.\n` +
        'Stop that server first, or start this one with another DATA_DIR.\n' +
        `(The lock ${lockFilePath(dataDir)} names ${who}. A lock left by a server that has stopped is taken over automatically;` +
        ' delete it by hand only if you are sure no server uses this folder.)',
    );
  }
}

/** A held lock. */
export interface DataDirLock {
  /** The lock file. */
  readonly file: string;
  /** Stops the watchdog and deletes the lock file if it still names this process. Idempotent. */
  release(): void;
}

/**
 * Takes the data folder's lock (creating the folder if missing).
 * @param opts.onLost called once, from a timer, if the lock file disappears or stops naming us;
 *   the caller must stop writing at once (main.ts exits).
 * @param opts.checkMs how often the holder re-reads its lock (default 1000 ms).
 * @throws DataDirLockedError if a live process holds the lock.
 */
export function lockDataDir(dataDir: string, opts: { onLost: (message: string) => void; checkMs?: number }): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = lockFilePath(dataDir);
  const me: LockHolder = { pid: process.pid, start: ownStartTime(), host: hostname(), nonce: randomUUID() };
  const mine = JSON.stringify(me);

  let acquired = false;
  for (let attempt = 0; attempt < 5; attempt++) {
    if (writeExclusive(file, mine)) {
      acquired = true;
      heldNonces.add(me.nonce);
      break;
    }
    const seen = readLockFile(file);
    if (seen === undefined) continue; // released meanwhile: try again
    if (!seen.holder || isHolderAlive(seen.holder)) throw new DataDirLockedError(dataDir, seen.holder);
    breakStale(file, seen.text, mine);
  }
  if (!acquired) throw new DataDirLockedError(dataDir, readLockFile(file)?.holder);

  const timer = setInterval(() => {
    const now = readLockFile(file);
    if (now?.text === mine) return;
    clearInterval(timer);
    const what = now === undefined ? 'was deleted' : `now names ${now.holder ? `process ${now.holder.pid} on ${now.holder.host}` : 'something unreadable'}`;
    opts.onLost(
      `The lock of the data folder ${dataDir} ${what} (${file}).\n` +
        'Stopping at once, without writing anything more, so that two servers never write the same database.',
    );
  }, opts.checkMs ?? 1000);
  timer.unref();

  let released = false;
  return {
    file,
    release() {
      if (released) return;
      released = true;
      clearInterval(timer);
      heldNonces.delete(me.nonce);
      // Only a holder judged dead loses its lock to others, so nobody can swap ours in between.
      if (readLockFile(file)?.text === mine) removeIfUnchanged(file, mine);
    },
  };
}

/** Removes a dead holder's lock (content `staleText`) under the `.break` lock; see the header. */
function breakStale(file: string, staleText: string, mine: string): void {
  const breaker = `${file}.break`;
  if (!writeExclusive(breaker, mine)) {
    const other = readLockFile(breaker);
    if (other?.holder && !isHolderAlive(other.holder)) removeIfUnchanged(breaker, other.text);
    return;
  }
  try {
    removeIfUnchanged(file, staleText);
  } finally {
    removeIfUnchanged(breaker, mine);
  }
}

/** What a lock file says: who holds it. */
export interface LockHolder {
  pid: number;
  /** Field 22 of /proc/<pid>/stat (clock ticks after boot), or null where /proc is missing. */
  start: string | null;
  host: string;
  /** Random per acquisition: a lock is ours only if it carries our nonce. */
  nonce: string;
}

/** Nonces of the locks this process holds (a second lock in the same process is refused). */
const heldNonces = new Set<string>();
const hasProc = existsSync('/proc/self/stat');

function ownStartTime(): string | null {
  return hasProc ? (readStartTime(process.pid) ?? null) : null;
}

/** Field 22 of /proc/<pid>/stat; undefined if there is no such process or it is a zombie. */
function readStartTime(pid: number): string | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // Field 2 is the command in parentheses and may hold spaces: count fields after the last ')'.
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (rest[0] === 'Z' || rest[0] === 'X') return undefined; // exited, not yet reaped: writes nothing
  return rest[19]; // rest[0] is field 3
}

function isHolderAlive(h: LockHolder): boolean {
  if (h.host !== hostname()) return true; // cannot look at another machine's processes
  if (h.pid === process.pid) return heldNonces.has(h.nonce);
  if (hasProc) {
    const start = readStartTime(h.pid);
    return start !== undefined && (h.start === null || start === h.start);
  }
  try {
    process.kill(h.pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const v = JSON.parse(text) as Partial<LockHolder>;
    if (typeof v.pid === 'number' && typeof v.host === 'string' && typeof v.nonce === 'string' && (typeof v.start === 'string' || v.start === null)) {
      return { pid: v.pid, start: v.start, host: v.host, nonce: v.nonce };
    }
  } catch {
    // unreadable: reported as such
  }
  return undefined;
}

/** The lock file's text and holder; undefined if it does not exist. */
function readLockFile(file: string): { text: string; holder?: LockHolder } | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return { text: '' };
  }
  return { text, holder: parseHolder(text) };
}

/** Creates `file` with `text` unless it exists; @returns whether we created it. */
function writeExclusive(file: string, text: string): boolean {
  const tmp = `${file}.${process.pid}.${randomUUID()}.tmp`;
  const fd = openSync(tmp, 'wx');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(tmp, file);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw err;
    // No hard links on this file system: create with `wx` (a reader may then see it empty for a
    // moment, which reads as unreadable and is refused, never taken over).
    try {
      const direct = openSync(file, 'wx');
      writeSync(direct, text);
      closeSync(direct);
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw e;
    }
  } finally {
    rmSync(tmp, { force: true });
  }
}

/**
 * Deletes `file` only if it still holds `expected`: moves it aside first (atomic), then compares;
 * a file that turned out to be someone else's is linked back.
 */
function removeIfUnchanged(file: string, expected: string): void {
  const aside = `${file}.${process.pid}.${randomUUID()}.gone`;
  try {
    renameSync(file, aside);
  } catch {
    return; // already gone
  }
  try {
    if (readFileSync(aside, 'utf8') !== expected) linkSync(aside, file);
  } catch {
    // a new lock took the name meanwhile: theirs stays
  } finally {
    rmSync(aside, { force: true });
  }
}
