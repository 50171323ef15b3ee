/**
 * How long the embedded database's backup holds statements back (operator/backup.ts: the data
 * folder is copied while no statement runs). Seeds the demo data (and optionally N more residents
 * per society) in a temporary data folder, then pings `select 1` on the alarm lane every 5 ms:
 * first alone (the baseline), then while a backup is written. Prints the backup's duration, the
 * pings' p50/p99/max in both phases, and the worst ping as a ratio to the baseline's.
 *
 *   npx tsx bench/backup.ts [--residents 55] [--rounds 3]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config.js';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { prepareDatabase } from '../src/server/db/prepare.js';
import { systemClock } from '../src/server/lib/clock.js';
import { writeBackup } from '../src/server/operator/backup.js';
import { seedDemo } from '../src/server/seed/demo.js';

const { values } = parseArgs({ options: { residents: { type: 'string', default: '55' }, rounds: { type: 'string', default: '3' } } });

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};

/** Pings until `until` resolves; @returns each ping's latency, ms. */
async function ping(database: Database, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const out: number[] = [];
  while (!done) {
    const t = performance.now();
    await database.alarmDb.execute(sql`select 1`);
    out.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 5));
  }
  return out;
}

const root = mkdtempSync(path.join(tmpdir(), 'sd-bench-backup-'));
try {
  const dataDir = path.join(root, 'data');
  const config = loadConfig({ DATA_DIR: dataDir, BACKUP_DIR: path.join(root, 'backups') });
  const database = await openDatabase({ dataDir });
  await prepareDatabase(database, { demo: false });
  await seedDemo(database.db, { residentsPerSociety: Number(values.residents) });
  await database.maintain();
  for (let round = 1; round <= Number(values.rounds); round++) {
    const baseline = await ping(database, new Promise((r) => setTimeout(r, 2000)));
    const t = performance.now();
    const backup = writeBackup({ config, database, clock: systemClock });
    const during = await ping(database, backup);
    const took = performance.now() - t;
    const fmt = (xs: number[]) =>
      `p50 ${quantile(xs, 0.5).toFixed(1)} p99 ${quantile(xs, 0.99).toFixed(1)} max ${Math.max(...xs).toFixed(1)} ms (${xs.length})`;
    console.log(`round ${round}: backup ${took.toFixed(0)} ms`);
    console.log(`  pings alone:         ${fmt(baseline)}`);
    console.log(`  pings during backup: ${fmt(during)}   worst ×${(Math.max(...during) / Math.max(...baseline)).toFixed(1)} the baseline's`);
  }
  await database.close();
} finally {
  rmSync(root, { recursive: true, force: true });
}
