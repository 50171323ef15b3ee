/**
 * Backups of a society's data, and their restore (`npm run backup`, `npm run restore -- <folder>`,
 * and the embedded database's automatic backup).
 *
 * A backup is a folder `BACKUP_DIR/society-desk-<UTC time>` (written under a `.partial` name and
 * renamed when complete, so a folder with the final name is whole):
 * - `manifest.json`: what it holds ({@link BackupManifest});
 * - `database/`: the embedded database's files, copied while no statement runs (they open as
 *   after a crash at that moment: every commit before it is there), or `database.pgdump`:
 *   `pg_dump --format=custom` of DATABASE_URL;
 * - `media/`: the uploaded files (DATA_DIR/media), or `MEDIA-IN-S3.txt` when they live in S3_BUCKET
 *   (back the bucket up with the store's own tools).
 * The database is copied first, the media second: a file the database names is deleted only after
 * its row was released (the media job), so the copy holds every file the copied database needs,
 * save one released in those seconds.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { lockFilePath } from '../db/lock.js';
import { rowsOf } from '../db/raw-rows.js';
import { OWNER_ONLY_TABLES, SOCIETY_ROLE } from '../db/society-scope.js';
import type { Clock } from '../lib/clock.js';

const run = promisify(execFile);
const PREFIX = 'society-desk-';
const MANIFEST = 'manifest.json';

/** `manifest.json` of a backup. */
export interface BackupManifest {
  format: 'society-desk-backup';
  version: 1;
  /** ISO 8601 time the backup began. */
  createdAt: string;
  database: 'embedded' | 'postgres';
  /** 'folder': the files are in `media/`; 's3': they are in the bucket, not in the backup. */
  media: 'folder' | 's3';
  /** Files and bytes in `media/`. */
  mediaFiles: number;
  mediaBytes: number;
}

type BackupConfig = Pick<Config, 'DATA_DIR' | 'BACKUP_DIR' | 'DATABASE_URL' | 'S3_BUCKET'>;

/** Where backups go: BACKUP_DIR, else DATA_DIR/backups. */
export function backupDir(config: BackupConfig): string {
  return path.resolve(config.BACKUP_DIR ?? path.join(config.DATA_DIR, 'backups'));
}

/** A refusal the operator can act on (exit code 2): a missing tool, a target that is not empty. */
export class BackupRefused extends Error {}

async function pgTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  try {
    await run(tool, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT')
      throw new BackupRefused(`${tool} is not installed on this machine. Install the PostgreSQL client tools (Debian: apt-get install postgresql-client).`, {
        cause: err,
      });
    throw new Error(`${tool} failed: ${(e.stderr ?? e.message).trim()}`, { cause: err });
  }
}

/** Files and bytes under a folder (0 and 0 when it does not exist). */
async function sizeOf(dir: string): Promise<{ files: number; bytes: number }> {
  if (!existsSync(dir)) return { files: 0, bytes: 0 };
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

/**
 * Writes a backup of the running data (see the module comment). On the embedded database the
 * caller is the process that owns it (the server, or the CLI holding the data folder's lock).
 * @returns the backup folder's path. @throws BackupRefused when pg_dump is missing.
 */
export async function writeBackup(deps: { config: BackupConfig; database: Database; clock: Clock }): Promise<string> {
  const { config, database, clock } = deps;
  const createdAt = clock.now();
  const dir = backupDir(config);
  await mkdir(dir, { recursive: true });
  const name = `${PREFIX}${createdAt.toISOString().replace(/[:.]/g, '-')}`;
  const partial = path.join(dir, `.${name}.partial`);
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  try {
    if (database.kind === 'pglite') await database.snapshot(path.join(partial, 'database'));
    else await pgTool('pg_dump', ['--format=custom', `--file=${path.join(partial, 'database.pgdump')}`, `--dbname=${config.DATABASE_URL}`]);
    const mediaSource = path.join(config.DATA_DIR, 'media');
    if (config.S3_BUCKET) {
      await writeFile(
        path.join(partial, 'MEDIA-IN-S3.txt'),
        `Uploaded media live in the S3 bucket ${config.S3_BUCKET}; back it up with the store's own tools.\n`,
      );
    } else if (existsSync(mediaSource)) {
      await cp(mediaSource, path.join(partial, 'media'), { recursive: true });
    }
    const media = await sizeOf(path.join(partial, 'media'));
    const manifest: BackupManifest = {
      format: 'society-desk-backup',
      version: 1,
      createdAt: createdAt.toISOString(),
      database: database.kind === 'pglite' ? 'embedded' : 'postgres',
      media: config.S3_BUCKET ? 's3' : 'folder',
      mediaFiles: media.files,
      mediaBytes: media.bytes,
    };
    await writeFile(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const final = path.join(dir, name);
    await rename(partial, final);
    return final;
  } catch (err) {
    await rm(partial, { recursive: true, force: true });
    throw err;
  }
}

/** The complete backups in BACKUP_DIR, oldest first (names sort by time). */
export async function listBackups(config: BackupConfig): Promise<string[]> {
  const dir = backupDir(config);
  if (!existsSync(dir)) return [];
  const names = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isDirectory() && e.name.startsWith(PREFIX)).map((e) => e.name);
  return names.sort().map((n) => path.join(dir, n));
}

/** Deletes the oldest backups beyond the newest `keep`; @returns the deleted folders. */
export async function pruneBackups(config: BackupConfig, keep: number): Promise<string[]> {
  const all = await listBackups(config);
  const gone = all.slice(0, Math.max(0, all.length - keep));
  for (const folder of gone) await rm(folder, { recursive: true, force: true });
  return gone;
}

/**
 * The embedded database's automatic backup, for an interval job: a new backup when the newest is
 * older than `everyHours` (or there is none), then the oldest beyond BACKUP_KEEP are deleted.
 * @returns the new backup's path, or null when the newest is recent enough.
 */
export async function automaticBackup(deps: {
  config: BackupConfig & Pick<Config, 'BACKUP_KEEP'>;
  database: Database;
  clock: Clock;
  everyHours: number;
}): Promise<string | null> {
  const newest = (await listBackups(deps.config)).at(-1);
  if (newest) {
    const manifest = JSON.parse(await readFile(path.join(newest, MANIFEST), 'utf8')) as BackupManifest;
    if (deps.clock.now().getTime() - Date.parse(manifest.createdAt) < deps.everyHours * 3_600_000) return null;
  }
  const written = await writeBackup(deps);
  await pruneBackups(deps.config, deps.config.BACKUP_KEEP);
  return written;
}

/** Reads a backup folder's manifest. @throws BackupRefused when it is not a backup. */
export async function readManifest(folder: string): Promise<BackupManifest> {
  try {
    const manifest = JSON.parse(await readFile(path.join(folder, MANIFEST), 'utf8')) as BackupManifest;
    if (manifest.format === 'society-desk-backup' && manifest.version === 1) return manifest;
  } catch {
    // not readable: refused below
  }
  throw new BackupRefused(`${folder} is not a Society Desk backup (no ${MANIFEST}).`);
}

/**
 * The grants the app's roles need (drizzle/0002_row_level_security.sql): a dump restored without
 * privileges lacks them. Granting every table gives the society role the owner-only ones too, so
 * those are revoked again (OWNER_ONLY_TABLES).
 */
const GRANTS = sql`DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'society_app') THEN CREATE ROLE society_app NOLOGIN; END IF;
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN EXECUTE format('GRANT society_app TO %I', current_user); END IF;
END $$;
GRANT USAGE ON SCHEMA public TO society_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO society_app;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO society_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO society_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO society_app;
${sql.raw(OWNER_ONLY_TABLES.map((t) => `REVOKE ALL ON "${t}" FROM ${SOCIETY_ROLE};`).join('\n'))}`;

/**
 * Restores a backup folder into the data folder (embedded: DATA_DIR must be missing or empty)
 * or into DATABASE_URL (its `public` schema must hold no table), media into DATA_DIR/media.
 * Nothing is overwritten: a target that is not empty is refused. The caller then opens the data
 * as a server would (migrations of a newer version apply then).
 * @param openDatabase opens DATABASE_URL (to check it is empty and grant the app's roles).
 * @throws BackupRefused for a non-empty target, a backup of the other kind, or a missing pg_restore.
 */
export async function restoreBackup(folder: string, config: BackupConfig, openDatabase: (url: string) => Promise<Database>): Promise<BackupManifest> {
  const manifest = await readManifest(folder);
  const mediaTarget = path.join(config.DATA_DIR, 'media');
  if (config.DATABASE_URL) {
    if (manifest.database !== 'postgres')
      throw new BackupRefused('This backup is of an embedded database: restore it without DATABASE_URL, into an empty DATA_DIR.');
    const database = await openDatabase(config.DATABASE_URL);
    try {
      const [{ n } = { n: 0 }] = rowsOf(
        await database.db.execute(sql`select count(*)::int as n from pg_tables where schemaname = 'public'`),
        z.object({ n: z.coerce.number() }),
      );
      if (n > 0) throw new BackupRefused(`The database of DATABASE_URL is not empty (${n} tables in public): restore into an empty database.`);
      if (manifest.media === 'folder' && existsSync(mediaTarget) && (await readdir(mediaTarget)).length > 0)
        throw new BackupRefused(`${mediaTarget} is not empty: restore into an empty data folder.`);
      await pgTool('pg_restore', ['--no-owner', '--no-privileges', `--dbname=${config.DATABASE_URL}`, path.join(folder, 'database.pgdump')]);
      await database.db.execute(GRANTS);
    } finally {
      await database.close();
    }
  } else {
    if (manifest.database !== 'embedded')
      throw new BackupRefused('This backup is of a PostgreSQL database: restore it with DATABASE_URL set to an empty database.');
    // The restoring process's own lock file is the one entry allowed.
    const lockName = path.basename(lockFilePath(config.DATA_DIR));
    if (existsSync(config.DATA_DIR) && (await readdir(config.DATA_DIR)).some((entry) => entry !== lockName))
      throw new BackupRefused(`${config.DATA_DIR} is not empty: restore into an empty or new data folder (DATA_DIR).`);
    await cp(path.join(folder, 'database'), config.DATA_DIR, { recursive: true });
  }
  if (manifest.media === 'folder' && existsSync(path.join(folder, 'media'))) await cp(path.join(folder, 'media'), mediaTarget, { recursive: true });
  return manifest;
}
