import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_INPUT_PIXELS, processImage } from '../../src/server/modules/media/images.js';
import { UnsupportedMediaError } from '../../src/server/lib/errors.js';
import { jpegWithExif, pngBomb, webp } from '../api/media-fixtures.js';

/** Image re-encoding: upright, bounded, stripped, same format; bombs refused. */
describe('media: processImage', () => {
  it('applies the EXIF orientation, then drops every metadata block', async () => {
    const out = await processImage(await jpegWithExif(120, 60), 'image/jpeg');
    expect(out).toMatchObject({ mime: 'image/jpeg', width: 60, height: 120 });
    const meta = await sharp(out.display).metadata();
    expect([meta.exif, meta.icc, meta.xmp, meta.orientation]).toEqual([undefined, undefined, undefined, undefined]);
    expect((await sharp(out.thumb).metadata()).format).toBe('webp');
  });

  it('keeps WebP as WebP', async () => {
    const out = await processImage(await webp(10, 10), 'image/webp');
    expect((await sharp(out.display).metadata()).format).toBe('webp');
  });

  it(`refuses an image claiming more than ${MAX_INPUT_PIXELS} pixels before decoding it`, async () => {
    const err = await processImage(await pngBomb(), 'image/png').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnsupportedMediaError);
    expect(String((err as Error).cause)).toMatch(/pixel limit/);
  });
});
