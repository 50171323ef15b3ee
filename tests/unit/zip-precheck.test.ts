import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { billSheet } from '../../e2e/fixtures/bill-sheets.js';
import { zipArchive } from '../../e2e/fixtures/zip-bomb.js';
import { precheckSpreadsheetFile } from '../../src/server/modules/billing/sheet.js';
import { zipEntries, zipEntriesOfFile } from '../../src/server/modules/billing/zip-check.js';
import { MAX_IMPORT_UNCOMPRESSED_BYTES } from '../../src/shared/contracts/billing.js';
import { MSG } from '../../src/shared/messages.js';

const dir = mkdtempSync(path.join(tmpdir(), 'zip-precheck-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const onDisk = (file: Buffer) => {
  const target = path.join(dir, `${++n}.part`);
  writeFileSync(target, file);
  return target;
};

/** A workbook entry and `count` more entries with `nameLength`-character names, each declaring `declared` bytes. */
function manyEntries(count: number, nameLength: number, declared: number): Buffer {
  const one = Buffer.from('x');
  return zipArchive([
    { name: 'xl/workbook.xml', data: one, method: 0, size: 1, crc: 0 },
    ...Array.from({ length: count }, (_, i) => ({
      name: `xl/${String(i).padStart(nameLength - 3, 'p')}`,
      data: one,
      method: 0 as const,
      size: declared,
      crc: 0,
    })),
  ]);
}

/** The directory as the request thread reads it from disk (the file's tail only). */
function entriesOfFile(file: Buffer, maxDirectoryBytes = 256 * 1024) {
  const fd = openSync(onDisk(file), 'r');
  try {
    return zipEntriesOfFile(fd, file.length, maxDirectoryBytes);
  } finally {
    closeSync(fd);
  }
}

/** The request thread's precheck of an upload on disk reads only what it needs and refuses only what the worker would. */
describe('spreadsheet precheck from the file', () => {
  it('reads the same directory from the tail as from the whole file, also when it starts before the last 64 kB', () => {
    const sheet = billSheet([{ Address: 'House 1, Street 1, Block A', Units: 3 }]);
    expect(entriesOfFile(sheet)).toEqual(zipEntries(sheet));
    // ~150 kB of directory: read again from its start.
    const long = manyEntries(1000, 100, 1);
    const directoryStart = long.readUInt32LE(long.length - 22 + 16);
    expect(directoryStart).toBeLessThan(long.length - (22 + 0xffff));
    expect(entriesOfFile(long)).toEqual(zipEntries(long));
    expect(entriesOfFile(long)).toHaveLength(1001);
  });

  it('refuses a directory declaring more than MAX_IMPORT_UNCOMPRESSED_BYTES with 413, a long directory included', () => {
    const bomb = manyEntries(1000, 100, Math.ceil(MAX_IMPORT_UNCOMPRESSED_BYTES / 900));
    expect(() => precheckSpreadsheetFile(onDisk(bomb))).toThrow(expect.objectContaining({ statusCode: 413, message: MSG.billImportUnpacksTooLarge }));
  });

  it('leaves to the worker a directory longer than it reads, and a ZIP without one', () => {
    const huge = manyEntries(2000, 200, Math.ceil(MAX_IMPORT_UNCOMPRESSED_BYTES / 1900));
    expect(entriesOfFile(huge)).toBeUndefined();
    expect(() => precheckSpreadsheetFile(onDisk(huge))).not.toThrow();
    // The worker's full check refuses it.
    expect(() => zipEntries(huge)).toThrow(expect.objectContaining({ statusCode: 413 }));
    const sheet = billSheet([{ Address: 'House 1, Street 1, Block A', Units: 3 }]);
    expect(() => precheckSpreadsheetFile(onDisk(sheet.subarray(0, 200)))).not.toThrow();
  });

  it('refuses a file that is neither a ZIP nor an OLE file with 400, and passes an .xls', () => {
    expect(() => precheckSpreadsheetFile(onDisk(Buffer.from('Address,Units\nHouse 1,4\n')))).toThrow(
      expect.objectContaining({ statusCode: 400, message: MSG.billImportNotSpreadsheet, field: 'file' }),
    );
    expect(() => precheckSpreadsheetFile(onDisk(Buffer.from('PK')))).toThrow(expect.objectContaining({ statusCode: 400 }));
    const xls = billSheet([{ Address: 'House 1, Street 1, Block A', Units: 3 }], { bookType: 'biff8' });
    expect(() => precheckSpreadsheetFile(onDisk(xls))).not.toThrow();
  });
});
