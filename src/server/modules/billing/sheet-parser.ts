/**
 * Spreadsheet parsing off the request thread. SheetJS is synchronous and memory-hungry: on the
 * main thread one 20,000-row import stalled every request (SOS included) for seconds, and a 1 MB
 * zip bomb for 11 s and 900 MB. Here each parse runs in a worker thread (sheet-worker.ts) with a
 * heap limit (`resourceLimits.maxOldGenerationSizeMb`) and a time limit; a worker that exceeds
 * either is ended and replaced by a fresh one for the next parse.
 *
 * The upload is a file on disk (lib/upload-file.ts): the worker is handed its path and reads it
 * itself, so the file's bytes never sit in the request thread's memory nor are copied between
 * threads. The caller owns the file and deletes it once the parse has answered.
 *
 * Order of defences: the request thread refuses non-spreadsheets and ZIPs whose central
 * directory declares too much (precheckSpreadsheetFile, reading the file's head and tail only,
 * nothing inflated); the worker then checks the real inflated sizes (lying headers) before
 * SheetJS runs; the heap and time limits are the backstop for anything else.
 */
import { MSG } from '../../../shared/messages.js';
import { AppError, PayloadTooLargeError, TooManyRequestsError } from '../../lib/errors.js';
import { siblingFile } from '../../lib/ts-worker.js';
import { workerPool } from '../../lib/worker-pool.js';
import type { MatchResident } from './match.js';
import { precheckSpreadsheetFile, type SheetRow } from './sheet.js';
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
 * An import matched in the worker (match.ts), ready to store and to send: `matched` as JSON text
 * (StoredMatch[], for bill_imports.matched); `preview` the UTF-8 bytes of the ImportPreview
 * answer's members after `importId` and `period`, without braces:
 * `"fileData":[ImportRow…],"misMatched":[MisMatchedRow…],"bidiRemoved":N`; `sha256` of the file in
 * hex; `counts` of the two lists; `bidiRemoved` the cells cleaned of bidirectional controls
 * (sheet.ts SheetRead).
 */
export interface MatchedJson {
  sha256: string;
  preview: Uint8Array;
  matched: string;
  counts: { fileData: number; misMatched: number };
  bidiRemoved: number;
}

/** The parser the billing service uses. */
export interface SheetParser {
  /**
   * Reads Sheet1 of the spreadsheet at path `file` in a worker thread (the caller deletes the file afterwards).
   * @throws BadRequestError (400) what readSheet1 refuses (not a spreadsheet, no Sheet1, …)
   * @throws PayloadTooLargeError (413) a zip bomb (MSG.billImportUnpacksTooLarge), a parse over
   *   the heap limit (MSG.billImportParseMemory) or the time limit (MSG.billImportParseTimeout)
   * @throws TooManyRequestsError (429, MSG.billImportBusy) `workers` parses running and `queue`
   *   more waiting
   */
  parse(file: string): Promise<ParsedSheet>;
  /**
   * Reads Sheet1 of the spreadsheet at path `file` and matches its rows to `residents` (match.ts) in a worker thread.
   * @param billed ids of residents already billed for the period
   * @throws as {@link SheetParser.parse}
   */
  parseAndMatch(file: string, residents: MatchResident[], billed: number[]): Promise<MatchedJson & { threadId: number }>;
  /** Ends the workers; parses still waiting or running are rejected. Idempotent. */
  close(): Promise<void>;
}

type Answer = ParsedSheet | (MatchedJson & { threadId: number });

/** Seconds a client refused with 429 is told to wait. */
const BUSY_RETRY_S = 30;

/** Starts no thread until the first parse; see {@link SheetParser}. The threads are lib/worker-pool.ts's. */
export function sheetParser(opts: SheetParserOptions): SheetParser {
  const pool = workerPool<Omit<SheetWorkerTask, 'id'>, SheetWorkerReply>({
    workerFile: opts.workerFile ?? siblingFile(import.meta.url, 'sheet-worker'),
    workers: opts.workers,
    queue: opts.queue,
    timeoutMs: opts.timeoutMs,
    memoryMb: opts.memoryMb,
    idleMs: opts.idleMs,
    busyError: () => new TooManyRequestsError(MSG.billImportBusy, BUSY_RETRY_S),
    timeoutError: () => new PayloadTooLargeError(MSG.billImportParseTimeout, 'file'),
    memoryError: () => new PayloadTooLargeError(MSG.billImportParseMemory, 'file'),
    // A worker that dies any other way during a parse could not read this file either.
    crashError: () => new AppError(400, MSG.billImportUnreadable, 'file'),
    closedMessage: 'the spreadsheet parser is closed',
  });

  /** Queues a job; a file the request thread can refuse (precheckSpreadsheetFile) never queues. */
  async function submit(file: string, match?: SheetWorkerTask['match']): Promise<Answer> {
    precheckSpreadsheetFile(file);
    // The path only: the worker reads the file, so no MB-sized Buffer is made or copied here.
    const reply = await pool.run(() => ({ file, match }));
    if (reply.type === 'rows') return { rows: reply.rows, bidiRemoved: reply.bidiRemoved, threadId: reply.threadId };
    if (reply.type === 'matched') {
      const { type: _type, id: _id, ...answer } = reply;
      return answer;
    }
    throw new AppError(reply.statusCode, reply.message, reply.field);
  }

  return {
    parse: (file) => submit(file) as Promise<ParsedSheet>,
    parseAndMatch: (file, residents, billed) => submit(file, { residents, billed }) as Promise<MatchedJson & { threadId: number }>,
    close: () => pool.close(),
  };
}
