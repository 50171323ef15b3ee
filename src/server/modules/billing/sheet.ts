/**
 * Reading a billing spreadsheet (spec section 5: .xlsx or .xls, sheet Sheet1). The file
 * kind is decided by its bytes, never its name; SheetJS (`@e965/xlsx`, which also reads legacy
 * .xls) parses only Sheet1. Errors are 4xx with a clear message (field 'file'). `readSheet1` is
 * CPU- and memory-heavy: the server calls it only in a worker thread (sheet-parser.ts).
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { MAX_IMPORT_CELL_CHARS, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from '../../../shared/contracts/billing.js';
import { MSG } from '../../../shared/messages.js';
import { BadRequestError, PayloadTooLargeError } from '../../lib/errors.js';
import { BIDI_CONTROL } from '../../../shared/constants.js';
import { checkInflatedSizes, zipEntries, zipEntriesOfFile } from './zip-check.js';

/** A data row of Sheet1 with its cells as read; numbers stay numbers, everything else is text. */
export interface SheetRow {
  /** The sheet's row number as Excel shows it (1-based). */
  row: number;
  address: string;
  units: string | number;
  name: string;
  block: string;
  index: string;
  /** Empty when the sheet has no Rate column or the cell is blank. */
  rate: string | number;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * 'xlsx' for a ZIP whose entries include `xl/workbook.xml` (the name is stored uncompressed in the
 * entry headers), 'xls' for an OLE compound file, null for anything else.
 */
export function spreadsheetKind(file: Buffer): 'xlsx' | 'xls' | null {
  if (file.subarray(0, 4).equals(ZIP_MAGIC)) return file.includes('xl/workbook.xml') ? 'xlsx' : null;
  if (file.subarray(0, 8).equals(CFB_MAGIC)) return 'xls';
  return null;
}

/** Longest central directory the request thread reads (a real .xlsx has a few kB); longer is left to the worker. */
const PRECHECK_DIRECTORY_BYTES = 256 * 1024;

/**
 * The cheap checks, made on the request thread before an upload on disk is queued for parsing,
 * reading only the file's head and its ZIP directory (never the whole file into memory): a
 * spreadsheet by its first bytes, and for a ZIP a central directory whose declared sizes are
 * within bounds. It refuses only what the worker would refuse too ({@link readSheet1} makes every
 * check again, on the whole file); a ZIP whose directory cannot be read here is left to it, which
 * tells "not a spreadsheet" from "unreadable" as before.
 * @param file path of the upload (lib/upload-file.ts)
 * @throws BadRequestError (400, MSG.billImportNotSpreadsheet) neither a ZIP nor an OLE file
 * @throws PayloadTooLargeError (413, MSG.billImportUnpacksTooLarge) declares too much data
 */
export function precheckSpreadsheetFile(file: string): void {
  // Synchronous on purpose: at most 8 bytes, 64 kB and PRECHECK_DIRECTORY_BYTES of a file just
  // written (in the page cache), microseconds; and the parser's queue keeps arrival order.
  const fd = openSync(file, 'r');
  try {
    const { size } = fstatSync(fd);
    const head = Buffer.alloc(Math.min(size, CFB_MAGIC.length));
    readSync(fd, head, 0, head.length, 0);
    const zip = head.subarray(0, 4).equals(ZIP_MAGIC);
    if (!zip && !head.equals(CFB_MAGIC)) throw new BadRequestError(MSG.billImportNotSpreadsheet, 'file');
    if (!zip) return;
    try {
      zipEntriesOfFile(fd, size, PRECHECK_DIRECTORY_BYTES);
    } catch (err) {
      if (err instanceof PayloadTooLargeError) throw err;
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Sheet1's data rows, and how many cells had bidirectional controls (U+202A–U+202E,
 * U+2066–U+2069) removed: a cell is shown to staff in the preview, where such a character could
 * disguise an address or name, and a spreadsheet is not refused for what its author's editor
 * inserted, so the characters are stripped and the preview says how many cells were cleaned.
 */
export interface SheetRead {
  rows: SheetRow[];
  bidiRemoved: number;
}

const BIDI_CONTROLS = new RegExp(BIDI_CONTROL.source, 'g');

const COLUMNS = ['address', 'units', 'name', 'block', 'index', 'rate'] as const;
type Column = (typeof COLUMNS)[number];

/** A cell as text, trimmed; `onBidi` is called when bidirectional controls were removed from it. */
function cellText(v: unknown, onBidi?: () => void): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  let text = String(v).trim();
  if (BIDI_CONTROL.test(text)) {
    text = text.replace(BIDI_CONTROLS, '').trim();
    onBidi?.();
  }
  if (text.length > MAX_IMPORT_CELL_CHARS) throw new BadRequestError(MSG.billImportCellTooLong, 'file');
  return text;
}

/**
 * The data rows of Sheet1: the first row is the header (case-insensitive; Address and Units
 * required; Name, Block, Index, Rate optional; other columns ignored), blank rows are skipped.
 * @throws BadRequestError not a spreadsheet, unreadable, no Sheet1, no header, more than
 *   {@link MAX_IMPORT_ROWS} data rows or {@link MAX_IMPORT_COLUMNS} columns, a cell read longer
 *   than {@link MAX_IMPORT_CELL_CHARS}.
 * @throws PayloadTooLargeError (413) an .xlsx that declares, or inflates to, more than
 *   MAX_IMPORT_UNCOMPRESSED_BYTES (zip-check.ts).
 */
export function readSheet1(file: Buffer): SheetRead {
  const kind = spreadsheetKind(file);
  if (!kind) throw new BadRequestError(MSG.billImportNotSpreadsheet, 'file');
  if (kind === 'xlsx') checkInflatedSizes(file, zipEntries(file));
  let book: XLSX.WorkBook;
  try {
    // Only Sheet1 is parsed, and at most one row more than allowed (plus the header). Only the
    // cells' values are read (sheet_to_json raw): no formatted text, rich-text HTML or formulae,
    // which cost a 20,000-row parse a sixth of its CPU and garbage.
    book = XLSX.read(file, {
      type: 'buffer',
      sheets: 'Sheet1',
      sheetRows: MAX_IMPORT_ROWS + 2,
      cellDates: true,
      dense: true,
      cellText: false,
      cellHTML: false,
      cellFormula: false,
    });
  } catch {
    throw new BadRequestError(MSG.billImportUnreadable, 'file');
  }
  const sheet = book.Sheets.Sheet1;
  if (!book.SheetNames.includes('Sheet1') || !sheet) throw new BadRequestError(MSG.billImportNoSheet1, 'file');
  const ref = sheet['!ref'];
  if (!ref) throw new BadRequestError(MSG.billImportNoHeader, 'file');
  const range = XLSX.utils.decode_range(ref);
  if (range.e.c - range.s.c + 1 > MAX_IMPORT_COLUMNS) throw new BadRequestError(MSG.billImportTooManyColumns, 'file');
  const firstRow = range.s.r;
  const grid = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, blankrows: true, defval: null });
  const header = (grid[0] ?? []).map((h) => cellText(h).toLowerCase());
  const at = new Map<Column, number>();
  for (const c of COLUMNS) {
    const i = header.indexOf(c);
    if (i >= 0) at.set(c, i);
  }
  if (!at.has('address') || !at.has('units')) throw new BadRequestError(MSG.billImportNoHeader, 'file');
  if (grid.length - 1 > MAX_IMPORT_ROWS) throw new BadRequestError(MSG.billImportTooManyRows, 'file');

  const rows: SheetRow[] = [];
  let bidiRemoved = 0;
  const cleaned = () => void bidiRemoved++;
  for (let r = 1; r < grid.length; r++) {
    const cells = grid[r] ?? [];
    if (cells.every((v) => cellText(v) === '')) continue;
    const get = (c: Column): unknown => {
      const i = at.get(c);
      return i === undefined ? null : cells[i];
    };
    const text = (c: Column) => cellText(get(c), cleaned);
    const num = (c: Column): string | number => {
      const v = get(c);
      return typeof v === 'number' ? v : cellText(v, cleaned);
    };
    rows.push({
      row: firstRow + r + 1,
      address: text('address'),
      units: num('units'),
      name: text('name'),
      block: text('block'),
      index: text('index'),
      rate: num('rate'),
    });
  }
  return { rows, bidiRemoved };
}
