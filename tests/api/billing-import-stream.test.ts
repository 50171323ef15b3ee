import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { billSheet, multipartBody } from '../../e2e/fixtures/bill-sheets.js';
import { zipBomb } from '../../e2e/fixtures/zip-bomb.js';
import { billImports } from '../../src/server/db/schema.js';
import { uploadTempDir } from '../../src/server/lib/upload-file.js';
import { MAX_IMPORT_UNCOMPRESSED_BYTES, type ImportPreview } from '../../src/shared/contracts/billing.js';
import { MSG } from '../../src/shared/messages.js';
import { startSlowUpload } from '../support/slow-upload.js';
import { useHarness, type Harness } from './harness.js';

const BILLING = 'billing@greenvalley.test';
/** 20,000 rows (~5 MB): a parse long enough (a second or more) to see its file on disk while it runs. */
const bigSheet = () =>
  billSheet(Array.from({ length: 20_000 }, (_, i) => ({ Address: `House ${i + 1}, Street ${(i % 12) + 1}, Block Q`, Units: 100 + (i % 400) })));

/** The import's temp files: the names now in the upload folder, and every name created there since `beforeEach` (inotify). */
function uploadFolder(h: Harness) {
  const dir = () => uploadTempDir(h.config.DATA_DIR);
  let watcher: FSWatcher | undefined;
  const seen = new Set<string>();
  beforeEach(() => {
    mkdirSync(dir(), { recursive: true });
    seen.clear();
    watcher = watch(dir(), (_event, name) => name && seen.add(name));
  });
  afterEach(() => watcher?.close());
  const names = () => readdirSync(dir());
  return {
    names,
    seen,
    /** Sizes in bytes of the files now in the folder. */
    sizes: () => names().map((f) => statSync(path.join(dir(), f), { throwIfNoEntry: false })?.size ?? -1),
  };
}

/** Starts a real HTTP upload to the import and sends the first `firstBytes` of its body; the rest waits. */
function startUpload(h: Harness, cookie: string, file: Buffer, firstBytes: number) {
  const { payload, contentType } = multipartBody(file, { period: '2034-01' });
  return startSlowUpload(h.app, '/api/bills/import', { cookie, 'content-type': contentType }, payload, firstBytes);
}

const WAIT = { timeout: 30_000, interval: 10 };

/**
 * POST /api/bills/import never holds the upload in the request thread's memory: the file is
 * streamed to a temp file under DATA_DIR, the parse worker reads it from there, and it is deleted
 * on every path (answer, refusal, time limit, client gone).
 */
describe('billing import: the upload streams to a temp file', () => {
  const h = useHarness({ BILL_MAX_IMPORTS_PER_MINUTE: '1000' });
  const folder = uploadFolder(h);
  const upload = async (file: Buffer, fields: Record<string, string> = {}) => {
    const { payload, contentType } = multipartBody(file, fields);
    return h.app.inject({ method: 'POST', url: '/api/bills/import', headers: { cookie: await h.staffCookie(BILLING), 'content-type': contentType }, payload });
  };

  it('writes the file to disk while it arrives, parses it from there, keeps its SHA-256, and deletes it once answered', async () => {
    const sheet = bigSheet();
    const { req, answer, rest } = await startUpload(h, await h.staffCookie(BILLING), sheet, Math.floor(sheet.length / 2));
    // Half the body sent: a buffering server would have nothing on disk yet.
    await vi.waitFor(() => expect(folder.sizes()).toEqual([expect.any(Number)]), WAIT);
    await vi.waitFor(() => expect(folder.sizes()[0]).toBeGreaterThan(0), WAIT);
    req.end(rest);
    // The whole file on disk while the worker parses it (the answer needs a second or more).
    await vi.waitFor(() => expect(folder.sizes()).toEqual([sheet.length]), WAIT);
    const res = await answer;
    expect(res.status, res.body).toBe(200);
    const preview = JSON.parse(res.body) as ImportPreview;
    expect(preview.fileData.length + preview.misMatched.length).toBe(20_000);
    expect(folder.names()).toEqual([]);
    const [stored] = await h.database.db.select({ sha: billImports.fileSha256 }).from(billImports).where(eq(billImports.id, preview.importId));
    expect(stored?.sha).toBe(createHash('sha256').update(sheet).digest('hex'));
  });

  it('deletes the temp file when the client goes away mid-upload', async () => {
    const sheet = bigSheet();
    const { req, answer } = await startUpload(h, await h.staffCookie(BILLING), sheet, Math.floor(sheet.length / 2));
    answer.catch(() => undefined);
    await vi.waitFor(() => expect(folder.names()).toHaveLength(1), WAIT);
    req.destroy();
    await vi.waitFor(() => expect(folder.names()).toEqual([]), WAIT);
  });

  // What this proves: once the whole file is on disk, a client that goes away leaves no temp file.
  // Whether it left during the parse or after the answer is not pinned: the app's parse cannot be
  // held here (the hanging worker stub is for the parser pool, tests/api/sheet-parser.test.ts).
  it('deletes the temp file when the client goes away after its whole upload arrived', async () => {
    const sheet = bigSheet();
    const { req, answer, rest } = await startUpload(h, await h.staffCookie(BILLING), sheet, 0);
    answer.catch(() => undefined);
    req.end(rest);
    await vi.waitFor(() => expect(folder.sizes()).toEqual([sheet.length]), WAIT);
    req.destroy();
    await vi.waitFor(() => expect(folder.names()).toEqual([]), WAIT);
  });

  it('deletes the temp file of every refusal: zip bombs (413), over 10 MB, not a spreadsheet, a bad period (400)', async () => {
    const mib = MAX_IMPORT_UNCOMPRESSED_BYTES / 1024 / 1024;
    const good = billSheet([{ Address: 'House 1, Street 1, Block A', Units: 5 }]);
    const refused: [string, () => Promise<{ statusCode: number; json: () => unknown }>, number, string][] = [
      ['zip bomb (declared)', async () => upload(await zipBomb({ mib: mib + 1 })), 413, MSG.billImportUnpacksTooLarge],
      ['zip bomb (lying headers)', async () => upload(await zipBomb({ mib: mib + 1, declare: 1000 })), 413, MSG.billImportUnpacksTooLarge],
      ['over 10 MB', () => upload(Buffer.concat([good, Buffer.alloc(10 * 1024 * 1024)])), 400, MSG.billImportTooLarge],
      ['text file', () => upload(Buffer.from('Address,Units\nHouse 1,4\n')), 400, MSG.billImportNotSpreadsheet],
      ['bad period', () => upload(good, { period: '2034-13' }), 400, 'Period must be a month written YYYY-MM, e.g. 2026-11.'],
    ];
    for (const [what, send, status, message] of refused) {
      folder.seen.clear();
      const res = await send();
      expect(res.statusCode, what).toBe(status);
      expect(res.json(), what).toMatchObject({ message, field: expect.any(String) });
      // The upload went to a temp file (seen created in the folder), and nothing is left of it.
      await vi.waitFor(() => expect(folder.seen.size, what).toBeGreaterThan(0), WAIT);
      expect(folder.names(), what).toEqual([]);
    }
  });
});

describe('billing import: a parse over its time limit', () => {
  const h = useHarness({ BILL_MAX_IMPORTS_PER_MINUTE: '1000', IMPORT_PARSE_TIMEOUT_MS: '100' });
  const folder = uploadFolder(h);

  it('answers 413 and deletes the temp file', async () => {
    const { payload, contentType } = multipartBody(bigSheet());
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/bills/import',
      headers: { cookie: await h.staffCookie(BILLING), 'content-type': contentType },
      payload,
    });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ message: MSG.billImportParseTimeout, field: 'file' });
    await vi.waitFor(() => expect(folder.seen.size).toBeGreaterThan(0), WAIT);
    expect(folder.names()).toEqual([]);
  });
});
