/**
 * Image re-encoding for uploads, with sharp. The uploaded bytes are never
 * stored: the display file is a fresh encode (so EXIF/GPS, ICC comments and anything hidden after
 * the image data are dropped — sharp strips metadata unless asked to keep it), turned upright from
 * the EXIF orientation first, and a WebP thumbnail is made beside it.
 */
import type { Sharp } from 'sharp';
import { DISPLAY_MAX_PX, THUMB_MAX_PX } from '../../../shared/contracts/media.js';
import { MSG } from '../../../shared/messages.js';
import { UnsupportedMediaError } from '../../lib/errors.js';

/**
 * Largest image decoded, in pixels (width × height, all frames of an animation): a small file
 * that claims a huge canvas (a decompression bomb) is refused before it is decoded.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/** Image types we re-encode, as detected by file-type (APNG is kept as a still PNG). */
export type ImageMime = 'image/jpeg' | 'image/png' | 'image/apng' | 'image/webp' | 'image/gif';

/** A re-encoded image: display file (same format as uploaded) and WebP thumbnail; sizes in pixels. */
export interface ProcessedImage {
  display: Buffer;
  /** Content type of `display` (image/png for an APNG upload). */
  mime: 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';
  /** Display size (one frame's height for an animated GIF or WebP). */
  width: number;
  height: number;
  thumb: Buffer;
}

/**
 * sharp, loaded on the first image rather than at start-up: libvips adds ~20 MB to the resident
 * memory of a process that may never receive an upload (bench/startup.ts).
 */
let sharpModule: Promise<typeof import('sharp')> | undefined;
const loadSharp = async () => (await (sharpModule ??= import('sharp'))).default;

function encode(img: Sharp, mime: ImageMime): { pipeline: Sharp; mime: ProcessedImage['mime'] } {
  switch (mime) {
    case 'image/jpeg':
      return { pipeline: img.jpeg({ quality: 82, mozjpeg: true }), mime };
    case 'image/webp':
      return { pipeline: img.webp({ quality: 82 }), mime };
    case 'image/gif':
      return { pipeline: img.gif(), mime };
    default:
      return { pipeline: img.png({ compressionLevel: 9 }), mime: 'image/png' };
  }
}

/**
 * Re-encodes an uploaded image: upright (EXIF orientation applied), inside DISPLAY_MAX_PX ×
 * DISPLAY_MAX_PX without enlarging, same format (JPEG quality 82; GIF and WebP keep their
 * animation), metadata stripped; plus a WebP thumbnail inside THUMB_MAX_PX (first frame).
 * @param source the upload's bytes or the path of the file holding them (sharp reads it there),
 *   whose type `mime` was detected from its content
 * @throws UnsupportedMediaError (415, MSG.mediaUnsupported) for a corrupt or truncated image, or
 *   one over {@link MAX_INPUT_PIXELS}
 */
export async function processImage(source: Buffer | string, mime: ImageMime): Promise<ProcessedImage> {
  const animated = mime === 'image/gif' || mime === 'image/webp';
  const input = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
  const sharp = await loadSharp();
  try {
    const { pipeline, mime: outMime } = encode(
      sharp(source, { ...input, animated })
        .rotate()
        .resize({ width: DISPLAY_MAX_PX, height: DISPLAY_MAX_PX, fit: 'inside', withoutEnlargement: true }),
      mime,
    );
    const { data: display, info } = await pipeline.toBuffer({ resolveWithObject: true });
    const thumb = await sharp(source, input)
      .rotate()
      .resize({ width: THUMB_MAX_PX, height: THUMB_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    return { display, mime: outMime, width: info.width, height: info.pageHeight ?? info.height, thumb };
  } catch (err) {
    // sharp/libvips errors: corrupt header, truncated data, pixel limit, unsupported variant.
    throw Object.assign(new UnsupportedMediaError(MSG.mediaUnsupported, 'file'), { cause: err });
  }
}
