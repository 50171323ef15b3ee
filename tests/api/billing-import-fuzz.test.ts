import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { billSheet, multipartBody } from '../../e2e/fixtures/bill-sheets.js';
import { writeMarker } from '../support/write-marker.js';
import { useHarness } from './harness.js';

/**
 * Generated multipart uploads to `POST /api/bills/import` (the generated-input suite sends JSON
 * only): random bytes, files that start like a ZIP or an OLE file, spreadsheets with random cells,
 * headers and sheet names, and bad periods. Never a 5xx; a 4xx writes nothing. A 200 stores only
 * the preview (bill_imports), never a bill.
 */
describe('billing import: generated uploads', () => {
  // Generated uploads, not their rate limit (tests/api/rate-limits.test.ts): room for every run.
  const h = useHarness({ BILL_MAX_IMPORTS_PER_MINUTE: '1000' });
  let marker: () => Promise<string>;
  let cookie = '';
  beforeAll(async () => {
    marker = await writeMarker(h.database);
    cookie = await h.staffCookie('billing@greenvalley.test');
  });

  const cell = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.integer({ min: -5, max: 1000 }),
    fc.double({ noNaN: true }),
    fc.constantFrom('House 1, Street 1, Block A', '12.5', '1e3', '\u0000', '=1+1'),
  );
  const header = fc.shuffledSubarray(['Address', 'Units', 'Name', 'Block', 'Index', 'Rate', 'ADDRESS', 'units ', 'Other'], { minLength: 0 });
  const sheet = fc
    .tuple(
      header,
      fc.array(fc.array(cell, { maxLength: 9 }), { maxLength: 6 }),
      fc.constantFrom('Sheet1', 'Sheet1', 'sheet1', 'Data'),
      fc.constantFrom<'xlsx' | 'biff8'>('xlsx', 'biff8'),
    )
    .map(([cols, rows, sheetName, bookType]) =>
      billSheet(
        rows.map((r) => Object.fromEntries(cols.map((c, i) => [c, r[i] ?? '']))),
        { header: cols.length ? cols : ['Address'], sheetName, bookType },
      ),
    );
  const bytes = fc.uint8Array({ maxLength: 400 }).map((b) => Buffer.from(b));
  const lookalike = fc
    .tuple(fc.constantFrom([0x50, 0x4b, 0x03, 0x04], [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), bytes, fc.boolean())
    .map(([magic, rest, name]) => Buffer.concat([Buffer.from(magic), name ? Buffer.from('xl/workbook.xml') : Buffer.alloc(0), rest]));
  const file = fc.oneof(
    sheet,
    bytes,
    lookalike,
    sheet.map((b) => b.subarray(0, Math.floor(b.length / 2))),
  );
  const period = fc.option(fc.constantFrom('2033-01', '2033-13', '33-01', '', ' 2033-02 ', '\u0000'), { nil: undefined });

  it('never answers 5xx, and a refused upload writes nothing', async () => {
    let last = await marker();
    await fc.assert(
      fc.asyncProperty(file, period, async (f, p) => {
        const { payload, contentType } = multipartBody(f, p === undefined ? {} : { period: p });
        const res = await h.app.inject({ method: 'POST', url: '/api/bills/import', headers: { cookie, 'content-type': contentType }, payload });
        expect(res.statusCode, res.body).toBeLessThan(500);
        const now = await marker();
        if (res.statusCode >= 400) expect(now, res.body).toBe(last);
        last = now;
      }),
      { numRuns: 150 },
    );
  }, 120_000);
});
