/**
 * Worker processes of bench/load.ts: forked with tsx and an IPC channel, optionally pinned to
 * CPUs with `taskset -a -cp` (every thread), and always killable from the bench's cleanup.
 */
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopProcess } from '../../scripts/cluster/instances.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));

export interface Worker<In, Out> {
  name: string;
  child: ChildProcess;
  send(m: In): void;
  /** The next message of `kind`; rejects if the worker exits or reports 'failed' first. */
  next<K extends (Out extends { kind: infer T } ? T : never)>(kind: K): Promise<Extract<Out, { kind: K }>>;
  /** SIGTERM, SIGKILL after 2 s. Idempotent. */
  stop(): Promise<void>;
}

/**
 * Forks `bench/load/<file>` and waits for its 'ready'. @param cpus taskset CPU list, or undefined
 * (not pinned). @param nice the worker's nice value (below 0 needs root; 0 leaves it as it is).
 * @throws if it exits first, or if `nice` cannot be set.
 */
export async function startWorker<In, Out extends { kind: string }>(name: string, file: string, cpus: string | undefined, nice = 0): Promise<Worker<In, Out>> {
  const child = fork(path.join(HERE, file), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = once(child, 'exit');
  const next = (kind: string) =>
    new Promise<Out>((resolve, reject) => {
      const onMessage = (m: Out) => {
        if (m.kind !== kind && m.kind !== 'failed') return;
        child.off('message', onMessage);
        if (m.kind === 'failed') reject(new Error(`${name} worker: ${(m as { message?: string }).message}`));
        else resolve(m);
      };
      child.on('message', onMessage);
      void exited.then(([code]) => reject(new Error(`${name} worker exited (code ${String(code)}) before '${kind}'`)));
    });
  const worker: Worker<In, Out> = {
    name,
    child,
    send: (m) => child.send(m as object),
    next: next as Worker<In, Out>['next'],
    stop: async () => void (await stopProcess(child, 'SIGTERM', 2000)),
  };
  try {
    await next('ready');
  } catch (err) {
    await worker.stop();
    throw err;
  }
  if (cpus !== undefined && child.pid !== undefined) spawnSync('taskset', ['-a', '-cp', cpus, String(child.pid)], { stdio: 'ignore' });
  try {
    // Every thread of the worker: Linux nice values are per thread.
    if (nice !== 0 && child.pid !== undefined) for (const tid of threadsOf(child.pid)) setPriority(tid, nice);
  } catch (err) {
    await worker.stop();
    throw err;
  }
  return worker;
}

/** The thread ids of process `pid` (/proc/<pid>/task). */
function threadsOf(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map(Number);
}
