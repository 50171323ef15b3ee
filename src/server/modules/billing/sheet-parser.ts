/**
 * Spreadsheet parsing off the request thread. SheetJS is synchronous and memory-hungry: on the
 * main thread one 20,000-row import stalled every request (SOS included) for seconds, and a 1 MB
 * zip bomb for 11 s and 900 MB. Here each parse runs in a worker thread (sheet-worker.ts) with a
 * heap limit (`resourceLimits.maxOldGenerationSizeMb`) and a time limit; a worker that exceeds
 * either is ended and replaced by a fresh one for the next parse.
 *
 * Order of defences: the request thread refuses non-spreadsheets and ZIPs whose central
 * directory declares too much (precheckSpreadsheet, microseconds, nothing inflated); the worker
 * then checks the real inflated sizes (lying headers) before SheetJS runs; the heap and time
 * limits are the backstop for anything else.
 */
import type { Worker } from 'node:worker_threads';
import { MSG } from '../../../shared/messages.js';
import { AppError, PayloadTooLargeError, TooManyRequestsError } from '../../lib/errors.js';
import { siblingFile, spawnModuleWorker } from '../../lib/ts-worker.js';
import type { MatchResident } from './match.js';
import { precheckSpreadsheet, type SheetRow } from './sheet.js';
import type { SheetWorkerReply, SheetWorkerTask } from './sheet-worker.js';

/** Limits of the parser (config.ts: IMPORT_PARSE_*). */
export interface SheetParserOptions {
  /** Parses run at once, each in its own worker thread (IMPORT_PARSE_WORKERS). */
  workers: number;
  /** Parses that may wait for a free worker; one more is refused with 429 (IMPORT_PARSE_QUEUE). */
  queue: number;
  /** Milliseconds one parse may take once handed to its worker (IMPORT_PARSE_TIMEOUT_MS). */
  timeoutMs: number;
  /** Heap limit of each worker in MB (IMPORT_PARSE_MEMORY_MB): V8's old generation. */
  memoryMb: number;
  /** Milliseconds an idle worker is kept before it is ended to give its memory back (default 60 s). */
  idleMs?: number;
  /** The worker entry (default sheet-worker beside this file); tests may pass another. */
  workerFile?: string;
}

/** Rows of Sheet1, the cells cleaned of bidirectional controls (sheet.ts SheetRead), and the id of the thread that read them (never the main thread's). */
export interface ParsedSheet {
  rows: SheetRow[];
  bidiRemoved: number;
  threadId: number;
}

/**
 * An import matched in the worker (match.ts), as JSON text ready to store and to send: `matched`
 * (StoredMatch[], for bill_imports.matched), `fileData` (ImportRow[]) and `misMatched`
 * (MisMatchedRow[]); `sha256` of the file in hex; `counts` of the two lists; `bidiRemoved` the
 * cells cleaned of bidirectional controls (sheet.ts SheetRead).
 */
export interface MatchedJson {
  sha256: string;
  fileData: string;
  misMatched: string;
  matched: string;
  counts: { fileData: number; misMatched: number };
  bidiRemoved: number;
}

/** The parser the billing service uses. */
export interface SheetParser {
  /**
   * Reads Sheet1 of `file` in a worker thread.
   * @throws BadRequestError (400) what readSheet1 refuses (not a spreadsheet, no Sheet1, …)
   * @throws PayloadTooLargeError (413) a zip bomb (MSG.billImportUnpacksTooLarge), a parse over
   *   the heap limit (MSG.billImportParseMemory) or the time limit (MSG.billImportParseTimeout)
   * @throws TooManyRequestsError (429, MSG.billImportBusy) `workers` parses running and `queue`
   *   more waiting
   */
  parse(file: Buffer): Promise<ParsedSheet>;
  /**
   * Reads Sheet1 of `file` and matches its rows to `residents` (match.ts) in a worker thread.
   * @param billed ids of residents already billed for the period
   * @throws as {@link SheetParser.parse}
   */
  parseAndMatch(file: Buffer, residents: MatchResident[], billed: number[]): Promise<MatchedJson & { threadId: number }>;
  /** Ends the workers; parses still waiting or running are rejected. Idempotent. */
  close(): Promise<void>;
}

type Answer = ParsedSheet | (MatchedJson & { threadId: number });

interface Job {
  file: Buffer;
  match?: SheetWorkerTask['match'];
  resolve(p: Answer): void;
  reject(err: Error): void;
}

interface Slot {
  worker?: Worker;
  ready?: Promise<Worker>;
  idle?: NodeJS.Timeout;
}

const IDLE_MS = 60_000;
/** Seconds a client refused with 429 is told to wait. */
const BUSY_RETRY_S = 30;

/** Starts no thread until the first parse; see {@link SheetParser}. */
export function sheetParser(opts: SheetParserOptions): SheetParser {
  const workerFile = opts.workerFile ?? siblingFile(import.meta.url, 'sheet-worker');
  const idleMs = opts.idleMs ?? IDLE_MS;
  const free: Slot[] = Array.from({ length: opts.workers }, () => ({}));
  const running = new Set<Job>();
  const waiting: Job[] = [];
  const all = new Set<Worker>();
  let nextId = 1;
  let closed = false;

  /** A started worker (tsx and SheetJS loaded), so its time limit counts parsing only. */
  function workerOf(slot: Slot): Promise<Worker> {
    slot.ready ??= new Promise<Worker>((resolve, reject) => {
      const worker = spawnModuleWorker(workerFile, { resourceLimits: { maxOldGenerationSizeMb: opts.memoryMb } });
      all.add(worker);
      // An idle worker must not keep the process alive; an 'error' with no listener would throw here.
      worker.unref();
      worker.on('error', () => undefined);
      let startError: Error | undefined;
      const onStartError = (err: Error) => (startError = err);
      const onExit = (code: number) => {
        slot.ready = undefined;
        reject(startError ?? new Error(`the spreadsheet worker exited (code ${code}) while starting`));
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

  async function run(slot: Slot, job: Job): Promise<void> {
    clearTimeout(slot.idle);
    running.add(job);
    try {
      const worker = await workerOf(slot);
      job.resolve(await ask(slot, worker, job));
    } catch (err) {
      job.reject(err as Error);
    } finally {
      running.delete(job);
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
  function ask(slot: Slot, worker: Worker, job: Job): Promise<Answer> {
    const id = nextId++;
    return new Promise<Answer>((resolve, reject) => {
      let oom = false;
      const done = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const timer = setTimeout(() => {
        done();
        // Off the slot at once: the next job must not reach this worker while it is ending.
        if (slot.worker === worker) {
          slot.worker = undefined;
          slot.ready = undefined;
        }
        void worker.terminate();
        reject(new PayloadTooLargeError(MSG.billImportParseTimeout, 'file'));
      }, opts.timeoutMs);
      const onMessage = (reply: SheetWorkerReply) => {
        if (reply.id !== id) return;
        done();
        if (reply.type === 'rows') resolve({ rows: reply.rows, bidiRemoved: reply.bidiRemoved, threadId: reply.threadId });
        else if (reply.type === 'matched') {
          const { type: _type, id: _id, ...answer } = reply;
          resolve(answer);
        } else reject(new AppError(reply.statusCode, reply.message, reply.field));
      };
      const onError = (err: Error & { code?: string }) => {
        oom ||= err.code === 'ERR_WORKER_OUT_OF_MEMORY';
      };
      const onExit = () => {
        done();
        // A worker that dies any other way during a parse could not read this file either.
        reject(oom ? new PayloadTooLargeError(MSG.billImportParseMemory, 'file') : new AppError(400, MSG.billImportUnreadable, 'file'));
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      // A copy: the upload's Buffer may share a larger pooled ArrayBuffer.
      worker.postMessage({ id, file: new Uint8Array(job.file), match: job.match } satisfies SheetWorkerTask);
    });
  }

  /** Queues a job; a file the request thread can refuse (precheckSpreadsheet) never queues. */
  function submit(file: Buffer, match?: SheetWorkerTask['match']): Promise<Answer> {
    if (closed) return Promise.reject(new Error('the spreadsheet parser is closed'));
    try {
      precheckSpreadsheet(file);
    } catch (err) {
      return Promise.reject(err as Error);
    }
    return new Promise<Answer>((resolve, reject) => {
      const job: Job = { file, match, resolve, reject };
      const slot = free.pop();
      if (slot) void run(slot, job);
      else if (waiting.length < opts.queue) waiting.push(job);
      else reject(new TooManyRequestsError(MSG.billImportBusy, BUSY_RETRY_S));
    });
  }

  return {
    parse: (file) => submit(file) as Promise<ParsedSheet>,
    parseAndMatch: (file, residents, billed) => submit(file, { residents, billed }) as Promise<MatchedJson & { threadId: number }>,
    async close() {
      if (closed) return;
      closed = true;
      const stopped = new Error('the spreadsheet parser is closed');
      for (const job of waiting.splice(0)) job.reject(stopped);
      for (const slot of free) clearTimeout(slot.idle);
      await Promise.all([...all].map((w) => w.terminate()));
    },
  };
}
