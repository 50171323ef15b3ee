/**
 * The export runner's writer pool (lib/list-export.ts on lib/worker-pool.ts): files are written in
 * a worker thread; a write over the heap or time limit is a 503 and the next export gets a fresh
 * worker; `workers` run, `queue` wait, the next is a 429; a failing batch read frees its slot;
 * close() ends it all. The list is a stand-in here (no database).
 */
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { afterEach, describe, expect, it } from 'vitest';
import { exportRunner, type ExportRunner, type ExportSpec } from '../../src/server/lib/list-export.js';
import { EXPORT_MSG } from '../../src/shared/export-messages.js';

const STUB = path.resolve(import.meta.dirname, '../support/sheet-writer-stub.ts');

interface Item {
  _id: number;
  text: string;
}

/** A list of `n` items (ids n..1, newest first) read `size` at a time after the cursor, as a list service answers. */
function specOf(n: number, sheetName = 'items', text = (i: number) => `Item ${i}`): ExportSpec<Item> & { reads: number[] } {
  const reads: number[] = [];
  return {
    sheetName,
    reads,
    columns: [
      { title: 'ID', format: 'int', value: (r) => r._id },
      { title: 'Text', format: 'text', value: (r) => r.text },
    ],
    about: [['List', sheetName]],
    timeZone: 'Asia/Karachi',
    batch: async (after, size) => {
      reads.push(size);
      const top = after === undefined ? n : after - 1;
      const items = Array.from({ length: Math.max(0, Math.min(size, top)) }, (_, i) => ({ _id: top - i, text: text(top - i) }));
      const last = items[items.length - 1];
      return { items, nextAfter: last && last._id > 1 ? last._id : null };
    },
  };
}

const options = { workers: 1, queue: 0, timeoutMs: 60_000, memoryMb: 128, maxRows: 100, batchRows: 7 };

describe('export runner (writer worker threads)', () => {
  let runner: ExportRunner | undefined;
  afterEach(async () => {
    await runner?.close();
    runner = undefined;
  });

  it('reads the list in batches and writes every row, newest first, in a worker thread', async () => {
    runner = exportRunner(options);
    const spec = specOf(20);
    const result = await runner.run(spec);
    expect(result).toMatchObject({ rows: 20, truncated: false });
    expect(spec.reads).toEqual([7, 7, 7]);
    const wb = XLSX.read(result.file, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<{ ID: number }>(wb.Sheets.items!);
    expect(rows.map((r) => r.ID)).toEqual(Array.from({ length: 20 }, (_, i) => 20 - i));
    expect(XLSX.utils.sheet_to_json(wb.Sheets.About!, { header: 1 })).toContainEqual(['Rows', '20']);
  });

  it('stops at maxRows, reading one row past it to know the list held more', async () => {
    runner = exportRunner({ ...options, maxRows: 10 });
    const spec = specOf(30);
    const result = await runner.run(spec);
    expect(result).toMatchObject({ rows: 10, truncated: true });
    expect(spec.reads).toEqual([7, 4]);
    const exact = await runner.run(specOf(10));
    expect(exact).toMatchObject({ rows: 10, truncated: false });
  });

  it('ends a write over the heap limit with 503 and writes the next file in a fresh worker', async () => {
    runner = exportRunner({ ...options, memoryMb: 32, maxRows: 40_000, batchRows: 5_000 });
    await expect(runner.run(specOf(30_000, 'big', (i) => `Row ${i} ${'x'.repeat(400)}`))).rejects.toMatchObject({
      statusCode: 503,
      message: EXPORT_MSG.failed,
    });
    expect((await runner.run(specOf(3))).rows).toBe(3);
  });

  it('ends a write over the time limit with 503 and writes the next file in a fresh worker', async () => {
    runner = exportRunner({ ...options, timeoutMs: 300, workerFile: STUB });
    await expect(runner.run(specOf(2, 'HANG'))).rejects.toMatchObject({ statusCode: 503, message: EXPORT_MSG.failed });
    expect((await runner.run(specOf(2))).file).toEqual(Buffer.from([1, 2, 3]));
  });

  it('runs `workers` exports at once, queues `queue` more and refuses the next with 429; a failing read frees its slot', async () => {
    runner = exportRunner({ ...options, queue: 1, timeoutMs: 500, workerFile: STUB });
    const running = runner.run(specOf(2, 'HANG'));
    const queued = runner.run(specOf(2, 'HANG'));
    await expect(runner.run(specOf(2))).rejects.toMatchObject({ statusCode: 429, message: EXPORT_MSG.busy });
    await expect(running).rejects.toMatchObject({ statusCode: 503 });
    await expect(queued).rejects.toMatchObject({ statusCode: 503 });
    const failing = { ...specOf(2), batch: () => Promise.reject(new Error('database gone')) };
    await expect(runner.run(failing)).rejects.toThrow('database gone');
    expect((await runner.run(specOf(2))).rows).toBe(2);
  });

  it('close() refuses new exports and waiting ones', async () => {
    runner = exportRunner({ ...options, queue: 1, workerFile: STUB });
    const running = runner.run(specOf(2, 'HANG'));
    const queued = runner.run(specOf(2));
    await runner.close();
    await expect(queued).rejects.toThrow('closed');
    await expect(running).rejects.toBeTruthy();
    await expect(runner.run(specOf(2))).rejects.toThrow('closed');
  });
});
