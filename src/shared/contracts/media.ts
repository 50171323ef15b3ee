/**
 * Uploaded media: images and videos for feed posts, discounts, plots,
 * announcements and the logo. A file is accepted by its content, never by its name or declared
 * type; images are re-encoded on the server (metadata stripped) into a display size and a
 * thumbnail. Media URLs are public and unguessable (a random UUID), so the resident app can load
 * them without a session.
 */
import { z } from 'zod';

/** Largest image accepted by POST /api/media, in bytes (10 MB). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Largest video accepted by POST /api/media, in bytes (100 MB). */
export const MAX_VIDEO_BYTES = 100 * 1024 * 1024;
/** Longest side of an image's display size, in pixels (never enlarged). */
export const DISPLAY_MAX_PX = 1600;
/** Longest side of an image's thumbnail, in pixels. */
export const THUMB_MAX_PX = 320;

/** Image types accepted (detected from the bytes). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/** Video types accepted (detected from the bytes); stored as uploaded. */
export const VIDEO_MIME_TYPES = ['video/mp4', 'video/webm'] as const;
/** For a file input's `accept` (a hint only: the server decides by content). */
export const MEDIA_ACCEPT = [...IMAGE_MIME_TYPES, ...VIDEO_MIME_TYPES].join(',');
export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(',');

export const MEDIA_KINDS = ['image', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

const MEDIA_ID_MSG = 'Not a valid media id.';
/** A media id (UUID) in a body or path; anything else is a 400 naming the field. */
export const ZMediaId = z.uuid({ error: MEDIA_ID_MSG });

/**
 * POST /api/media → 201: the stored file. `url` serves the display file (images re-encoded,
 * at most DISPLAY_MAX_PX on the longer side; videos as uploaded, with ranges); `thumbUrl` the
 * thumbnail (images only, else null). Width and height in pixels (images; null for video).
 */
export const ZMedia = z.object({
  id: z.uuid(),
  url: z.string().describe('Path (or absolute URL) of the display file'),
  thumbUrl: z.string().nullable(),
  kind: z.enum(MEDIA_KINDS),
  mime: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type Media = z.infer<typeof ZMedia>;

/** GET /media/:file path parameter: `<uuid>.<ext>` or `<uuid>-thumb.<ext>`. */
export const ZMediaFileParams = z.object({ file: z.string().max(80) });
