import { existsSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { media } from '../../src/server/db/schema.js';
import { attachMedia, releaseMedia } from '../../src/server/modules/media/refs.js';
import type { Media } from '../../src/shared/contracts/media.js';
import { useHarness } from './harness.js';
import { mediaForm, mp4, png } from './media-fixtures.js';

const HOUR = 3_600_000;

/** The media job: released media and uploads never attached within MEDIA_ORPHAN_HOURS go, files first. */
describe('media: cleanup job', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sd-media-gc-'));
  const h = useHarness({ DATA_DIR: dataDir, MEDIA_ORPHAN_HOURS: '3' });
  let cookie: string;
  const upload = async (file: Buffer): Promise<Media> => {
    cookie ??= await h.staffCookie('cms@greenvalley.test');
    const { payload, headers } = mediaForm(file);
    const res = await h.app.inject({ method: 'POST', url: '/api/media', headers: { ...headers, cookie }, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Media>();
  };
  /** [row exists, display file exists, thumbnail exists (or null for a video)]. */
  const state = async (id: string) => {
    const [row] = await h.database.db.select().from(media).where(eq(media.id, id));
    const file = (key: string | null | undefined) => (key ? existsSync(path.join(dataDir, 'media', key)) : null);
    return row ? [true, file(row.storageKey), file(row.thumbKey)] : [false];
  };

  it('keeps attached media, removes released media at once and orphans after MEDIA_ORPHAN_HOURS', async () => {
    const orphan = await upload(await png());
    const used = await upload(await png());
    const released = await upload(await png());
    const video = await upload(mp4());
    await attachMedia(h.database.db, [used.id, released.id, video.id], h.clock.now());
    await releaseMedia(h.database.db, [released.id, video.id], h.clock.now());
    const [row] = await h.database.db.select().from(media).where(eq(media.id, released.id));
    const releasedFiles = [row!.storageKey, row!.thumbKey!].map((k) => path.join(dataDir, 'media', k));
    expect(releasedFiles.every((f) => existsSync(f))).toBe(true);

    await h.jobs.media.runOnce();
    expect(await state(released.id)).toEqual([false]);
    expect(await state(video.id)).toEqual([false]);
    expect(releasedFiles.some((f) => existsSync(f))).toBe(false);
    expect(await state(orphan.id)).toEqual([true, true, true]);
    expect((await h.app.inject({ method: 'GET', url: orphan.url })).statusCode).toBe(200);

    h.clock.advance(3 * HOUR - 1000);
    await h.jobs.media.runOnce();
    expect(await state(orphan.id)).toEqual([true, true, true]);

    h.clock.advance(2000);
    await h.jobs.media.runOnce();
    expect(await state(orphan.id)).toEqual([false]);
    expect((await h.app.inject({ method: 'GET', url: orphan.url })).statusCode).toBe(404);
    expect(await state(used.id)).toEqual([true, true, true]);
    expect((await h.app.inject({ method: 'GET', url: used.url })).statusCode).toBe(200);
  });

  it('a file already gone does not stop the row from going', async () => {
    const m = await upload(await png());
    const [row] = await h.database.db.select().from(media).where(eq(media.id, m.id));
    await rm(path.join(dataDir, 'media', row!.storageKey));
    await releaseMedia(h.database.db, [m.id], h.clock.now());
    await h.jobs.media.runOnce();
    expect(await state(m.id)).toEqual([false]);
  });
});
