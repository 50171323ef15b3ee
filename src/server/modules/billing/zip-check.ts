/**
 * Zip-bomb checks for an uploaded .xlsx (a ZIP), made before SheetJS inflates anything. SheetJS
 * inflates EVERY entry of the archive into memory, whatever sheet is asked for, and trusts no
 * size: a 1 MB file of deflated spaces becomes 1 GB. Two checks:
 * - {@link zipEntries} reads the central directory (a few microseconds, no inflating): the
 *   declared uncompressed sizes must add up to at most MAX_IMPORT_UNCOMPRESSED_BYTES.
 * - {@link checkInflatedSizes} (run in the parse worker) inflates each deflated entry with a cap
 *   at its declared size, so an archive whose headers lie is refused before SheetJS sees it.
 * Errors are typed: 413 for too much data, 400 for a directory that cannot be read.
 */
import { inflateRawSync } from 'node:zlib';
import { MAX_IMPORT_UNCOMPRESSED_BYTES } from '../../../shared/contracts/billing.js';
import { MSG } from '../../../shared/messages.js';
import { BadRequestError, PayloadTooLargeError } from '../../lib/errors.js';

/** One entry of the central directory: sizes in bytes as declared; `method` 0 stored, 8 deflated. */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Offset of the entry's local header in the file. */
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** 0xFFFF / 0xFFFFFFFF in the fixed fields mean "see the ZIP64 records": far beyond any import. */
const ZIP64_16 = 0xffff;
const ZIP64_32 = 0xffffffff;

const unreadable = () => new BadRequestError(MSG.billImportUnreadable, 'file');

/**
 * The entries of a ZIP's central directory, with their declared sizes.
 * @throws BadRequestError (400, MSG.billImportUnreadable) no end-of-directory record, or records
 *   that point outside the file
 * @throws PayloadTooLargeError (413, MSG.billImportUnpacksTooLarge) declared sizes (ZIP64 markers
 *   included) adding up to more than MAX_IMPORT_UNCOMPRESSED_BYTES
 */
export function zipEntries(file: Buffer): ZipEntry[] {
  // The end record is the last 22 bytes plus a comment of at most 65,535 bytes.
  let end = -1;
  for (let i = file.length - 22; i >= Math.max(0, file.length - 22 - 0xffff); i--) {
    if (file.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw unreadable();
  const count = file.readUInt16LE(end + 10);
  const cdOffset = file.readUInt32LE(end + 16);
  if (count === ZIP64_16 || cdOffset === ZIP64_32) throw new PayloadTooLargeError(MSG.billImportUnpacksTooLarge, 'file');
  const entries: ZipEntry[] = [];
  let total = 0;
  let p = cdOffset;
  for (let k = 0; k < count; k++) {
    if (p + 46 > end || file.readUInt32LE(p) !== CENTRAL) throw unreadable();
    const nameLength = file.readUInt16LE(p + 28);
    const entry: ZipEntry = {
      method: file.readUInt16LE(p + 10),
      compressedSize: file.readUInt32LE(p + 20),
      uncompressedSize: file.readUInt32LE(p + 24),
      localOffset: file.readUInt32LE(p + 42),
      name: file.toString('latin1', p + 46, Math.min(end, p + 46 + nameLength)),
    };
    if (entry.uncompressedSize === ZIP64_32 || entry.compressedSize === ZIP64_32 || entry.localOffset === ZIP64_32) {
      throw new PayloadTooLargeError(MSG.billImportUnpacksTooLarge, 'file');
    }
    total += entry.uncompressedSize;
    if (total > MAX_IMPORT_UNCOMPRESSED_BYTES) throw new PayloadTooLargeError(MSG.billImportUnpacksTooLarge, 'file');
    if (entry.localOffset + 30 > file.length) throw unreadable();
    entries.push(entry);
    p += 46 + nameLength + file.readUInt16LE(p + 30) + file.readUInt16LE(p + 32);
  }
  return entries;
}

/**
 * Inflates each deflated entry as SheetJS will (from the start of its data to the end of the
 * deflate stream, whatever the compressed size says) with the output capped at the entry's
 * declared size, and drops the result. Bounded by MAX_IMPORT_UNCOMPRESSED_BYTES in memory and
 * time, since {@link zipEntries} checked the declared sizes first.
 * @throws PayloadTooLargeError (413, MSG.billImportUnpacksTooLarge) an entry that inflates to more
 *   than it declares (a lying header)
 * @throws BadRequestError (400, MSG.billImportUnreadable) a broken local header or deflate stream
 */
export function checkInflatedSizes(file: Buffer, entries: readonly ZipEntry[]): void {
  for (const e of entries) {
    if (e.method !== 8) continue;
    const p = e.localOffset;
    if (file.readUInt32LE(p) !== LOCAL) throw unreadable();
    const start = p + 30 + file.readUInt16LE(p + 26) + file.readUInt16LE(p + 28);
    if (start > file.length) throw unreadable();
    try {
      // maxOutputLength must be ≥ 1; an empty entry that inflates to anything is over it too.
      inflateRawSync(file.subarray(start), { maxOutputLength: Math.max(1, e.uncompressedSize) });
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new PayloadTooLargeError(MSG.billImportUnpacksTooLarge, 'file');
      throw unreadable();
    }
  }
}
