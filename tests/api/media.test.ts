import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { media, staffUsers } from '../../src/server/db/schema.js';
import { mediaRepo } from '../../src/server/modules/media/repo.js';
import { releaseMedia } from '../../src/server/modules/media/refs.js';
import { mediaService } from '../../src/server/modules/media/service.js';
import { folderStorage, type MediaStorage } from '../../src/server/modules/media/storage.js';
import type { StaffContext } from '../../src/server/modules/auth/service.js';
import { DISPLAY_MAX_PX, THUMB_MAX_PX, type Media } from '../../src/shared/contracts/media.js';
import { MSG } from '../../src/shared/messages.js';
import { useHarness } from './harness.js';
import { signedInStaff } from '../support/clients/sessions.js';
import { animatedGif, elf, gif, jpegWithExif, mediaForm, mp4, png, pngBomb, shellScript, webm, webp } from './media-fixtures.js';

/** `bytes` in a new temp file, as the upload route hands it to the service. */
function onDisk(bytes: Buffer): { path: string; size: number } {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'sd-media-file-')), 'upload');
  writeFileSync(file, bytes);
  return { path: file, size: bytes.length };
}

/** Every file under `dir` (recursively), as paths relative to it. */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      .sort();
  } catch {
    return [];
  }
}

/** POST /api/media, GET /media/:file: acceptance by content, re-encoding, access, serving. */
describe('media: upload and serving', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sd-media-'));
  const h = useHarness({ DATA_DIR: dataDir });
  const mediaDir = path.join(dataDir, 'media');
  const CMS = 'cms@greenvalley.test';
  const { cookie } = signedInStaff(h);
  const post = async (file: Buffer, opts: Parameters<typeof mediaForm>[1] & { as?: string } = {}) => {
    const { payload, headers } = mediaForm(file, opts);
    return h.app.inject({ method: 'POST', url: '/api/media', headers: { ...headers, cookie: await cookie(opts.as ?? CMS) }, payload });
  };
  const upload = async (file: Buffer, opts: Parameters<typeof post>[1] = {}): Promise<Media> => {
    const res = await post(file, opts);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Media>();
  };
  const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });
  const rows = async () => (await h.database.db.select({ n: count() }).from(media))[0]!.n;

  it('lets every content sub-role upload, refuses others (403) and anonymous callers (401)', async () => {
    const image = await png();
    for (const email of [
      'cms@greenvalley.test',
      'cms-all@greenvalley.test',
      'discounts@greenvalley.test',
      'plots@greenvalley.test',
      'announcements@greenvalley.test',
      'logo@greenvalley.test',
    ]) {
      expect((await post(image, { as: email })).statusCode, email).toBe(201);
    }
    const refused = await post(image, { as: 'grocery@greenvalley.test' });
    expect(refused.statusCode).toBe(403);
    const { payload, headers } = mediaForm(image);
    expect((await h.app.inject({ method: 'POST', url: '/api/media', headers, payload })).statusCode).toBe(401);
  });

  it('re-encodes a JPEG: EXIF gone, turned upright, a WebP thumbnail beside it', async () => {
    const source = await jpegWithExif(80, 40);
    expect((await sharp(source).metadata()).exif).toBeDefined();
    const m = await upload(source, { filename: 'holiday.jpg', contentType: 'image/jpeg' });
    expect(m).toMatchObject({ kind: 'image', mime: 'image/jpeg', width: 40, height: 80 });
    expect(m.url).toBe(`/media/${m.id}.jpg`);
    const display = await get(m.url);
    expect(display.statusCode).toBe(200);
    expect(display.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(display.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 40, height: 80 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(display.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);
    const thumb = await get(m.thumbUrl!);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('webp');
  });

  it('bounds the display size and the thumbnail without enlarging small images', async () => {
    const big = await upload(await png(3200, 1000));
    expect([big.width, big.height]).toEqual([DISPLAY_MAX_PX, 500]);
    const thumb = await sharp((await get(big.thumbUrl!)).rawPayload).metadata();
    expect([thumb.width, thumb.height]).toEqual([THUMB_MAX_PX, 100]);
    const small = await upload(await png(30, 20));
    expect([small.width, small.height]).toEqual([30, 20]);
    expect((await sharp((await get(small.thumbUrl!)).rawPayload).metadata()).width).toBe(30);
  });

  it('keeps the uploaded format: WebP, GIF (animation kept), PNG', async () => {
    const w = await upload(await webp(), { filename: 'a.webp', contentType: 'image/webp' });
    expect(w).toMatchObject({ mime: 'image/webp', url: `/media/${w.id}.webp` });
    const g = await upload(await gif(), { filename: 'a.gif', contentType: 'image/gif' });
    expect(g.mime).toBe('image/gif');
    const anim = await upload(await animatedGif(3, 40, 30), { filename: 'a.gif', contentType: 'image/gif' });
    expect(anim).toMatchObject({ mime: 'image/gif', width: 40, height: 30 });
    const served = await sharp((await get(anim.url)).rawPayload, { animated: true }).metadata();
    expect(served.pages).toBe(3);
    // A file named .jpg that is really a PNG is stored as the PNG it is.
    const p = await upload(await png(), { filename: 'camera.jpg', contentType: 'image/jpeg' });
    expect(p).toMatchObject({ mime: 'image/png', url: `/media/${p.id}.png` });
  });

  it('stores MP4 and WebM videos as uploaded, without a thumbnail', async () => {
    const bytes = mp4(4096);
    const v = await upload(bytes, { filename: 'clip.mp4', contentType: 'video/mp4' });
    expect(v).toMatchObject({ kind: 'video', mime: 'video/mp4', width: null, height: null, thumbUrl: null, url: `/media/${v.id}.mp4` });
    const served = await get(v.url);
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(Buffer.compare(served.rawPayload, bytes)).toBe(0);
    const w = await upload(webm(), { filename: 'clip.webm', contentType: 'video/webm' });
    expect(w).toMatchObject({ kind: 'video', mime: 'video/webm' });
    expect((await get(`/media/${v.id}-thumb.webp`)).statusCode).toBe(404);
  });

  it('refuses a renamed executable, a script and random bytes (415): no row, no file', async () => {
    const before = { rows: await rows(), files: filesUnder(mediaDir) };
    for (const [file, opts] of [
      [elf(), { filename: 'photo.png', contentType: 'image/png' }],
      [shellScript(), { filename: 'photo.png', contentType: 'image/png' }],
      [Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251)), { filename: 'video.mp4', contentType: 'video/mp4' }],
      // Image bytes cut short after the header: decoding fails → 415, never a 500.
      [(await png(200, 200)).subarray(0, 60), { filename: 'cut.png', contentType: 'image/png' }],
    ] as const) {
      const res = await post(file, opts);
      expect(res.statusCode, opts.filename).toBe(415);
      expect(res.json()).toMatchObject({ message: MSG.mediaUnsupported, field: 'file' });
    }
    expect(await rows()).toBe(before.rows);
    expect(filesUnder(mediaDir)).toEqual(before.files);
  });

  it('refuses an image over 10 MB (413) and a decompression bomb (415)', async () => {
    // A real PNG header followed by 10 MB + 1 of padding: detected as PNG, refused by size.
    const before = { rows: await rows(), files: filesUnder(mediaDir) };
    const header = await png(8, 8);
    const big = Buffer.concat([header, Buffer.alloc(10 * 1024 * 1024 + 1 - header.length)]);
    const res = await post(big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: MSG.mediaImageTooLarge, field: 'file' });
    const refused = await post(await pngBomb());
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toMatchObject({ message: MSG.mediaUnsupported });
    expect(await rows()).toBe(before.rows);
    expect(filesUnder(mediaDir)).toEqual(before.files);
  });

  it('answers 400 naming `file` when no file comes', async () => {
    const json = await h.app.inject({ method: 'POST', url: '/api/media', headers: { cookie: await cookie(CMS) }, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ field: 'file', message: MSG.mediaNoFile });
    const wrongField = await post(await png(), { field: 'photo' });
    expect(wrongField.json()).toMatchObject({ statusCode: 400, field: 'file' });
    const empty = await post(Buffer.alloc(0));
    expect(empty.json()).toMatchObject({ statusCode: 400, field: 'file' });
  });

  it('serves without a session: type, year-long immutable cache, ETag (304), ranges (206, 416)', async () => {
    const bytes = mp4(1000);
    const v = await upload(bytes, { filename: 'clip.mp4', contentType: 'video/mp4' });
    const whole = await get(v.url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({
      'content-type': 'video/mp4',
      'cache-control': 'public, max-age=31536000, immutable',
      'accept-ranges': 'bytes',
      'content-length': '1000',
    });
    const etag = whole.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f-]{36}"$/);
    const notModified = await get(v.url, { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    const head = await h.app.inject({ method: 'HEAD', url: v.url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('1000');
    expect(head.rawPayload.length).toBe(0);

    const part = await get(v.url, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/1000');
    expect(part.headers['content-length']).toBe('100');
    expect(Buffer.compare(part.rawPayload, bytes.subarray(100, 200))).toBe(0);
    const tail = await get(v.url, { range: 'bytes=-10' });
    expect(tail.headers['content-range']).toBe('bytes 990-999/1000');
    expect(Buffer.compare(tail.rawPayload, bytes.subarray(990))).toBe(0);
    const open = await get(v.url, { range: 'bytes=995-' });
    expect(Buffer.compare(open.rawPayload, bytes.subarray(995))).toBe(0);

    const outside = await get(v.url, { range: 'bytes=1000-1001' });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe('bytes */1000');
  });

  it('answers 404 for unknown, malformed, wrong-extension and deleted media', async () => {
    const m = await upload(await png());
    expect((await get(m.url)).statusCode).toBe(200);
    for (const url of [
      '/media/00000000-0000-4000-8000-000000000000.png',
      `/media/${m.id}.jpg`,
      `/media/${m.id}`,
      `/media/${m.id}-thumb.png`,
      `/media/${m.id.toUpperCase()}.png`,
      '/media/..%2F..%2Fetc%2Fpasswd',
      `/media/1%2F${m.id}.png`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    await releaseMedia(h.database.db, [m.id], h.clock.now());
    expect((await get(m.url)).statusCode).toBe(404);
    expect((await get(m.thumbUrl!)).statusCode).toBe(404);
  });

  it("keys files by the uploader's society and our own id", async () => {
    const m = await upload(await png(), { filename: '../../evil.png' });
    const [row] = await h.database.db.select().from(media).where(eq(media.id, m.id));
    expect(row!.storageKey).toBe(`${row!.societyId}/${m.id}.png`);
    expect(row!.thumbKey).toBe(`${row!.societyId}/${m.id}-thumb.webp`);
    expect(filesUnder(mediaDir)).toEqual(expect.arrayContaining([`${row!.societyId}/${m.id}.png`, `${row!.societyId}/${m.id}-thumb.webp`]));
  });

  it('a video over the limit is refused (413) and a failed row insert removes the stored files', async () => {
    const puts: string[] = [];
    const deletes: string[] = [];
    const base = folderStorage(mkdtempSync(path.join(tmpdir(), 'sd-media-svc-')));
    const spy: MediaStorage = { ...base, put: (k, b, t) => (puts.push(k), base.put(k, b, t)), delete: (k) => (deletes.push(k), base.delete(k)) };
    const svc = mediaService({ db: h.database.db, storage: spy, clock: h.clock, orphanHours: 24, maxVideoBytes: 1000 });
    const [cms] = await h.database.db.select().from(staffUsers).where(eq(staffUsers.email, CMS));
    const staff: StaffContext = {
      id: cms!.id,
      name: cms!.name,
      role: cms!.role,
      subRole: 'cms',
      societyId: cms!.societyId,
      societyName: 'Green Valley',
      mustChangePassword: false,
      mustEnrolTwoFactor: false,
    };
    await expect(svc.upload(staff, onDisk(mp4(1001)))).rejects.toMatchObject({ statusCode: 413, message: MSG.mediaVideoTooLarge });
    expect(puts).toEqual([]);

    const before = await rows();
    // A society that does not exist: the insert fails (foreign key), after both files were written.
    await expect(svc.upload({ ...staff, societyId: 999_999 }, onDisk(await png()))).rejects.toThrow();
    expect(puts).toHaveLength(2);
    expect(deletes.sort()).toEqual([...puts].sort());
    expect(await base.size(puts[0]!)).toBeUndefined();
    expect(await rows()).toBe(before);
    expect(await mediaRepo(h.database.db).count()).toBe(before);
  });
});
