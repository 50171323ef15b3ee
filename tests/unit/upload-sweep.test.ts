import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sweepStaleUploads } from '../../src/server/lib/upload-file.js';

/** Upload temp files a crash left behind are deleted; files still arriving and other files are not. */
describe('sweepStaleUploads', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const folder = () => {
    const d = mkdtempSync(path.join(tmpdir(), 'upload-sweep-'));
    dirs.push(d);
    return d;
  };
  /** Writes `name` in `dir` with its modification time at `atMs` (epoch ms). */
  const fileAt = (dir: string, name: string, atMs: number) => {
    writeFileSync(path.join(dir, name), 'x');
    utimesSync(path.join(dir, name), atMs / 1000, atMs / 1000);
  };

  it('deletes .part files older than the limit and keeps newer ones and other files', async () => {
    const dir = folder();
    const now = Date.parse('2026-11-25T10:00:00Z');
    const limitMs = 600_000;
    fileAt(dir, 'crashed.part', now - limitMs - 60_000);
    fileAt(dir, 'arriving.part', now - limitMs + 60_000);
    fileAt(dir, 'notes.txt', now - 10 * limitMs);
    expect(await sweepStaleUploads(dir, limitMs, now)).toBe(1);
    expect(readdirSync(dir).sort()).toEqual(['arriving.part', 'notes.txt']);
  });

  it('treats a missing folder as nothing to sweep', async () => {
    expect(await sweepStaleUploads(path.join(folder(), 'never-made'), 1000, Date.now())).toBe(0);
  });
});
