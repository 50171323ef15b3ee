/**
 * Worker-thread entry of the spreadsheet parser (started only by sheet-parser.ts, never
 * imported): SheetJS runs here, off the thread that serves HTTP, Socket.IO and timers, inside
 * the memory limit the parent gave this thread (`resourceLimits`).
 *
 * Messages: posts {@link SheetWorkerReady} once loaded; for each {@link SheetWorkerTask} it posts a
 * {@link SheetWorkerReply} with the same `id`: the rows, or the typed error's status, message and
 * field (a class does not cross threads). Any other error is reported as unreadable (400).
 */
import { setPriority } from 'node:os';
import { parentPort, threadId } from 'node:worker_threads';
import { MSG } from '../../../shared/messages.js';
import { AppError } from '../../lib/errors.js';
import { readSheet1, type SheetRow } from './sheet.js';

/** The parse thread's nice value (19, the lowest priority). */
const PARSE_NICE = 19;

/** Parent → worker: one file to read. */
export interface SheetWorkerTask {
  id: number;
  file: Uint8Array;
}
/** Worker → parent, once, when it is ready for tasks. */
export interface SheetWorkerReady {
  type: 'ready';
}
/** Worker → parent: the answer to task `id`; `threadId` is the thread that ran `readSheet1`. */
export type SheetWorkerReply =
  | { type: 'rows'; id: number; rows: SheetRow[]; threadId: number }
  | { type: 'error'; id: number; statusCode: number; message: string; field?: string };

const port = parentPort;
if (!port) throw new Error('sheet-worker.ts must run as a worker thread');

// Off the request thread is not off the CPU: on a busy machine a parse competes with the thread
// that answers alarms. On Linux a nice value is per thread, and `setPriority(n)` (pid 0) sets
// this thread's only, so the request thread and the database worker win the CPU. Best effort
// (other systems may refuse or apply it to the whole process: then it is left as it is).
if (process.platform === 'linux') {
  try {
    setPriority(PARSE_NICE);
  } catch {
    // not permitted here: parse at normal priority
  }
}

port.on('message', (task: SheetWorkerTask) => {
  let reply: SheetWorkerReply;
  try {
    const file = Buffer.from(task.file.buffer, task.file.byteOffset, task.file.byteLength);
    reply = { type: 'rows', id: task.id, rows: readSheet1(file), threadId };
  } catch (err) {
    reply = err instanceof AppError
      ? { type: 'error', id: task.id, statusCode: err.statusCode, message: err.message, field: err.field }
      : { type: 'error', id: task.id, statusCode: 400, message: MSG.billImportUnreadable, field: 'file' };
  }
  port.postMessage(reply);
});
port.postMessage({ type: 'ready' } satisfies SheetWorkerReady);
