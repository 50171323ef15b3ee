import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billSheet, multipartBody } from '../../e2e/fixtures/bill-sheets.js';
import { zipBomb } from '../../e2e/fixtures/zip-bomb.js';
import { billImports } from '../../src/server/db/schema.js';
import { MAX_IMPORT_CELL_CHARS, MAX_IMPORT_COLUMNS, MAX_IMPORT_UNCOMPRESSED_BYTES } from '../../src/shared/contracts/billing.js';
import { MSG } from '../../src/shared/messages.js';
import { useHarness } from './harness.js';

/** The spreadsheet import's limits: zip bombs (honest or lying headers), columns, cell length. */
describe('billing import: limits', () => {
  const h = useHarness();
  let cookie: Promise<string> | undefined;
  const upload = async (file: Buffer) => {
    cookie ??= h.staffCookie('billing@greenvalley.test');
    const { payload, contentType } = multipartBody(file);
    return h.app.inject({ method: 'POST', url: '/api/bills/import', headers: { cookie: await cookie, 'content-type': contentType }, payload });
  };
  const imports = async () => (await h.database.db.select({ n: count() }).from(billImports))[0]?.n;
  const mib = MAX_IMPORT_UNCOMPRESSED_BYTES / 1024 / 1024;

  it('refuses a zip bomb by its declared size with 413, and the next import works', async () => {
    const before = await imports();
    const bomb = await zipBomb({ mib: mib + 1 });
    expect(bomb.length).toBeLessThan(200_000);
    const res = await upload(bomb);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ message: MSG.billImportUnpacksTooLarge, field: 'file' });
    expect(await imports()).toBe(before);
    const next = await upload(billSheet([{ Address: 'House 1, Street 1, Block A', Units: 5 }]));
    expect(next.statusCode, next.body).toBe(200);
  });

  it('refuses a zip bomb whose headers declare a small size with 413', async () => {
    const res = await upload(await zipBomb({ mib: mib + 1, declare: 1000 }));
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ message: MSG.billImportUnpacksTooLarge, field: 'file' });
  });

  it('refuses a Sheet1 wider than MAX_IMPORT_COLUMNS with 400', async () => {
    const header = ['Address', 'Units', ...Array.from({ length: MAX_IMPORT_COLUMNS - 1 }, (_, i) => `Extra ${i + 1}`)];
    const res = await upload(billSheet([Object.fromEntries(header.map((c) => [c, c === 'Units' ? 1 : 'x']))], { header }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ message: MSG.billImportTooManyColumns, field: 'file' });
    const atLimit = header.slice(0, MAX_IMPORT_COLUMNS);
    const ok = await upload(billSheet([Object.fromEntries(atLimit.map((c) => [c, c === 'Units' ? 1 : 'x']))], { header: atLimit }));
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses a cell longer than MAX_IMPORT_CELL_CHARS with 400', async () => {
    const res = await upload(billSheet([{ Address: 'x'.repeat(MAX_IMPORT_CELL_CHARS + 1), Units: 1 }]));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ message: MSG.billImportCellTooLong, field: 'file' });
  });
});
