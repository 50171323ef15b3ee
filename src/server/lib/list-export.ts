/**
 * The export runner: reads a staff list the way its own page query does, in batches, and has the
 * writer thread (sheet-writer-worker.ts, through lib/worker-pool.ts) build the .xlsx.
 *
 * Each batch is the list's own page query with a cursor and a larger page (`PageRequest.size`),
 * run by the list's service in ITS OWN short transaction: on the embedded database an alarm waits
 * for the main lane while a transaction is open (db/lanes.ts), so a 100,000-row export is ~200
 * short waits, never one long one. The rows are the DTOs the table shows, so the file holds what
 * the list shows (stage, search, filters). A batch is turned into one JSON text of cell values at
 * once; the DTOs are not kept.
 */
import { EXPORT_MSG, exportTruncatedText } from '../../shared/export-messages.js';
import { TooManyRequestsError, AppError } from './errors.js';
import type { CellFormat } from './sheet-cells.js';
import type { SheetWriterReply, SheetWriterTask } from './sheet-writer-worker.js';
import { siblingFile } from './ts-worker.js';
import { workerPool } from './worker-pool.js';

/** One column of an export: its title (the web table's wording), cell format and value of a row. */
export interface ExportColumn<Row> {
  title: string;
  format: CellFormat;
  /** The cell's value: text, a number, an ISO instant or 'YYYY-MM-DD' day (sheet-cells.ts); null for none. */
  value(row: Row): unknown;
}

/** One page of a list as its service answers it (the shared list contract's items and cursor). */
export interface ExportBatch<Row> {
  items: Row[];
  /** The cursor of the next (older) batch; null at the end of the list. */
  nextAfter: number | null;
}

/** What one export reads and writes. */
export interface ExportSpec<Row> {
  /** The data sheet's name (≤31 characters). */
  sheetName: string;
  columns: readonly ExportColumn<Row>[];
  /**
   * `size` rows of the list, newest first, older than id `after` (undefined: from the top): the
   * list's own page query in its own transaction.
   */
  batch(after: number | undefined, size: number): Promise<ExportBatch<Row>>;
  /** The "About" sheet's rows (list, search, filters, society, time); the runner adds the row count and any truncation note. */
  about: [string, string][];
  /** The society's IANA zone: dates are written as its wall-clock times. */
  timeZone: string;
}

/** A built export. */
export interface ExportResult {
  /** The .xlsx bytes. */
  file: Buffer;
  /** Data rows in the file. */
  rows: number;
  /** True when the list held more than the row limit: the file holds its newest `rows`. */
  truncated: boolean;
}

/** Limits of the runner (config.ts: EXPORT_*). */
export interface ExportRunnerOptions {
  /** Exports written at once, each in its own worker thread (EXPORT_WORKERS). */
  workers: number;
  /** Exports that may wait for a writer; one more is a 429 EXPORT_MSG.busy (EXPORT_QUEUE). */
  queue: number;
  /** Milliseconds the writer may take for one file (EXPORT_TIMEOUT_MS). */
  timeoutMs: number;
  /** Heap limit of each writer thread in MB (EXPORT_MEMORY_MB). */
  memoryMb: number;
  /** Rows an export holds at most (EXPORT_MAX_ROWS); beyond, the newest that many. */
  maxRows: number;
  /** Rows a batch (one short transaction) reads (EXPORT_BATCH_ROWS). */
  batchRows: number;
  /** The writer's entry (default sheet-writer-worker beside this file). */
  workerFile?: string;
}

/** The app's export runner (one per app, closed with it). */
export interface ExportRunner {
  /**
   * Reads the list and builds its file.
   * @throws TooManyRequestsError (429, EXPORT_MSG.busy) when every writer is busy and the queue is full
   * @throws AppError 503 (EXPORT_MSG.failed) when the writer runs out of time or memory, or fails
   */
  run<Row>(spec: ExportSpec<Row>): Promise<ExportResult>;
  /** Ends the writer threads. Idempotent. */
  close(): Promise<void>;
}

/** Seconds a client refused with 429 is told to wait. */
const BUSY_RETRY_S = 30;

/** Starts no thread until the first export; see {@link ExportRunner}. */
export function exportRunner(opts: ExportRunnerOptions): ExportRunner {
  const failed = () => new AppError(503, EXPORT_MSG.failed);
  const pool = workerPool<Omit<SheetWriterTask, 'id'>, SheetWriterReply>({
    workerFile: opts.workerFile ?? siblingFile(import.meta.url, 'sheet-writer-worker'),
    workers: opts.workers,
    queue: opts.queue,
    timeoutMs: opts.timeoutMs,
    memoryMb: opts.memoryMb,
    busyError: () => new TooManyRequestsError(EXPORT_MSG.busy, BUSY_RETRY_S),
    timeoutError: failed,
    memoryError: failed,
    crashError: failed,
    closedMessage: 'the export writer is closed',
  });

  return {
    async run<Row>(spec: ExportSpec<Row>): Promise<ExportResult> {
      let rows = 0;
      let truncated = false;
      const reply = await pool.run(async () => {
        const batches: string[] = [];
        let after: number | undefined;
        // One row past the limit tells whether the list held more.
        while (rows < opts.maxRows) {
          const size = Math.min(opts.batchRows, opts.maxRows + 1 - rows);
          const page = await spec.batch(after, size);
          let items = page.items;
          if (rows + items.length > opts.maxRows) {
            truncated = true;
            items = items.slice(0, opts.maxRows - rows);
          }
          if (items.length > 0) batches.push(JSON.stringify(items.map((row) => spec.columns.map((c) => c.value(row) ?? null))));
          rows += items.length;
          if (page.nextAfter === null || page.items.length === 0) break;
          after = page.nextAfter;
          if (rows === opts.maxRows && !truncated) {
            // Exactly at the limit with a cursor left: one more row tells whether more exist.
            truncated = (await spec.batch(after, 1)).items.length > 0;
            break;
          }
        }
        const about: [string, string][] = [...spec.about, ['Rows', String(rows)]];
        if (truncated) about.push(['Note', exportTruncatedText(rows)]);
        return {
          sheetName: spec.sheetName,
          header: spec.columns.map((c) => c.title),
          formats: spec.columns.map((c) => c.format),
          batches,
          about,
          timeZone: spec.timeZone,
        };
      });
      if (reply.type === 'error') throw failed();
      return { file: Buffer.from(reply.buf), rows, truncated };
    },
    close: () => pool.close(),
  };
}
