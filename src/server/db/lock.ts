/**
 * PGlite does not lock its data folder, and a second process opening it silently loses committed
 * rows (STACK-NOTES). We take an exclusive lock (proper-lockfile: a `<dir>.lock` folder refreshed
 * while we run, considered stale after 10 s if the holder died) before opening it.
 */
import { mkdirSync } from 'node:fs';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `Another Society Desk server is already using the data folder ${dataDir}.\n` +
        'Stop that server first, or start this one with another DATA_DIR.\n' +
        '(If no other server is running, the lock was left by one that stopped abruptly; it frees itself within 10 seconds.)',
    );
  }
}

/** @returns a release function. @throws DataDirLockedError if another process holds the lock. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      stale: 10_000,
      update: 2_000,
      realpath: false,
      // The default throws from a timer and kills the process; a late refresh is not worth that.
      onCompromised: (err) => console.error(`Warning: the data folder lock could not be refreshed: ${err.message}`),
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw err;
  }
}
