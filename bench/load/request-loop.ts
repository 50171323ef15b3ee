/**
 * A worker process of the probed benches (bench/heavy-work.ts, bench/export-load.ts): sends the
 * heavy requests of a loaded phase back to back, one at a time, in rotation, until told to stop.
 * It runs apart from the probes' process so that its own work (writing megabytes of upload,
 * reading megabytes of answer) never delays the probes' timers and callbacks: the probes then
 * measure the server, not the client that loads it. Started with an IPC channel; receives one
 * 'run' and one 'stop' ({@link LoopWorkerIn}) and answers 'done' with every answer.
 */
import { readFileSync } from 'node:fs';
import type { LoopAnswer, LoopRequest, LoopWorkerIn, LoopWorkerOut } from './protocol.js';

let stopped = false;

/** Sends one request and reads its whole answer. */
async function send(base: string, r: LoopRequest, body: Uint8Array<ArrayBuffer> | undefined, keepHeaders: string[]): Promise<LoopAnswer> {
  const t0 = performance.now();
  const res = await fetch(base + r.path, { method: r.method, headers: r.headers, body });
  const bytes = Buffer.from(await res.arrayBuffer());
  const seconds = (performance.now() - t0) / 1000;
  const message = res.status >= 400 ? ((JSON.parse(bytes.toString()) as { message?: string }).message ?? '').replace(/\d+ seconds?/, 'N seconds') : '';
  const headers = Object.fromEntries(keepHeaders.flatMap((h) => (res.headers.has(h) ? [[h, res.headers.get(h)!]] : [])));
  return { label: r.label, status: res.status, message, bytes: bytes.length, seconds, headers };
}

async function loop(m: Extract<LoopWorkerIn, { kind: 'run' }>): Promise<LoopAnswer[]> {
  // Each body is read once: copying megabytes per request would be load of the bench's own.
  const bodies = m.requests.map((r): Uint8Array<ArrayBuffer> | undefined => (r.bodyFile ? new Uint8Array(readFileSync(r.bodyFile)) : undefined));
  const answers: LoopAnswer[] = [];
  for (let i = 0; !stopped; i = (i + 1) % m.requests.length) answers.push(await send(m.base, m.requests[i]!, bodies[i], m.keepHeaders));
  return answers;
}

const reply = (m: LoopWorkerOut) => process.send!(m);
process.on('message', (m: LoopWorkerIn) => {
  if (m.kind === 'stop') stopped = true;
  else
    loop(m).then(
      (answers) => reply({ kind: 'done', answers }),
      (err: unknown) => reply({ kind: 'failed', message: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
    );
});
reply({ kind: 'ready' });
