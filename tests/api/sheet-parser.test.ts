import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { billSheet } from '../../e2e/fixtures/bill-sheets.js';
import { BACKGROUND_NICE } from '../../src/server/lib/thread-priority.js';
import { sheetParser, type SheetParser } from '../../src/server/modules/billing/sheet-parser.js';
import { MSG } from '../../src/shared/messages.js';

const STUB = path.resolve(import.meta.dirname, '../support/sheet-worker-stub.ts');
/** The parser reads uploads from disk (the route's temp files): this file's fixtures are written to a folder of its own. */
const dir = mkdtempSync(path.join(tmpdir(), 'sheet-parser-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const onDisk = (name: string, file: Buffer) => {
  const target = path.join(dir, name);
  writeFileSync(target, file);
  return target;
};
const small = onDisk('small.xlsx', billSheet([{ Address: 'House 1, Street 1, Block A', Units: 12 }]));
const hang = onDisk('hang.xlsx', billSheet([{ Address: 'HANG', Units: 1 }]));
/** 20,000 rows with 400-character names: tens of MB of text once parsed, far past a 32 MB heap. */
const rows20k = () =>
  onDisk(
    'rows20k.xlsx',
    billSheet(
      Array.from({ length: 20_000 }, (_, i) => ({
        Address: `House ${i + 1}, Street ${(i % 12) + 1}, Block A`,
        Units: 100 + (i % 400),
        Name: `Resident ${i + 1} ${'x'.repeat(400)}`,
      })),
    ),
  );

/** The nice value in a Linux /proc …/stat text: field 19, counted after the name's closing parenthesis (a name may hold spaces). */
const niceIn = (stat: string): number => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);

/** Nice value of each thread of this process, by thread id. */
function threadNices(): Map<number, number> {
  const nices = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      nices.set(Number(tid), niceIn(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')));
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return nices;
}

/** The spreadsheet parser's pool: parses run in worker threads with heap and time limits, and recover. */
describe('spreadsheet parser (worker threads)', () => {
  let parser: SheetParser | undefined;
  afterEach(async () => {
    await parser?.close();
    parser = undefined;
  });

  it('reads Sheet1 in a worker thread, not on the calling thread', async () => {
    parser = sheetParser({ workers: 1, queue: 0, timeoutMs: 60_000, memoryMb: 128 });
    const parsed = await parser.parse(small);
    expect(parsed.rows).toMatchObject([{ address: 'House 1, Street 1, Block A', units: 12 }]);
    expect(parsed.threadId).not.toBe(threadId);
  });

  it('matches in the worker and hands the preview over as UTF-8 bytes, ready to send', async () => {
    parser = sheetParser({ workers: 1, queue: 0, timeoutMs: 60_000, memoryMb: 128 });
    const resident = { id: 7, residentCode: 'R-7', name: 'Asha', house: '1', street: 'Street 1', block: 'Block A' };
    const m = await parser.parseAndMatch(small, [resident], []);
    expect(m.threadId).not.toBe(threadId);
    // Bytes, not text: the request thread sends them without measuring or encoding megabytes.
    expect(m.preview).toBeInstanceOf(Uint8Array);
    const preview = JSON.parse(`{${new TextDecoder().decode(m.preview)}}`) as { fileData: { units: number }[]; misMatched: unknown[]; bidiRemoved: number };
    expect(preview).toMatchObject({ fileData: [{ residentId: 'R-7', units: 12 }], misMatched: [], bidiRemoved: 0 });
    expect(m.counts).toEqual({ fileData: 1, misMatched: 0 });
    expect(JSON.parse(m.matched)).toMatchObject([{ residentId: 7 }]);
  });

  it.runIf(process.platform === 'linux')('parses at a lower CPU priority than the calling thread, which keeps its own', async () => {
    const before = threadNices();
    const myNice = niceIn(readFileSync('/proc/thread-self/stat', 'utf8'));
    parser = sheetParser({ workers: 1, queue: 0, timeoutMs: 60_000, memoryMb: 128 });
    await parser.parse(small);
    // The parse's worker is idle now, not ended: it is one of the threads that were not there before.
    const started = [...threadNices()].filter(([tid]) => !before.has(tid)).map(([, nice]) => nice);
    expect(started).toContain(BACKGROUND_NICE);
    expect(BACKGROUND_NICE).toBeGreaterThan(myNice);
    expect(niceIn(readFileSync('/proc/thread-self/stat', 'utf8'))).toBe(myNice);
  });

  it('ends a parse over the heap limit with 413 and reads the next file in a fresh worker', async () => {
    // 32 MB of heap loads SheetJS and reads a small sheet with room to spare, but not 20,000 long rows.
    parser = sheetParser({ workers: 1, queue: 0, timeoutMs: 120_000, memoryMb: 32 });
    const first = await parser.parse(small);
    await expect(parser.parse(rows20k())).rejects.toMatchObject({ statusCode: 413, message: MSG.billImportParseMemory, field: 'file' });
    const next = await parser.parse(small);
    expect(next.rows).toHaveLength(1);
    expect(next.threadId).not.toBe(first.threadId);
  });

  it('ends a parse over the time limit with 413 and reads the next file in a fresh worker', async () => {
    parser = sheetParser({ workers: 1, queue: 0, timeoutMs: 300, memoryMb: 64, workerFile: STUB });
    const first = await parser.parse(small);
    await expect(parser.parse(hang)).rejects.toMatchObject({ statusCode: 413, message: MSG.billImportParseTimeout, field: 'file' });
    const next = await parser.parse(small);
    expect(next.threadId).not.toBe(first.threadId);
  });

  it('runs `workers` parses at once, queues `queue` more and refuses the next with 429', async () => {
    parser = sheetParser({ workers: 1, queue: 1, timeoutMs: 500, memoryMb: 64, workerFile: STUB });
    const running = parser.parse(hang);
    const queued = parser.parse(hang);
    await expect(parser.parse(small)).rejects.toMatchObject({ statusCode: 429, message: MSG.billImportBusy });
    await expect(running).rejects.toMatchObject({ statusCode: 413 });
    await expect(queued).rejects.toMatchObject({ statusCode: 413 });
    expect((await parser.parse(small)).rows).toEqual([]);
  });
});
