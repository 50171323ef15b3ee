/**
 * A stand-in for src/server/lib/sheet-writer-worker.ts in the export runner's pool tests: it
 * speaks the same messages; a task whose sheet is named HANG never gets an answer (a write that
 * runs past any time limit); any other is answered at once with a 3-byte file.
 */
import { parentPort } from 'node:worker_threads';
import type { SheetWriterReply, SheetWriterTask } from '../../src/server/lib/sheet-writer-worker.js';

const port = parentPort!;
port.on('message', (task: SheetWriterTask) => {
  // A CPU-bound write that never ends: only terminate() stops it.
  if (task.sheetName === 'HANG') for (;;);
  const buf = new Uint8Array([1, 2, 3]).buffer;
  port.postMessage({ type: 'file', id: task.id, buf } satisfies SheetWriterReply, [buf]);
});
port.postMessage({ type: 'ready' });
