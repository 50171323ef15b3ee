/**
 * `npm run backup` and `npm run restore -- <backup folder>` (operator/backup.ts), on the database
 * the server would use:
 * - backup: on DATABASE_URL, pg_dump (the server may run); embedded, no server running: this
 *   process takes the data folder's lock and copies it; embedded, a server running: the server
 *   writes the backup (operator socket), since the database is its alone. Ends with one line,
 *   `Backup written: <path>`.
 * - restore: into an empty DATA_DIR (embedded; no server may be using it) or an empty database
 *   (DATABASE_URL), then opens it once as a server would (migrations of this version apply).
 * Exit code: 0 done, 2 refused (a target that is not empty, a missing tool, not a backup), 1 failed.
 */
import path from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DataDirLockedError, lockDataDir } from '../db/lock.js';
import { prepareDatabase } from '../db/prepare.js';
import { systemClock } from '../lib/clock.js';
import { BackupRefused, restoreBackup, writeBackup } from './backup.js';
import type { CommandResult } from './commands.js';
import { sendToServer } from './socket.js';

const USAGE = ['Usage: npm run backup', '       npm run restore -- <backup folder>'];

const done = (line: string): CommandResult => ({ code: 0, out: [line], err: [] });

async function backup(): Promise<CommandResult> {
  const config = loadConfig();
  if (config.DATABASE_URL) {
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL });
    try {
      return done(`Backup written: ${await writeBackup({ config, database, clock: systemClock })}`);
    } finally {
      await database.close();
    }
  }
  let lock;
  try {
    lock = lockDataDir(config.DATA_DIR, { onLost: (message) => (console.error(message), process.exit(1)) });
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    return sendToServer(config.DATA_DIR, ['backup']);
  }
  try {
    const database = await openDatabase({ dataDir: config.DATA_DIR });
    try {
      return done(`Backup written: ${await writeBackup({ config, database, clock: systemClock })}`);
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
}

async function restore(folder: string | undefined): Promise<CommandResult> {
  if (!folder) return { code: 2, out: USAGE, err: [] };
  const config = loadConfig();
  const from = path.resolve(folder);
  if (config.DATABASE_URL) {
    const url = config.DATABASE_URL;
    await restoreBackup(from, config, (databaseUrl) => openDatabase({ databaseUrl }));
    const database = await openDatabase({ databaseUrl: url });
    await prepareDatabase(database, { demo: false }).finally(() => database.close());
    return done(`Restored ${from} into the database of DATABASE_URL`);
  }
  let lock;
  try {
    lock = lockDataDir(config.DATA_DIR, { onLost: (message) => (console.error(message), process.exit(1)) });
  } catch (err) {
    if (err instanceof DataDirLockedError) throw new BackupRefused(`A server is using ${config.DATA_DIR}: stop it, and restore into an empty data folder.`);
    throw err;
  }
  try {
    await restoreBackup(from, config, (databaseUrl) => openDatabase({ databaseUrl }));
    const database = await openDatabase({ dataDir: config.DATA_DIR });
    await prepareDatabase(database, { demo: false }).finally(() => database.close());
    return done(`Restored ${from} into ${config.DATA_DIR}`);
  } finally {
    lock.release();
  }
}

async function main([command, ...rest]: string[]): Promise<CommandResult> {
  if (command === 'backup') return backup();
  if (command === 'restore') return restore(rest.find((a) => a !== '--'));
  return { code: 2, out: USAGE, err: [] };
}

const result = await main(process.argv.slice(2)).catch((err: Error): CommandResult =>
  err instanceof BackupRefused ? { code: 2, out: [], err: [err.message] } : { code: 1, out: [], err: [`Failed: ${err.message}`] },
);
for (const line of result.out) console.log(line);
for (const line of result.err) console.error(line);
process.exit(result.code);
