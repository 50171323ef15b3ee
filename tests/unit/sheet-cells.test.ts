/**
 * Export cells (src/server/lib/sheet-cells.ts): Excel serials of the society's wall-clock time
 * (a DST zone included), money and whole numbers as number cells, text neutralised, empty values
 * as no cell; and a built workbook read back with SheetJS keeps the types and formats.
 */
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { DATE_FORMAT, DATETIME_FORMAT, localSerial, MONEY_FORMAT, sheetCell } from '../../src/server/lib/sheet-cells.js';
import { buildWorkbook } from '../../src/server/lib/sheet-writer-worker.js';

/** The serial of a wall-clock time written as 'YYYY-MM-DDTHH:MM:SS'. */
const wall = (local: string) => Date.parse(`${local}Z`) / 86_400_000 + 25569;

describe('export cells', () => {
  it("writes an instant as the serial of the society's wall-clock time", () => {
    // Karachi is UTC+5 all year.
    expect(localSerial(new Date('2026-11-27T19:30:00Z'), 'Asia/Karachi')).toBeCloseTo(wall('2026-11-28T00:30:00'), 9);
    expect(localSerial(new Date('2026-11-27T19:30:00Z'), 'UTC')).toBeCloseTo(wall('2026-11-27T19:30:00'), 9);
    // 1 January 1900 is serial 1 (Excel's own numbering, its 1900 leap-year bug included from March).
    expect(localSerial(new Date('1970-01-01T00:00:00Z'), 'UTC')).toBe(25569);
  });

  it('follows a daylight-saving zone across its change (Europe/London, 29 March 2026)', () => {
    // 00:30 UTC is 00:30 GMT; 01:30 UTC is 02:30 BST: the clocks went forward at 01:00 UTC.
    expect(localSerial(new Date('2026-03-29T00:30:00Z'), 'Europe/London')).toBeCloseTo(wall('2026-03-29T00:30:00'), 9);
    expect(localSerial(new Date('2026-03-29T01:30:00Z'), 'Europe/London')).toBeCloseTo(wall('2026-03-29T02:30:00'), 9);
    expect(localSerial(new Date('2026-07-01T12:00:00Z'), 'Europe/London')).toBeCloseTo(wall('2026-07-01T13:00:00'), 9);
  });

  it('writes datetime and date cells as numbers with their formats', () => {
    expect(sheetCell('datetime', '2026-11-27T19:30:00.000Z', 'Asia/Karachi')).toEqual({ t: 'n', v: wall('2026-11-28T00:30:00'), z: DATETIME_FORMAT });
    // A calendar day is already a wall-clock day: no zone is applied.
    expect(sheetCell('date', '2026-03-29', 'Asia/Karachi')).toEqual({ t: 'n', v: wall('2026-03-29T00:00:00'), z: DATE_FORMAT });
    // An instant's day is the society's day.
    expect(sheetCell('date', '2026-11-27T19:30:00Z', 'Asia/Karachi')).toEqual({ t: 'n', v: wall('2026-11-28T00:00:00'), z: DATE_FORMAT });
  });

  it('writes money and whole numbers as numbers, unreadable ones as text', () => {
    expect(sheetCell('money', 1711.5, 'UTC')).toEqual({ t: 'n', v: 1711.5, z: MONEY_FORMAT });
    expect(sheetCell('money', '2500.25', 'UTC')).toEqual({ t: 'n', v: 2500.25, z: MONEY_FORMAT });
    expect(sheetCell('int', 42, 'UTC')).toEqual({ t: 'n', v: 42 });
    expect(sheetCell('money', 'n/a', 'UTC')).toEqual({ t: 's', v: 'n/a' });
    expect(sheetCell('datetime', 'not a date', 'UTC')).toEqual({ t: 's', v: 'not a date' });
  });

  it('neutralises text starting with =, +, -, @, a tab or a carriage return; leaves other text alone', () => {
    for (const v of ['=1+1', '+92 300 1234567', '-12 A', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(sheetCell('text', v, 'UTC')).toEqual({ t: 's', v: `'${v}` });
    }
    expect(sheetCell('text', 'Flat 12, Block A', 'UTC')).toEqual({ t: 's', v: 'Flat 12, Block A' });
    // A number in a text column is a number cell, never a formula.
    expect(sheetCell('text', 7, 'UTC')).toEqual({ t: 'n', v: 7 });
  });

  it('writes no cell for null, undefined or empty text', () => {
    for (const format of ['text', 'money', 'datetime', 'date', 'int'] as const) {
      expect(sheetCell(format, null, 'UTC')).toBeNull();
      expect(sheetCell(format, undefined, 'UTC')).toBeNull();
      expect(sheetCell(format, '', 'UTC')).toBeNull();
    }
  });

  it('builds a workbook SheetJS reads back with number cells, formats, the autofilter and the About sheet', () => {
    const file = buildWorkbook({
      sheetName: 'bills',
      header: ['Name', 'Amount', 'Due', 'Period'],
      formats: ['text', 'money', 'datetime', 'date'],
      batches: [JSON.stringify([['=cmd', 1711.5, '2026-11-27T19:30:00Z', '2026-11-01']]), JSON.stringify([['Asad', null, null, null]])],
      about: [
        ['List', 'bills'],
        ['Search', '=HYPERLINK("http://evil.test")'],
      ],
      timeZone: 'Asia/Karachi',
    });
    const wb = XLSX.read(file, { type: 'buffer', cellNF: true });
    expect(wb.SheetNames).toEqual(['bills', 'About']);
    const ws = wb.Sheets.bills!;
    expect(ws.A2).toMatchObject({ t: 's', v: "'=cmd" });
    expect(ws.A2.f).toBeUndefined();
    expect(ws.B2).toMatchObject({ t: 'n', v: 1711.5, z: MONEY_FORMAT });
    expect(ws.C2).toMatchObject({ t: 'n', z: DATETIME_FORMAT });
    expect(ws.C2.v).toBeCloseTo(wall('2026-11-28T00:30:00'), 9);
    expect(ws.D2).toMatchObject({ t: 'n', v: wall('2026-11-01T00:00:00') });
    expect(ws.A3).toMatchObject({ v: 'Asad' });
    expect(ws.B3).toBeUndefined();
    expect(ws['!autofilter']).toEqual({ ref: 'A1:D3' });
    // What was typed (the search) is neutralised on the About sheet too.
    expect(XLSX.utils.sheet_to_json(wb.Sheets.About!, { header: 1 })).toEqual([
      ['List', 'bills'],
      ['Search', `'=HYPERLINK("http://evil.test")`],
    ]);
  });
});
