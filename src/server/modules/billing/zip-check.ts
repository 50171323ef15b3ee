/**
 * Zip-bomb checks for an uploaded .xlsx (a ZIP), made before SheetJS inflates anything. SheetJS
 * inflates EVERY entry of the archive into memory, whatever sheet is asked for, and trusts no
 * size: a 1 MB file of deflated spaces becomes 1 GB. Two checks:
 * - {@link zipEntries} reads the central directory (a few microseconds, no inflating): the
 *   declared uncompressed sizes must add up to at most MAX_IMPORT_UNCOMPRESSED_BYTES.
 *   {@link zipEntriesOfFile} does the same on the request thread reading only the file's tail.
 * - {@link checkInflatedSizes} (run in the parse worker) inflates each deflated entry with a cap
 *   at its declared size, so an archive whose headers lie is refused before SheetJS sees it.
 * Errors are typed: 413 for too much data, 400 for a directory that cannot be read.
 */
import { readSync } from 'node:fs';
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

/** Bytes `[base, base + bytes.length)` of a file of `size` bytes: all of it, or the part read from disk. */
interface FileWindow {
  bytes: Buffer;
  base: number;
  size: number;
}

/** Where the end-of-directory record sits, and what it says. */
interface EndRecord {
  end: number;
  count: number;
  cdOffset: number;
}

/** The end record is the last 22 bytes plus a comment of at most 65,535 bytes: the tail to read. */
const END_SEARCH_BYTES = 22 + 0xffff;

/** The end-of-directory record, searched from the end; `w` must hold the file's last {@link END_SEARCH_BYTES}. */
function endRecord(w: FileWindow): EndRecord {
  const at = (i: number) => i - w.base;
  for (let i = w.size - 22; i >= Math.max(0, w.size - END_SEARCH_BYTES); i--) {
    if (w.bytes.readUInt32LE(at(i)) === EOCD) {
      const count = w.bytes.readUInt16LE(at(i) + 10);
      const cdOffset = w.bytes.readUInt32LE(at(i) + 16);
      if (count === ZIP64_16 || cdOffset === ZIP64_32) throw new PayloadTooLargeError(MSG.billImportUnpacksTooLarge, 'file');
      return { end: i, count, cdOffset };
    }
  }
  throw unreadable();
}

/** The directory's entries; `w` must hold the file from `rec.cdOffset` (when within the file) to its end. */
function directory(w: FileWindow, { end, count, cdOffset }: EndRecord): ZipEntry[] {
  const b = w.bytes;
  const entries: ZipEntry[] = [];
  let total = 0;
  for (let k = 0, p = cdOffset - w.base; k < count; k++) {
    if (p + 46 > end - w.base || b.readUInt32LE(p) !== CENTRAL) throw unreadable();
    const nameLength = b.readUInt16LE(p + 28);
    const entry: ZipEntry = {
      method: b.readUInt16LE(p + 10),
      compressedSize: b.readUInt32LE(p + 20),
      uncompressedSize: b.readUInt32LE(p + 24),
      localOffset: b.readUInt32LE(p + 42),
      name: b.toString('latin1', p + 46, Math.min(end - w.base, p + 46 + nameLength)),
    };
    if (entry.uncompressedSize === ZIP64_32 || entry.compressedSize === ZIP64_32 || entry.localOffset === ZIP64_32) {
      throw new PayloadTooLargeError(MSG.billImportUnpacksTooLarge, 'file');
    }
    total += entry.uncompressedSize;
    if (total > MAX_IMPORT_UNCOMPRESSED_BYTES) throw new PayloadTooLargeError(MSG.billImportUnpacksTooLarge, 'file');
    if (entry.localOffset + 30 > w.size) throw unreadable();
    entries.push(entry);
    p += 46 + nameLength + b.readUInt16LE(p + 30) + b.readUInt16LE(p + 32);
  }
  return entries;
}

/**
 * The entries of a ZIP's central directory, with their declared sizes.
 * @throws BadRequestError (400, MSG.billImportUnreadable) no end-of-directory record, or records
 *   that point outside the file
 * @throws PayloadTooLargeError (413, MSG.billImportUnpacksTooLarge) declared sizes (ZIP64 markers
 *   included) adding up to more than MAX_IMPORT_UNCOMPRESSED_BYTES
 */
export function zipEntries(file: Buffer): ZipEntry[] {
  const w: FileWindow = { bytes: file, base: 0, size: file.length };
  return directory(w, endRecord(w));
}

/**
 * {@link zipEntries} of a ZIP on disk, reading only its tail: the end record, and the central
 * directory when it is at most `maxDirectoryBytes` long (a real .xlsx has a few kB of it). The
 * request thread's cheap look, so an upload never comes into its memory whole.
 * @param fd the file, open for reading
 * @param size the file's length in bytes
 * @returns undefined when the directory is longer than `maxDirectoryBytes` (the caller leaves the
 *   file to a full check)
 * @throws as {@link zipEntries}
 */
export function zipEntriesOfFile(fd: number, size: number, maxDirectoryBytes: number): ZipEntry[] | undefined {
  const tail = (from: number): FileWindow => {
    const bytes = Buffer.alloc(size - from);
    if (readSync(fd, bytes, 0, bytes.length, from) !== bytes.length) throw unreadable();
    return { bytes, base: from, size };
  };
  let w = tail(Math.max(0, size - END_SEARCH_BYTES));
  const rec = endRecord(w);
  if (rec.cdOffset < w.base) {
    // A directory past the end record is refused by `directory` as pointing outside the file.
    if (size - rec.cdOffset > maxDirectoryBytes) return undefined;
    w = tail(rec.cdOffset);
  }
  return directory(w, rec);
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
