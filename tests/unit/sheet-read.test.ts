import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { readSheet1 } from '../../src/server/modules/billing/sheet.js';

/** An .xlsx whose Sheet1 is `cells` (A1 notation) with the header row Index, Name, Address, Units. */
function sheetOf(cells: Record<string, XLSX.CellObject>): Buffer {
  const sheet: XLSX.WorkSheet = {
    A1: { t: 's', v: 'Index' },
    B1: { t: 's', v: 'Name' },
    C1: { t: 's', v: 'Address' },
    D1: { t: 's', v: 'Units' },
    ...cells,
    '!ref': 'A1:D2',
  };
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

describe('reading Sheet1 takes each cell’s value, not its formatting', () => {
  it('a formula gives its saved result, a date its day, a formatted number its number', () => {
    const file = sheetOf({
      A2: { t: 'n', v: 7, z: '000' },
      B2: { t: 'd', v: new Date(Date.UTC(2026, 0, 31)), z: 'dd/mm/yyyy' },
      C2: { t: 's', v: 'House 1, Street 2', f: 'CONCAT("House 1", ", Street 2")' },
      D2: { t: 'n', v: 1234.5, f: '1000+234.5', z: '#,##0.00' },
    });
    const { rows } = readSheet1(file);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ index: '7', name: '2026-01-31', address: 'House 1, Street 2', units: 1234.5 });
  });
});
