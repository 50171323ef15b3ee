/**
 * An online copy of the embedded database's data folder (PostgreSQL's low-level base backup), so
 * that statements go on while the files are copied: an alarm never waits for a backup.
 * 1. `pg_backup_start(…, fast => true)`: a checkpoint, and WAL is kept complete from here;
 * 2. the folder's files are copied while the database runs (what changes meanwhile is in the WAL);
 * 3. `pg_backup_stop()` answers the backup label;
 * 4. the WAL is copied, and the label written beside the files.
 * Opened later, PostgreSQL (PGlite) starts from the label's checkpoint and replays the WAL: the copy
 * holds every transaction committed before step 3, and none half.
 * Steps 1 and 3 run on the caller's connection (the main lane: no transaction of the app is open
 * on the one session meanwhile); the checkpoint of step 1 is the only moment statements wait.
 */
import { cp, mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** What a data folder holds besides the database: the server's files, left out of the copy. */
const NOT_DATABASE = new Set(['media', 'upload-tmp', 'backups', 'operator.sock', 'society-desk.lock', 'postmaster.pid', 'postmaster.opts']);

/** Runs one statement on the database's session; @returns its rows. */
export type RunStatement = (statement: string) => Promise<Record<string, unknown>[]>;

/** Copies the database of `dataDir` to the new folder `dest` while it runs (see the module comment). */
export async function snapshotDataFolder(dataDir: string, dest: string, run: RunStatement): Promise<void> {
  await mkdir(dest, { recursive: true });
  await run(`select pg_backup_start('society-desk', true)`);
  let stopped = false;
  try {
    for (const entry of await readdir(dataDir)) {
      if (entry !== 'pg_wal' && !NOT_DATABASE.has(entry)) await cp(path.join(dataDir, entry), path.join(dest, entry), { recursive: true });
    }
    const [stop] = await run('select labelfile, spcmapfile from pg_backup_stop(true)');
    stopped = true;
    await cp(path.join(dataDir, 'pg_wal'), path.join(dest, 'pg_wal'), { recursive: true });
    await writeFile(path.join(dest, 'backup_label'), String(stop?.labelfile ?? ''));
    const spcmap = String(stop?.spcmapfile ?? '');
    if (spcmap) await writeFile(path.join(dest, 'tablespace_map'), spcmap);
  } finally {
    // A failed copy must not leave the session in backup mode (the next backup would be refused).
    if (!stopped) await run('select pg_backup_stop(false)').catch(() => undefined);
  }
}
