import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { uploadTempDir } from '../../src/server/lib/upload-file.js';
import { MSG } from '../../src/shared/messages.js';
import { startSlowUpload } from '../support/slow-upload.js';
import { useHarness } from './harness.js';
import { mediaForm, mp4, png, shellScript } from './media-fixtures.js';

/** POST /api/media streams the file to a temp file under DATA_DIR (not memory) and always deletes it. */
describe('media: uploads stream to a temp file', () => {
  const h = useHarness();
  const temps = () => {
    try {
      return readdirSync(uploadTempDir(h.config.DATA_DIR));
    } catch {
      return [];
    }
  };
  /** Sizes in bytes of the temp files now in the upload folder. */
  const tempSizes = () => temps().map((f) => statSync(path.join(uploadTempDir(h.config.DATA_DIR), f)).size);

  /** Starts a real HTTP upload and sends the first `firstBytes` of its body; the rest waits. */
  async function startUpload(file: Buffer, firstBytes: number) {
    const cookie = await h.staffCookie('cms@greenvalley.test');
    const { payload, headers } = mediaForm(file, { filename: 'clip.mp4', contentType: 'video/mp4' });
    return startSlowUpload(h.app, '/api/media', { ...headers, cookie }, payload, firstBytes);
  }

  it('writes the file to disk while it arrives and deletes it once stored', async () => {
    const video = mp4(6 * 1024 * 1024);
    const { req, answer, rest } = await startUpload(video, 3 * 1024 * 1024);
    // Half the body sent: a buffering server would have nothing on disk yet.
    await vi.waitFor(() => expect(tempSizes()).toEqual([expect.any(Number)]), { timeout: 20_000, interval: 20 });
    await vi.waitFor(() => expect(tempSizes()[0]).toBeGreaterThan(0), { timeout: 20_000, interval: 20 });
    req.end(rest);
    const res = await answer;
    expect(res.status, res.body).toBe(201);
    expect(JSON.parse(res.body)).toMatchObject({ kind: 'video', mime: 'video/mp4' });
    expect(temps()).toEqual([]);
  });

  it('deletes the temp file when the client goes away mid-upload', async () => {
    const { req, answer } = await startUpload(mp4(6 * 1024 * 1024), 3 * 1024 * 1024);
    answer.catch(() => undefined);
    await vi.waitFor(() => expect(temps()).toHaveLength(1), { timeout: 20_000, interval: 20 });
    req.destroy();
    await vi.waitFor(() => expect(temps()).toEqual([]), { timeout: 20_000, interval: 20 });
  });

  it('deletes the temp file when the upload is refused (415, 413)', async () => {
    const cookie = await h.staffCookie('cms@greenvalley.test');
    const post = (file: Buffer) => {
      const { payload, headers } = mediaForm(file);
      return h.app.inject({ method: 'POST', url: '/api/media', headers: { ...headers, cookie }, payload });
    };
    const script = await post(shellScript());
    expect(script.statusCode).toBe(415);
    expect(temps()).toEqual([]);
    // A PNG head with more than 10 MB behind it: detected as an image, then over the image limit.
    const big = await post(Buffer.concat([await png(), Buffer.alloc(10 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ message: MSG.mediaImageTooLarge, field: 'file' });
    expect(temps()).toEqual([]);
  });
});
