/**
 * A small pool of worker threads for heavy synchronous work (SheetJS reads and writes) off the
 * thread that serves HTTP, Socket.IO and timers. Threads start lazily on the first task and wait
 * for the worker's ready message (so a task's time limit counts the work, not tsx and SheetJS
 * loading); each has a heap limit (`resourceLimits.maxOldGenerationSizeMb`) and each task a time
 * limit: a worker over either is ended and a fresh one serves the next task. Idle workers are
 * ended after `idleMs` to give their memory back. Beyond `workers` running and `queue` waiting,
 * a task is refused at once (the caller's 429).
 *
 * Protocol with the worker entry: it posts any message once loaded ("ready"), then answers each
 * posted task `{id, …payload}` with one message carrying the same `id`.
 */
import type { Worker } from 'node:worker_threads';
import { spawnModuleWorker } from './ts-worker.js';

/** Limits and errors of one pool. */
export interface WorkerPoolOptions {
  /** The worker entry (a `.ts` file under tsx/vitest, `.js` once compiled: lib/ts-worker.ts siblingFile). */
  workerFile: string;
  /** Tasks run at once, each in its own worker thread. */
  workers: number;
  /** Tasks that may wait for a free worker; one more is refused with {@link WorkerPoolOptions.busyError}. */
  queue: number;
  /** Milliseconds one task may take once handed to its worker. */
  timeoutMs: number;
  /** Heap limit of each worker in MB (V8's old generation). */
  memoryMb: number;
  /** Milliseconds an idle worker is kept before it is ended (default 60 s). */
  idleMs?: number;
  /** The error of a task refused because `workers` run and `queue` wait (a 429). */
  busyError(): Error;
  /** The error of a task over the time limit (its worker is ended). */
  timeoutError(): Error;
  /** The error of a task whose worker ran out of heap (its worker is ended). */
  memoryError(): Error;
  /** The error of a task whose worker died any other way. */
  crashError(): Error;
  /** The text of the error tasks get once the pool is closed. */
  closedMessage: string;
}

/** A pool answering tasks (`Payload` plus an `id` it assigns) with the worker's `Reply`. */
export interface WorkerPool<Payload extends object, Reply extends { id: number }> {
  /**
   * Runs one task. `build` is called once a worker slot is this task's (so work that prepares the
   * payload, e.g. reading a list in batches, is bounded by the pool's size too); its error rejects
   * the task and frees the slot. The time limit starts when the payload is posted.
   * @throws {@link WorkerPoolOptions.busyError} at once when the pool and its queue are full
   */
  run(build: () => Payload | Promise<Payload>): Promise<Reply>;
  /** Ends the workers; tasks still waiting are rejected. Idempotent. */
  close(): Promise<void>;
}

interface Job<Payload, Reply> {
  build(): Payload | Promise<Payload>;
  resolve(r: Reply): void;
  reject(err: Error): void;
}

interface Slot {
  worker?: Worker;
  ready?: Promise<Worker>;
  idle?: NodeJS.Timeout;
}

const IDLE_MS = 60_000;

/** Starts no thread until the first task; see {@link WorkerPool}. */
export function workerPool<Payload extends object, Reply extends { id: number }>(opts: WorkerPoolOptions): WorkerPool<Payload, Reply> {
  const idleMs = opts.idleMs ?? IDLE_MS;
  const free: Slot[] = Array.from({ length: opts.workers }, () => ({}));
  const waiting: Job<Payload, Reply>[] = [];
  const all = new Set<Worker>();
  let nextId = 1;
  let closed = false;

  /** A started worker (its entry loaded), so its time limit counts the task only. */
  function workerOf(slot: Slot): Promise<Worker> {
    slot.ready ??= new Promise<Worker>((resolve, reject) => {
      const worker = spawnModuleWorker(opts.workerFile, { resourceLimits: { maxOldGenerationSizeMb: opts.memoryMb } });
      all.add(worker);
      // An idle worker must not keep the process alive; an 'error' with no listener would throw here.
      worker.unref();
      worker.on('error', () => undefined);
      let startError: Error | undefined;
      const onStartError = (err: Error) => (startError = err);
      const onExit = (code: number) => {
        slot.ready = undefined;
        reject(startError ?? new Error(`the worker ${opts.workerFile} exited (code ${code}) while starting`));
      };
      worker.on('error', onStartError);
      worker.once('exit', onExit);
      worker.once('message', () => {
        worker.off('error', onStartError);
        worker.off('exit', onExit);
        slot.worker = worker;
        resolve(worker);
      });
      worker.once('exit', () => {
        all.delete(worker);
        if (slot.worker === worker) {
          slot.worker = undefined;
          slot.ready = undefined;
        }
      });
    });
    return slot.ready;
  }

  async function run(slot: Slot, job: Job<Payload, Reply>): Promise<void> {
    clearTimeout(slot.idle);
    try {
      const payload = await job.build();
      if (closed) throw new Error(opts.closedMessage);
      const worker = await workerOf(slot);
      job.resolve(await ask(slot, worker, payload));
    } catch (err) {
      job.reject(err as Error);
    } finally {
      const next = waiting.shift();
      if (next && !closed) void run(slot, next);
      else {
        free.push(slot);
        slot.idle = setTimeout(() => {
          const idle = slot.worker;
          slot.worker = undefined;
          slot.ready = undefined;
          void idle?.terminate();
        }, idleMs).unref();
      }
    }
  }

  /** One task on `worker`; a worker over its time or heap limit is ended (a fresh one replaces it). */
  function ask(slot: Slot, worker: Worker, payload: Payload): Promise<Reply> {
    const id = nextId++;
    return new Promise<Reply>((resolve, reject) => {
      let oom = false;
      const done = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const timer = setTimeout(() => {
        done();
        // Off the slot at once: the next task must not reach this worker while it is ending.
        if (slot.worker === worker) {
          slot.worker = undefined;
          slot.ready = undefined;
        }
        void worker.terminate();
        reject(opts.timeoutError());
      }, opts.timeoutMs);
      const onMessage = (reply: Reply) => {
        if (reply.id !== id) return;
        done();
        resolve(reply);
      };
      const onError = (err: Error & { code?: string }) => {
        oom ||= err.code === 'ERR_WORKER_OUT_OF_MEMORY';
      };
      const onExit = () => {
        done();
        reject(oom ? opts.memoryError() : opts.crashError());
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ ...payload, id });
    });
  }

  return {
    run(build) {
      if (closed) return Promise.reject(new Error(opts.closedMessage));
      return new Promise<Reply>((resolve, reject) => {
        const job: Job<Payload, Reply> = { build, resolve, reject };
        const slot = free.pop();
        if (slot) void run(slot, job);
        else if (waiting.length < opts.queue) waiting.push(job);
        else reject(opts.busyError());
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      const stopped = new Error(opts.closedMessage);
      for (const job of waiting.splice(0)) job.reject(stopped);
      for (const slot of free) clearTimeout(slot.idle);
      await Promise.all([...all].map((w) => w.terminate()));
    },
  };
}
