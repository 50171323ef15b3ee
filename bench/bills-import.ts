/**
 * Spreadsheet import speed: a society with 10,000 residents (seeded here), a 10,000-row
 * .xlsx naming each of them by address, then
 *   1. parse alone: `readSheet1` (SheetJS reads Sheet1 and the rows are collected), median of 3;
 *   2. parse + match + commit: the billing service's `previewImport` (parse in a worker thread, match every row to a
 *      resident by address, store the preview) and `commitImport` (10,000 bills with their in-app
 *      records, queued pushes and audit rows in one transaction), once.
 * Prints seconds and the ratio to parsing alone; the goal is ≤ 3 s for step 2.
 *
 *   npx tsx bench/bills-import.ts [--rows 10000] [--pg-url postgres://postgres@127.0.0.1:5432/bench_bills]
 *
 * Without --pg-url it uses its own embedded PGlite in a temporary folder (deleted afterwards).
 * With --pg-url the database's public schema is DROPPED and recreated: the database name must
 * start with 'bench'.
 */
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { billSheet } from '../e2e/fixtures/bill-sheets.js';
import { openDatabase } from '../src/server/db/client.js';
import { residents, societies, staffUsers } from '../src/server/db/schema.js';
import type { StaffContext } from '../src/server/modules/auth/service.js';
import { billingService } from '../src/server/modules/billing/service.js';
import { readSheet1 } from '../src/server/modules/billing/sheet.js';
import { sheetParser, type SheetParser } from '../src/server/modules/billing/sheet-parser.js';
import type { OutboxWorker } from '../src/server/modules/outbox/service.js';
import { formatAddress } from '../src/server/modules/residents/service.js';
import { systemClock } from '../src/server/lib/clock.js';
import { EventBus } from '../src/server/lib/events.js';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '10000' }, 'pg-url': { type: 'string' } } });
const ROWS = Number(values.rows);
const pgUrl = values['pg-url'];
if (pgUrl && !new URL(pgUrl).pathname.slice(1).startsWith('bench'))
  throw new Error('--pg-url: the database name must start with "bench" (its schema is dropped)');

const seconds = (ms: number) => (ms / 1000).toFixed(3);
const time = async <T>(work: () => Promise<T> | T): Promise<[T, number]> => {
  const t0 = performance.now();
  const out = await work();
  return [out, performance.now() - t0];
};

let sheets: SheetParser | undefined;
const dataDir = pgUrl ? undefined : mkdtempSync(path.join(tmpdir(), 'bench-bills-'));
const database = await openDatabase({ databaseUrl: pgUrl, dataDir });
const fileDir = mkdtempSync(path.join(tmpdir(), 'bench-bills-file-'));
try {
  if (pgUrl) {
    await database.db.execute(sql`drop schema if exists public cascade`);
    await database.db.execute(sql`drop schema if exists drizzle cascade`);
    await database.db.execute(sql`create schema public`);
  }
  await database.migrate();
  const [society] = await database.db.insert(societies).values({ name: 'Bench Society', code: 'BS' }).returning();
  if (!society) throw new Error('no society');
  const [staff] = await database.db
    .insert(staffUsers)
    .values({ societyId: society.id, email: 'billing@bench.test', name: 'Bench Billing', role: 'Admin', subRole: 'billing', passwordHash: 'x' })
    .returning();
  if (!staff) throw new Error('no staff');
  const people = Array.from({ length: ROWS }, (_, i) => ({
    societyId: society.id,
    residentCode: `BN${String(i + 1).padStart(5, '0')}`,
    name: `Resident ${i + 1}`,
    phone: `0399${String(i + 1).padStart(7, '0')}`,
    house: String(Math.floor(i / 60) + 1),
    street: `Street ${(i % 12) + 1}`,
    block: `Block ${'ABCDE'[Math.floor(i / 12) % 5]}`,
    pushToken: i % 2 === 0 ? `device-${i}` : null,
  }));
  for (let i = 0; i < people.length; i += 1000) await database.db.insert(residents).values(people.slice(i, i + 1000));
  await database.maintain();
  if (pgUrl) await database.db.execute(sql`analyze`);

  const file = billSheet(
    people.map((p, i) => ({
      Index: i + 1,
      Name: p.name,
      Address: formatAddress(p),
      Block: '',
      Units: 100 + (i % 400) + (i % 7) / 4,
      Rate: i % 10 === 0 ? 50 : '',
    })),
  );
  const parses: number[] = [];
  for (let run = 0; run < 3; run++) parses.push((await time(() => readSheet1(file)))[1]);
  const parse = parses.sort((a, b) => a - b)[1] ?? 0;

  const outbox: OutboxWorker = { poke: async () => undefined, start: () => undefined, stop: async () => undefined };
  // The service parses in a worker thread, as the server does (limits as the config defaults).
  sheets = sheetParser({ workers: 1, queue: 0, timeoutMs: 60_000, memoryMb: 256 });
  const billing = billingService({ db: database.db, bus: new EventBus(), outbox, clock: systemClock, sheets });
  const ctx: StaffContext = {
    id: staff.id,
    name: staff.name,
    role: 'Admin',
    subRole: 'billing',
    societyId: society.id,
    societyName: society.name,
    mustChangePassword: false,
    mustEnrolTwoFactor: false,
  };
  // The service reads the upload from disk, as the route's temp file.
  const upload = path.join(fileDir, 'bills.xlsx');
  writeFileSync(upload, file);
  const [preview, previewMs] = await time(() => billing.previewImport(ctx, upload, '2030-01'));
  const [committed, commitMs] = await time(() => billing.commitImport(ctx, preview.importId));
  const total = previewMs + commitMs;

  console.log(`database: ${database.kind}; ${ROWS} residents; file ${(file.length / 1024).toFixed(0)} KiB`);
  console.log(`parse alone (median of 3):        ${seconds(parse)} s   1.00×`);
  console.log(
    `parse + match + store preview:    ${seconds(previewMs)} s   ${(previewMs / parse).toFixed(2)}×   matched ${preview.counts.fileData}, mismatched ${preview.counts.misMatched}`,
  );
  console.log(`commit (bills, records, pushes):  ${seconds(commitMs)} s   ${(commitMs / parse).toFixed(2)}×   created ${committed.created}`);
  console.log(`parse + match + commit:           ${seconds(total)} s   ${(total / parse).toFixed(2)}×   goal ≤ 3 s: ${total <= 3000 ? 'met' : 'NOT met'}`);
  if (preview.counts.fileData !== ROWS || committed.created !== ROWS) throw new Error('not every row was matched and billed');
} finally {
  await sheets?.close();
  await database.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  rmSync(fileDir, { recursive: true, force: true });
}
