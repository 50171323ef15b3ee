/**
 * A stand-in for src/server/modules/billing/sheet-worker.ts in the parser's pool tests: it speaks
 * the same messages, and a file containing the text HANG never gets an answer (a parse that runs
 * past any time limit); any other file is answered with no rows at once.
 */
import { readFileSync } from 'node:fs';
import { parentPort, threadId } from 'node:worker_threads';
import type { SheetWorkerReply, SheetWorkerTask } from '../../src/server/modules/billing/sheet-worker.js';

const port = parentPort!;
port.on('message', (task: SheetWorkerTask) => {
  // A CPU-bound parse that never ends: only terminate() stops it.
  if (readFileSync(task.file).includes('HANG')) for (;;);
  port.postMessage({ type: 'rows', id: task.id, rows: [], bidiRemoved: 0, threadId } satisfies SheetWorkerReply);
});
port.postMessage({ type: 'ready' });
