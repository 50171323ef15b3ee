/**
 * Worker-thread entry of the export writer (started only by list-export.ts through
 * lib/worker-pool.ts, never imported): SheetJS builds the .xlsx here, off the thread that serves
 * HTTP, Socket.IO and timers (100,000 rows × 15 columns measured 4.9 s and ~490 MB), inside the
 * heap limit the parent gave this thread.
 *
 * Messages: posts {@link SheetWriterReady} once loaded; for each {@link SheetWriterTask} it posts a
 * {@link SheetWriterReply} with the same `id`: the file's bytes (the ArrayBuffer transferred, not
 * copied), or an error message.
 */
import { parentPort } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';
import { sheetCell, type CellFormat } from './sheet-cells.js';
import { lowerThisThread } from './thread-priority.js';

/** Widest column, in characters. */
const MAX_WIDTH = 60;

/** Parent → worker: one workbook to build. */
export interface SheetWriterTask {
  id: number;
  /** The data sheet's name (at most 31 characters, no `[]:*?/\`). */
  sheetName: string;
  /** Column titles, in order. */
  header: string[];
  /** Each column's cell format (sheet-cells.ts), in the order of `header`. */
  formats: CellFormat[];
  /** The rows, one JSON text of `unknown[][]` per batch read (one string crosses threads cheaply). */
  batches: string[];
  /** The "About" sheet's rows: label, value. */
  about: [string, string][];
  /** The society's IANA zone: dates are written as its wall-clock times. */
  timeZone: string;
}
/** Worker → parent, once, when it is ready for tasks. */
export interface SheetWriterReady {
  type: 'ready';
}
/** Worker → parent: the answer to task `id`. */
export type SheetWriterReply = { type: 'file'; id: number; buf: ArrayBuffer } | { type: 'error'; id: number; message: string };

/**
 * The .xlsx of one task: a dense data sheet (header, rows as typed cells, autofilter, column
 * widths) and an "About" sheet.
 */
export function buildWorkbook(task: Omit<SheetWriterTask, 'id'>): Buffer {
  const ws = XLSX.utils.sheet_new({ dense: true });
  XLSX.utils.sheet_add_aoa(ws, [task.header.map((h) => ({ t: 's', v: h }))]);
  const widths = task.header.map((h) => h.length);
  let rows = 0;
  for (const json of task.batches) {
    const batch = JSON.parse(json) as unknown[][];
    const cells = batch.map((row) =>
      task.formats.map((format, i) => {
        const cell = sheetCell(format, row[i], task.timeZone);
        if (cell) widths[i] = Math.max(widths[i]!, format === 'text' ? String(cell.v).length : 12);
        return cell;
      }),
    );
    XLSX.utils.sheet_add_aoa(ws, cells, { origin: -1 });
    rows += batch.length;
  }
  const last = XLSX.utils.encode_col(Math.max(0, task.header.length - 1));
  ws['!autofilter'] = { ref: `A1:${last}${rows + 1}` };
  ws['!cols'] = widths.map((w) => ({ wch: Math.min(MAX_WIDTH, w + 2) }));
  // The About values hold what people typed (the list's search, names): neutralised like any cell.
  const about = XLSX.utils.aoa_to_sheet(task.about.map(([k, v]) => [k, sheetCell('text', v, task.timeZone)]));
  about['!cols'] = [{ wch: 20 }, { wch: MAX_WIDTH }];
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, task.sheetName);
  XLSX.utils.book_append_sheet(wb, about, 'About');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

const port = parentPort;
if (port) {
  // As billing/sheet-worker.ts: the request thread wins the CPU.
  lowerThisThread();
  port.on('message', (task: SheetWriterTask) => {
    try {
      const file = buildWorkbook(task);
      // A copy into an ArrayBuffer of its own, which is then moved to the parent, not cloned.
      const buf = new Uint8Array(file).buffer;
      port.postMessage({ type: 'file', id: task.id, buf } satisfies SheetWriterReply, [buf]);
    } catch (err) {
      port.postMessage({ type: 'error', id: task.id, message: err instanceof Error ? err.message : String(err) } satisfies SheetWriterReply);
    }
  });
  port.postMessage({ type: 'ready' } satisfies SheetWriterReady);
}
