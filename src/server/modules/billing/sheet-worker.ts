/**
 * Worker-thread entry of the spreadsheet parser (started only by sheet-parser.ts, never
 * imported): SheetJS runs here, off the thread that serves HTTP, Socket.IO and timers, inside
 * the memory limit the parent gave this thread (`resourceLimits`).
 *
 * Messages: posts {@link SheetWorkerReady} once loaded; for each {@link SheetWorkerTask} it posts a
 * {@link SheetWorkerReply} with the same `id`: the rows, or the typed error's status, message and
 * field (a class does not cross threads). Any other error is reported as unreadable (400).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parentPort, threadId } from 'node:worker_threads';
import { MSG } from '../../../shared/messages.js';
import { AppError } from '../../lib/errors.js';
import { lowerThisThread } from '../../lib/thread-priority.js';
import { matchRows, type MatchResident } from './match.js';
import type { MatchedJson } from './sheet-parser.js';
import { readSheet1, type SheetRow } from './sheet.js';

/** Parent → worker: the path of one file to read (the parent deletes it after the answer); with `match`, its rows are also matched (match.ts). */
export interface SheetWorkerTask {
  id: number;
  file: string;
  match?: { residents: MatchResident[]; billed: number[] };
}
/** Worker → parent, once, when it is ready for tasks. */
export interface SheetWorkerReady {
  type: 'ready';
}
/** Worker → parent: the answer to task `id`; `threadId` is the thread that ran `readSheet1`. */
export type SheetWorkerReply =
  | { type: 'rows'; id: number; rows: SheetRow[]; bidiRemoved: number; threadId: number }
  | ({ type: 'matched'; id: number; threadId: number } & MatchedJson)
  | { type: 'error'; id: number; statusCode: number; message: string; field?: string };

const port = parentPort;
if (!port) throw new Error('sheet-worker.ts must run as a worker thread');

// Off the request thread is not off the CPU: the request thread and the database worker win it.
lowerThisThread();

port.on('message', (task: SheetWorkerTask) => {
  let reply: SheetWorkerReply;
  /** Buffers moved, not copied, to the parent with the reply. */
  let moved: ArrayBuffer[] = [];
  try {
    // Read here, not in the parent: the request thread never holds the upload's bytes.
    const file = readFileSync(task.file);
    const { rows, bidiRemoved } = readSheet1(file);
    if (!task.match) reply = { type: 'rows', id: task.id, rows, bidiRemoved, threadId };
    else {
      const m = matchRows(rows, task.match.residents, new Set(task.match.billed));
      // JSON text crosses threads, not 40,000 objects: cloning them back cost the request thread
      // its own allocations and garbage collections. The preview's members go as UTF-8 bytes,
      // moved (not copied) to the request thread, which sends them as they are: a 20,000-row
      // preview as a string stalled it for each answer while it measured, encoded and collected
      // megabytes. TextEncoder's array has its own buffer (Buffer.from may share a pool), so it
      // can move.
      const preview = new TextEncoder().encode(
        `"fileData":${JSON.stringify(m.fileData)},"misMatched":${JSON.stringify(m.misMatched)},"bidiRemoved":${bidiRemoved}`,
      );
      reply = {
        type: 'matched',
        id: task.id,
        threadId,
        sha256: createHash('sha256').update(file).digest('hex'),
        preview,
        matched: JSON.stringify(m.matched),
        counts: { fileData: m.fileData.length, misMatched: m.misMatched.length },
        bidiRemoved,
      };
      moved = [preview.buffer];
    }
  } catch (err) {
    reply =
      err instanceof AppError
        ? { type: 'error', id: task.id, statusCode: err.statusCode, message: err.message, field: err.field }
        : { type: 'error', id: task.id, statusCode: 400, message: MSG.billImportUnreadable, field: 'file' };
  }
  port.postMessage(reply, moved);
});
port.postMessage({ type: 'ready' } satisfies SheetWorkerReady);
