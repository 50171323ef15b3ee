/**
 * `npm run sample:bills [-- --out bills-sample.xlsx]`: writes a sample billing spreadsheet for the
 * demo society Green Valley to import on /Billing: Sheet1 with the header
 * Index, Name, Address, Block, Units, Rate and one row per approved demo resident, plus two rows
 * that do not match (an address nobody has, and units that are not a number).
 *
 * The demo data is deterministic (src/server/seed/demo.ts), so the addresses are read from a demo
 * seeded into a throw-away embedded database: the server's data folder is never opened (it may be
 * running and holds its lock).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { and, asc, eq } from 'drizzle-orm';
import { billSheet, type BillSheetRow } from '../e2e/fixtures/bill-sheets.js';
import { openDatabase } from '../src/server/db/client.js';
import { residents, societies } from '../src/server/db/schema.js';
import { formatAddress } from '../src/server/modules/residents/service.js';
import { seedDemo } from '../src/server/seed/demo.js';
import { neutraliseRow } from '../src/shared/spreadsheet-cell.js';

const { values } = parseArgs({ options: { out: { type: 'string', default: 'bills-sample.xlsx' } } });

const database = await openDatabase({});
try {
  await database.migrate();
  await seedDemo(database.db);
  const people = await database.db
    .select({ name: residents.name, house: residents.house, street: residents.street, block: residents.block })
    .from(residents)
    .innerJoin(societies, eq(societies.id, residents.societyId))
    .where(and(eq(societies.name, 'Green Valley'), eq(residents.status, 'Approve')))
    .orderBy(asc(residents.id));
  // Every other row gives the block in its own column (the Address then leaves it out).
  const rows: BillSheetRow[] = people.map((p, i) => ({
    Index: i + 1,
    Name: p.name,
    Address: i % 2 === 0 ? formatAddress(p) : formatAddress({ ...p, block: '' }),
    Block: i % 2 === 0 ? '' : p.block,
    Units: 80 + ((i * 37) % 420) + (i % 4) / 4,
    Rate: i % 5 === 0 ? 50 : '',
  }));
  rows.push({ Index: rows.length + 1, Name: 'Not A Resident', Address: 'House 999, Street 99, Block Z', Block: '', Units: 120, Rate: '' });
  rows.push({
    Index: rows.length + 1,
    Name: people[0]?.name ?? 'Someone',
    Address: people[0] ? formatAddress(people[0]) : '',
    Block: '',
    Units: 'n/a',
    Rate: '',
  });
  // Names and addresses are typed by people: no cell may reach Excel as a formula.
  writeFileSync(values.out, billSheet(rows.map(neutraliseRow), { header: ['Index', 'Name', 'Address', 'Block', 'Units', 'Rate'] }));
  console.log(`wrote ${values.out}: ${rows.length} rows for Green Valley (${people.length} residents, 2 that do not match)`);
} finally {
  await database.close();
}
