/**
 * Backups (operator/backup.ts): a backup taken while the data is being written, the data wiped,
 * the backup restored into an empty place: every row of every table and every media file is back,
 * and no transaction is half there. Restores refuse a target that is not empty. The automatic
 * backup of the embedded database keeps BACKUP_KEEP. On the embedded database always; on
 * PostgreSQL (pg_dump / pg_restore) when DATABASE_URL is set and the client tools are installed.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../src/server/config.js';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { prepareDatabase } from '../../src/server/db/prepare.js';
import { auditLog, societies } from '../../src/server/db/schema.js';
import { OWNER_ONLY_TABLES, SOCIETY_ROLE } from '../../src/server/db/society-scope.js';
import { manualClock } from '../../src/server/lib/clock.js';
import { databaseNameOf } from '../../src/server/lib/redis-namespace.js';
import { automaticBackup, BackupRefused, listBackups, restoreBackup, writeBackup } from '../../src/server/operator/backup.js';

const temps: string[] = [];
const temp = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
};
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Every table of the public schema with its row count, and a fingerprint of the audit log's rows. */
async function contents(database: Database): Promise<Record<string, string>> {
  const tables = (await database.db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by 1`)) as unknown as {
    rows: { tablename: string }[];
  };
  const out: Record<string, string> = {};
  for (const { tablename } of tables.rows) {
    const r = (await database.db.execute(sql.raw(`select count(*)::text as n from public."${tablename}"`))) as unknown as { rows: { n: string }[] };
    out[tablename] = r.rows[0]!.n;
  }
  const audit = (await database.db.execute(
    sql`select md5(string_agg(id || ':' || action || ':' || at::text, ',' order by id)) as f from audit_log`,
  )) as unknown as { rows: { f: string }[] };
  out['audit_log fingerprint'] = audit.rows[0]!.f;
  return out;
}

/** Tables of the public schema the society role may not read, A to Z. */
async function hiddenFromSocietyRole(database: Database): Promise<string[]> {
  const r = (await database.db.execute(
    sql`select c.relname as tablename from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not has_table_privilege(${SOCIETY_ROLE}, c.oid, 'SELECT') order by 1`,
  )) as unknown as { rows: { tablename: string }[] };
  return r.rows.map((row) => row.tablename);
}

/** Inserts pairs of audit rows (each pair one transaction) until `stop` resolves; @returns how many pairs committed. */
async function writePairs(database: Database, societyId: number, action: string, stop: Promise<unknown>): Promise<number> {
  let done = false;
  void stop.finally(() => (done = true));
  let pairs = 0;
  while (!done) {
    await database.db.transaction(async (tx) => {
      const row = {
        societyId,
        actorKind: 'system' as const,
        actorId: null,
        actorName: 'writer',
        entity: 'society',
        entityId: societyId,
        action,
        at: new Date(),
      };
      await tx.insert(auditLog).values(row);
      await tx.insert(auditLog).values(row);
    });
    pairs++;
  }
  return pairs;
}

const marked = async (database: Database, action: string) =>
  Number(
    ((await database.db.execute(sql`select count(*)::int as n from audit_log where action = ${action}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n,
  );

const configOf = (env: Record<string, string>): Config => loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });

describe.skipIf(!!process.env.DATABASE_URL)('backups of the embedded database', () => {
  it('backs up while writes go on, then a wipe and a restore give back every row and file, and no half transaction', async () => {
    const dataDir = path.join(temp('sd-backup-src-'), 'data');
    const backups = temp('sd-backups-');
    const config = configOf({ DATA_DIR: dataDir, BACKUP_DIR: backups });
    const database = await openDatabase({ dataDir });
    await prepareDatabase(database, { demo: true });
    mkdirSync(path.join(dataDir, 'media', 'ab'), { recursive: true });
    writeFileSync(path.join(dataDir, 'media', 'ab', 'photo.webp'), Buffer.from('not really a photo, but bytes'));
    const [gv] = await database.db.select({ id: societies.id }).from(societies).limit(1);

    let release!: () => void;
    const writing = writePairs(database, gv!.id, 'backup-pair', new Promise<void>((r) => (release = r)));
    const folder = await writeBackup({ config, database, clock: manualClock() });
    release();
    expect(await writing).toBeGreaterThan(0);
    const before = await contents(database);
    await database.close();
    expect(folder.startsWith(backups)).toBe(true);
    expect(JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8'))).toMatchObject({ database: 'embedded', media: 'folder', mediaFiles: 1 });

    const restoredDir = path.join(temp('sd-backup-dst-'), 'data');
    const restoredConfig = configOf({ DATA_DIR: restoredDir });
    await restoreBackup(folder, restoredConfig, (url) => openDatabase({ databaseUrl: url }));
    const restored = await openDatabase({ dataDir: restoredDir });
    try {
      await prepareDatabase(restored, { demo: false });
      const after = await contents(restored);
      // Rows written after the copy are not in it; everything else is, and each pair whole.
      const { audit_log: _a, 'audit_log fingerprint': _f, ...rest } = after;
      const { audit_log: _b, 'audit_log fingerprint': _g, ...restBefore } = before;
      expect(rest).toEqual(restBefore);
      expect(Object.keys(rest).length).toBeGreaterThan(20);
      expect((await marked(restored, 'backup-pair')) % 2).toBe(0);
      expect(Number(after.audit_log)).toBeLessThanOrEqual(Number(before.audit_log));
      expect(readFileSync(path.join(restoredDir, 'media', 'ab', 'photo.webp'), 'utf8')).toBe('not really a photo, but bytes');
    } finally {
      await restored.close();
    }

    // A quiet database restores exactly: every row, the audit log's too.
    const again = await openDatabase({ dataDir: restoredDir });
    const quiet = await writeBackup({ config: configOf({ DATA_DIR: restoredDir, BACKUP_DIR: backups }), database: again, clock: manualClock() });
    const exact = await contents(again);
    await again.close();
    const third = path.join(temp('sd-backup-third-'), 'data');
    await restoreBackup(quiet, configOf({ DATA_DIR: third }), (url) => openDatabase({ databaseUrl: url }));
    const thirdDb = await openDatabase({ dataDir: third });
    try {
      expect(await contents(thirdDb)).toEqual(exact);
    } finally {
      await thirdDb.close();
    }

    // Nothing is restored over data.
    const refused = await restoreBackup(folder, restoredConfig, (url) => openDatabase({ databaseUrl: url })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BackupRefused);
    expect((refused as Error).message).toMatch(/is not empty/);
    const notABackup = await restoreBackup(temp('sd-empty-'), configOf({ DATA_DIR: path.join(temp('sd-x-'), 'd') }), (url) =>
      openDatabase({ databaseUrl: url }),
    ).catch((e: unknown) => e);
    expect(notABackup).toBeInstanceOf(BackupRefused);
  }, 120_000);

  it('the automatic backup runs when the newest is older than BACKUP_EVERY_HOURS and keeps BACKUP_KEEP', async () => {
    const dataDir = path.join(temp('sd-auto-'), 'data');
    const config = configOf({ DATA_DIR: dataDir, BACKUP_KEEP: '2' });
    const database = await openDatabase({ dataDir });
    try {
      await prepareDatabase(database, { demo: false });
      const clock = manualClock(new Date('2031-05-01T00:00:00Z'));
      const run = () => automaticBackup({ config, database, clock, everyHours: 24 });
      expect(await run()).toMatch(/society-desk-2031-05-01T00-00-00-000Z$/);
      clock.advance(23 * 3_600_000);
      expect(await run()).toBeNull();
      for (let i = 0; i < 3; i++) {
        clock.advance(24 * 3_600_000);
        expect(await run()).not.toBeNull();
      }
      const kept = await listBackups(config);
      expect(kept.map((k) => path.basename(k))).toEqual(['society-desk-2031-05-03T23-00-00-000Z', 'society-desk-2031-05-04T23-00-00-000Z']);
      expect(kept.every((k) => k.startsWith(path.join(dataDir, 'backups')))).toBe(true);
    } finally {
      await database.close();
    }
  }, 60_000);
});

function hasPgTools(): boolean {
  try {
    execFileSync('pg_dump', ['--version']);
    execFileSync('pg_restore', ['--version']);
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(!process.env.DATABASE_URL || !hasPgTools())('backups of a PostgreSQL database (pg_dump)', () => {
  const base = process.env.DATABASE_URL ?? '';
  const urlOf = (name: string) => {
    const u = new URL(base);
    u.pathname = `/${name}`;
    return u.toString();
  };
  // Named after the file's own database (unique to the file and the run), so parallel files and
  // runs never share them.
  const made: string[] = [];
  async function freshDatabase(suffix: string): Promise<string> {
    const name = `${databaseNameOf(base)}_${suffix}`;
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.query(`create database "${name}"`);
      made.push(name);
    } finally {
      await client.end();
    }
    return urlOf(name);
  }
  afterAll(async () => {
    if (made.length === 0) return;
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      for (const name of made) await client.query(`drop database if exists "${name}" with (force)`);
    } finally {
      await client.end();
    }
  });

  it('backs up with pg_dump and restores into an empty database: every row and media file', async () => {
    const src = await freshDatabase('backup_src');
    const dst = await freshDatabase('backup_dst');
    const dataDir = temp('sd-pg-backup-');
    const backups = temp('sd-pg-backups-');
    const database = await openDatabase({ databaseUrl: src });
    await prepareDatabase(database, { demo: true });
    mkdirSync(path.join(dataDir, 'media'), { recursive: true });
    writeFileSync(path.join(dataDir, 'media', 'logo.png'), Buffer.from([1, 2, 3, 4]));
    const folder = await writeBackup({ config: configOf({ DATA_DIR: dataDir, BACKUP_DIR: backups, DATABASE_URL: src }), database, clock: manualClock() });
    const before = await contents(database);
    const hiddenBefore = await hiddenFromSocietyRole(database);
    await database.close();
    expect(hiddenBefore).toEqual([...OWNER_ONLY_TABLES].sort());

    const restoredDir = temp('sd-pg-restored-');
    const target = configOf({ DATA_DIR: restoredDir, DATABASE_URL: dst });
    await restoreBackup(folder, target, (url) => openDatabase({ databaseUrl: url }));
    const restored = await openDatabase({ databaseUrl: dst });
    try {
      await prepareDatabase(restored, { demo: false });
      expect(await contents(restored)).toEqual(before);
      // The app's role can read under row-level security after the restore.
      const scoped = await restored.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('role', 'society_app', true), set_config('app.society_id', '1', true)`);
        return tx.select({ id: societies.id }).from(societies);
      });
      expect(scoped).toEqual([{ id: 1 }]);
      // …and still not the owner-only tables (the VAPID private key among them).
      expect(await hiddenFromSocietyRole(restored)).toEqual(hiddenBefore);
    } finally {
      await restored.close();
    }
    expect([...readFileSync(path.join(restoredDir, 'media', 'logo.png'))]).toEqual([1, 2, 3, 4]);
    const refused = await restoreBackup(folder, target, (url) => openDatabase({ databaseUrl: url })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BackupRefused);
  }, 120_000);
});
