import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../src/server/db/schema.js';
import { releaseMedia } from '../../src/server/modules/media/refs.js';
import { folderStorage, mediaStorageFor, s3Storage, type MediaStorage, type S3Settings } from '../../src/server/modules/media/storage.js';
import type { Media } from '../../src/shared/contracts/media.js';
import { useHarness } from './harness.js';
import { mediaForm, mp4, png } from './media-fixtures.js';

/** s3rver (a local S3-compatible server, devDependency) has no type declarations: the part we use. */
type S3rverInstance = { run(): Promise<AddressInfo>; close(): Promise<void> };
const S3rver = createRequire(import.meta.url)('s3rver') as new (opts: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string; configs: string[] }[];
}) => S3rverInstance;

/** Starts s3rver on a free port with a fresh folder and one bucket; settings for s3Storage. */
function useS3rver(bucket = 'media'): { settings: S3Settings } {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: mkdtempSync(path.join(tmpdir(), 'sd-s3-')),
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const handle = {
    settings: { bucket, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true } as S3Settings,
  };
  beforeAll(async () => {
    const { port } = await server.run();
    handle.settings.endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(() => server.close());
  return handle;
}

async function read(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

/** The storage contract: every backend must pass it unchanged. */
function storageContract(storage: () => MediaStorage) {
  const key = (ext = '.bin') => `7/${randomUUID()}${ext}`;
  const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 256));

  it('puts and gets a file whole, with its size', async () => {
    const k = key('.mp4');
    await storage().put(k, bytes, 'video/mp4');
    const got = await storage().get(k);
    expect(got).toMatchObject({ size: 3000, contentLength: 3000 });
    expect(Buffer.compare(await read(got!.body), bytes)).toBe(0);
    expect(await storage().size(k)).toBe(3000);
  });

  it('puts a file from disk (path and size), as uploads arrive', async () => {
    const k = key('.mp4');
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'sd-put-file-')), 'upload');
    writeFileSync(file, bytes);
    await storage().put(k, { path: file, size: bytes.length }, 'video/mp4');
    const got = await storage().get(k);
    expect(got).toMatchObject({ size: 3000, contentLength: 3000 });
    expect(Buffer.compare(await read(got!.body), bytes)).toBe(0);
  });

  it('gets an inclusive byte range', async () => {
    const k = key('.webm');
    await storage().put(k, bytes, 'video/webm');
    const got = await storage().get(k, { start: 1000, end: 1099 });
    expect(got).toMatchObject({ size: 3000, contentLength: 100 });
    expect(Buffer.compare(await read(got!.body), bytes.subarray(1000, 1100))).toBe(0);
    const last = await storage().get(k, { start: 2999, end: 2999 });
    expect([...(await read(last!.body))]).toEqual([bytes[2999]]);
  });

  it('replaces a file under the same key', async () => {
    const k = key('.png');
    await storage().put(k, Buffer.from('first'), 'image/png');
    await storage().put(k, Buffer.from('second'), 'image/png');
    expect((await read((await storage().get(k))!.body)).toString()).toBe('second');
  });

  it('deletes (twice is fine) and reports a missing file as undefined', async () => {
    const k = key('-thumb.webp');
    await storage().put(k, bytes, 'image/webp');
    await storage().delete(k);
    await storage().delete(k);
    expect(await storage().get(k)).toBeUndefined();
    expect(await storage().size(k)).toBeUndefined();
    expect(await storage().get(key(), { start: 0, end: 1 })).toBeUndefined();
  });

  it('refuses keys that are not <society>/<uuid><ext>', async () => {
    for (const bad of ['../x.png', '7/../../etc/passwd', `7/${randomUUID()}`, `/7/${randomUUID()}.png`, `0/${randomUUID()}.png`, `7/${randomUUID()}.png/..`]) {
      await expect(storage().put(bad, bytes, 'image/png'), bad).rejects.toThrow(/invalid media key/);
      await expect(storage().get(bad), bad).rejects.toThrow(/invalid media key/);
    }
  });
}

describe('media storage: folder', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sd-folder-'));
  storageContract(() => folderStorage(dir));
  it('is what the configuration picks without S3_BUCKET', () => {
    expect(mediaStorageFor({ DATA_DIR: dir, S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true }).describe).toBe(`folder ${path.join(dir, 'media')}`);
  });
});

describe('media storage: S3 (s3rver)', () => {
  const s3 = useS3rver();
  let storage: MediaStorage;
  beforeAll(() => {
    storage = s3Storage(s3.settings);
  });
  storageContract(() => storage);
});

describe('media through the app on S3', () => {
  const s3 = useS3rver('society-media');
  // Filled in once s3rver has its port (the harness reads env in its own beforeAll, which runs after).
  const env: Record<string, string> = {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sd-media-s3-')),
    S3_BUCKET: 'society-media',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  beforeAll(() => {
    env.S3_ENDPOINT = s3.settings.endpoint!;
  });
  const h = useHarness(env);

  it('uploads an image and a video to the bucket and serves them, with ranges, then cleans up', async () => {
    const cookie = await h.staffCookie('cms@greenvalley.test');
    const post = async (file: Buffer, name: string, type: string) => {
      const { payload, headers } = mediaForm(file, { filename: name, contentType: type });
      const res = await h.app.inject({ method: 'POST', url: '/api/media', headers: { ...headers, cookie }, payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<Media>();
    };
    const image = await post(await png(100, 50), 'a.png', 'image/png');
    const thumb = await h.app.inject({ method: 'GET', url: image.thumbUrl! });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');

    const bytes = mp4(5000);
    const video = await post(bytes, 'v.mp4', 'video/mp4');
    const part = await h.app.inject({ method: 'GET', url: video.url, headers: { range: 'bytes=4000-' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 4000-4999/5000');
    expect(Buffer.compare(part.rawPayload, bytes.subarray(4000))).toBe(0);

    // The objects really are in the bucket, not under DATA_DIR.
    const bucket = s3Storage(s3.settings);
    const [videoRow] = await h.database.db.select().from(media).where(eq(media.id, video.id));
    expect(await bucket.size(videoRow!.storageKey)).toBe(5000);
    expect(existsSync(path.join(env.DATA_DIR!, 'media'))).toBe(false);

    await releaseMedia(h.database.db, [video.id], h.clock.now());
    await h.jobs.media.runOnce();
    expect(await bucket.size(videoRow!.storageKey)).toBeUndefined();
  });
});
