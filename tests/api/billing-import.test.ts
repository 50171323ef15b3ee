import { count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billSheet, multipartBody, type BillSheetRow } from '../../e2e/fixtures/bill-sheets.js';
import { billImports, bills, notifications, outbox, residents } from '../../src/server/db/schema.js';
import { formatAddress } from '../../src/server/modules/residents/service.js';
import type { ImportCommitResult, ImportPreview } from '../../src/shared/contracts/billing.js';
import { MSG } from '../../src/shared/messages.js';
import { useHarness } from './harness.js';
import { residentByCode } from '../support/rows.js';
import { signedInStaff } from '../support/clients/sessions.js';

/** The spreadsheet import of /Billing (spec sections 2, 5, 8): preview, commit, refusals, isolation. */
describe('billing: spreadsheet import', () => {
  // Imports, not their rate limit (tests/api/rate-limits.test.ts): room for every upload of this file.
  const h = useHarness({ BILL_MAX_IMPORTS_PER_MINUTE: '1000' });
  const GV = 'billing@greenvalley.test';
  // One sign-in per account (sign-ins are throttled).
  const { cookie } = signedInStaff(h);
  const upload = async (file: Buffer, fields: Record<string, string> = {}, email = GV) => {
    const { payload, contentType } = multipartBody(file, fields);
    return h.app.inject({ method: 'POST', url: '/api/bills/import', headers: { cookie: await cookie(email), 'content-type': contentType }, payload });
  };
  const preview = async (rows: BillSheetRow[], period: string, email = GV) => {
    const res = await upload(billSheet(rows), { period }, email);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ImportPreview>();
  };
  const commit = async (importId: number, email = GV) => {
    const res = await h.app.inject({ method: 'POST', url: `/api/bills/import/${importId}/commit`, headers: { cookie: await cookie(email) } });
    return res;
  };
  const resident = (code: string) => residentByCode(h.database.db, code);
  const written = async () => {
    const n = async (t: typeof bills | typeof notifications | typeof outbox | typeof billImports) => (await h.database.db.select({ n: count() }).from(t))[0]?.n;
    return [await n(bills), await n(notifications), await n(outbox), await n(billImports)].join('/');
  };

  it('previews matched rows and each mismatch reason, then commits the matched bills once', async () => {
    const [a, b, c, d, e] = await Promise.all(['GV0021', 'GV0022', 'GV0023', 'GV0024', 'GV0025'].map(resident));
    // Two accounts at one address (a family member's account, made for this test).
    await h.database.db.insert(residents).values({
      societyId: e!.societyId,
      residentCode: 'GVX021',
      name: 'Test Twin',
      phone: '03009990021',
      house: '9001',
      street: 'Street 77',
      block: 'Block Z',
    });
    await h.database.db.insert(residents).values({
      societyId: e!.societyId,
      residentCode: 'GVX022',
      name: 'Test Twin Two',
      phone: '03009990022',
      house: '9001',
      street: 'Street 77',
      block: 'Block Z',
    });
    const billed = await h.app.inject({
      method: 'POST',
      url: '/api/bills',
      headers: { cookie: await cookie(GV) },
      payload: { residentId: 'GV0025', units: 1, period: '2032-01' },
    });
    expect(billed.statusCode).toBe(201);
    const rows: BillSheetRow[] = [
      { Index: 1, Name: a!.name, Address: `  ${formatAddress(a!).toUpperCase().replace(/ /g, '   ')} `, Block: '', Units: 100, Rate: '' },
      { Index: 2, Name: b!.name, Address: formatAddress({ ...b!, block: '' }), Block: b!.block.replace('Block ', ''), Units: '12.5', Rate: 50 },
      { Index: 3, Name: 'Nobody', Address: 'House 9999, Street 99, Block Q', Block: '', Units: 5, Rate: '' },
      { Index: 4, Name: 'Twin', Address: 'House 9001, Street 77, Block Z', Block: '', Units: 5, Rate: '' },
      { Index: 5, Name: c!.name, Address: formatAddress(c!), Block: '', Units: 'abc', Rate: '' },
      { Index: 6, Name: e!.name, Address: formatAddress(e!), Block: '', Units: 7, Rate: '' },
      { Index: 7, Name: a!.name, Address: formatAddress(a!), Block: '', Units: 8, Rate: '' },
      { Index: 8, Name: d!.name, Address: formatAddress(d!), Block: '', Units: 9, Rate: 'free' },
      { Index: 9, Name: d!.name, Address: formatAddress(d!), Block: 'Block Q', Units: 9, Rate: '' },
    ];
    const p = await preview(rows, '2032-01');
    expect(p.period).toBe('2032-01');
    expect(p.bidiRemoved).toBe(0);
    expect(p.fileData).toEqual([
      expect.objectContaining({ row: 2, residentId: 'GV0021', units: 100, ratePerUnit: 45, total: 4500 }),
      expect.objectContaining({ row: 3, residentId: 'GV0022', units: 12.5, ratePerUnit: 50, total: 625 }),
    ]);
    expect(p.misMatched.map((m) => [m.row, m.code])).toEqual([
      [4, 'noAddress'],
      [5, 'ambiguous'],
      [6, 'badUnits'],
      [7, 'billed'],
      [8, 'duplicate'],
      [9, 'badRate'],
      [10, 'noAddress'],
    ]);
    expect(p.misMatched[0]).toMatchObject({ name: 'Nobody', reason: 'No resident has this address.' });
    // The preview bills nobody.
    expect(await h.database.db.select().from(bills).where(eq(bills.period, '2032-01'))).toHaveLength(1);

    const done = await commit(p.importId);
    expect(done.statusCode).toBe(200);
    expect(done.json<ImportCommitResult>()).toEqual({ created: 2, skipped: 0 });
    const made = await h.database.db.select().from(bills).where(eq(bills.importId, p.importId));
    expect(made.map((x) => [x.residentId, Number(x.total)]).sort()).toEqual(
      [
        [a!.id, 4500],
        [b!.id, 625],
      ].sort(),
    );
    const records = await h.database.db
      .select()
      .from(notifications)
      .where(
        inArray(
          notifications.refId,
          made.map((x) => x.id),
        ),
      );
    expect(
      records
        .filter((r) => r.refEntity === 'bill')
        .map((r) => r.description)
        .sort(),
    ).toEqual(['Your electricity bill for January 2032 is PKR 4,500.00', 'Your electricity bill for January 2032 is PKR 625.00']);
    await h.outbox.poke();
    // Queued in bulk (SQL), shaped as a push queued one by one: data names the bill.
    const billPushes = h.pushes.filter((x) => x.title === 'Bill Generated' && made.some((m) => x.data?.id === String(m.id)));
    expect(billPushes.map((x) => x.data).sort((a, b) => Number(a!.id) - Number(b!.id))).toEqual(
      made
        .map((m) => m.id)
        .sort((a, b) => a - b)
        .map((id) => ({ type: 'bill', id: String(id), documentId: String(id) })),
    );

    // Committing again, or importing the same file again and committing, creates no duplicate bill.
    const before = await written();
    expect((await commit(p.importId)).json<ImportCommitResult>()).toEqual({ created: 0, skipped: 2 });
    expect(await written()).toBe(before);
    const again = await preview(rows, '2032-01');
    expect(again.fileData).toEqual([]);
    expect(again.misMatched.filter((m) => m.code === 'billed').map((m) => m.row)).toEqual([2, 3, 7, 8]);
    expect((await commit(again.importId)).json<ImportCommitResult>()).toEqual({ created: 0, skipped: 0 });
    expect(await h.database.db.select().from(bills).where(eq(bills.period, '2032-01'))).toHaveLength(3);
  });

  it('two previews of one file committed one after the other bill each resident once', async () => {
    const r = await resident('GV0026');
    const rows = [{ Address: formatAddress(r), Units: 3 }];
    const [first, second] = [await preview(rows, '2032-02'), await preview(rows, '2032-02')];
    const both = await Promise.all([commit(first.importId), commit(second.importId)]);
    expect(both.map((x) => x.json<ImportCommitResult>().created).sort()).toEqual([0, 1]);
    expect(await h.database.db.select().from(bills).where(eq(bills.period, '2032-02'))).toHaveLength(1);
  });

  it('removes direction-override characters from cells, matches the cleaned address and says how many cells it cleaned', async () => {
    const r = await resident('GV0028');
    const [RLO, LRI, PDI] = ['\u202E', '\u2066', '\u2069'];
    const p = await preview([{ Index: 1, Name: `${RLO}Invoice`, Address: `${LRI}${formatAddress(r)}${PDI}`, Units: 2 }], '2032-03');
    expect(p.bidiRemoved).toBe(2);
    expect(p.fileData).toEqual([expect.objectContaining({ residentId: 'GV0028', name: 'Invoice', address: formatAddress(r) })]);
    expect(JSON.stringify(p)).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  });

  it('reads a legacy .xls file too, and defaults the period to this month', async () => {
    const r = await resident('GV0027');
    const res = await upload(billSheet([{ Address: formatAddress(r), Units: 4 }], { bookType: 'biff8' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportPreview>().fileData).toEqual([expect.objectContaining({ residentId: 'GV0027', total: 180 })]);
  });

  it('refuses anything but an .xlsx/.xls with Sheet1 and a header, up to 10 MB (400, nothing written)', async () => {
    const r = await resident('GV0028');
    const good = [{ Address: formatAddress(r), Units: 4 }];
    // Cut off after the workbook's entry name: it still looks like an .xlsx but cannot be read.
    const truncated = (file: Buffer) => file.subarray(0, file.indexOf('xl/workbook.xml') + 40);
    const before = await written();
    const refused: [string, () => Promise<{ statusCode: number; json: () => unknown }>, string][] = [
      ['text file named .xlsx', () => upload(Buffer.from('Address,Units\nHouse 1,4\n')), MSG.billImportNotSpreadsheet],
      ['zip without a workbook', () => upload(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)])), MSG.billImportNotSpreadsheet],
      ['broken xlsx', () => upload(truncated(billSheet(good))), MSG.billImportUnreadable],
      ['no Sheet1', () => upload(billSheet(good, { sheetName: 'Bills' })), MSG.billImportNoSheet1],
      ['no Units column', () => upload(billSheet([{ Address: formatAddress(r), Amount: 4 }])), MSG.billImportNoHeader],
      ['over 10 MB', () => upload(Buffer.concat([billSheet(good), Buffer.alloc(10 * 1024 * 1024)])), MSG.billImportTooLarge],
      ['bad period', () => upload(billSheet(good), { period: '2032-13' }), 'Period must be a month written YYYY-MM, e.g. 2026-11.'],
      [
        'JSON body',
        () => cookie(GV).then((c) => h.app.inject({ method: 'POST', url: '/api/bills/import', headers: { cookie: c }, payload: { file: 'x' } })),
        MSG.billImportNoFile,
      ],
    ];
    for (const [what, res, message] of refused) {
      const answer = await res();
      expect(answer.statusCode, what).toBe(400);
      expect(answer.json(), what).toMatchObject({ message });
    }
    expect(await written()).toBe(before);
  });

  it('never matches, bills or commits across societies; other sub-roles get 403', async () => {
    const gv = await resident('GV0029');
    const lcAddresses = new Set((await h.database.db.select().from(residents).where(eq(residents.residentCode, 'LC0001'))).map(formatAddress));
    expect(lcAddresses.has(formatAddress(gv))).toBe(false);
    const lcOwnAddress = (await h.database.db.select().from(residents)).filter(
      (x) => x.residentCode.startsWith('LC') && formatAddress(x) === formatAddress(gv),
    );
    expect(lcOwnAddress).toEqual([]);
    const lc = await preview([{ Address: formatAddress(gv), Units: 4 }], '2032-03', 'billing@lakecity.test');
    expect(lc.fileData).toEqual([]);
    expect(lc.misMatched).toEqual([expect.objectContaining({ code: 'noAddress' })]);
    const mine = await preview([{ Address: formatAddress(gv), Units: 4 }], '2032-03');
    const before = await written();
    expect((await commit(mine.importId, 'billing@lakecity.test')).statusCode).toBe(404);
    expect((await upload(billSheet([{ Address: formatAddress(gv), Units: 4 }]), {}, 'complaints@greenvalley.test')).statusCode).toBe(403);
    expect((await commit(mine.importId, 'complaints@greenvalley.test')).statusCode).toBe(403);
    expect(await written()).toBe(before);
    expect((await commit(mine.importId, 'super-admin@greenvalley.test')).json<ImportCommitResult>()).toEqual({ created: 1, skipped: 0 });
  });
});
