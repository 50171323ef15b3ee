import { randomUUID } from 'node:crypto';
import { fileTypeFromFile } from 'file-type';
import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES, MAX_VIDEO_BYTES, VIDEO_MIME_TYPES, type Media } from '../../../shared/contracts/media.js';
import { MSG } from '../../../shared/messages.js';
import type { Db } from '../../db/client.js';
import { inSociety } from '../../db/society-scope.js';
import type { Clock } from '../../lib/clock.js';
import { PayloadTooLargeError, UnsupportedMediaError } from '../../lib/errors.js';
import { NO_LIMIT, type Limit } from '../../lib/rate-limit/limit.js';
import type { JobLog } from '../../lib/interval-job.js';
import type { StaffContext } from '../../lib/caller-context.js';
import { processImage, type ImageMime } from './images.js';
import { parseRange } from './range.js';
import { extensionOf, mediaRepo, toMediaDto } from './repo.js';
import type { MediaStorage, StoredFile } from './storage.js';
import type { UploadedFile } from '../../lib/upload-file.js';

/** The media module's surface for other modules: media ids in posts, the logo's URLs. */
export { attachMedia, mediaByIds, releaseMedia, resolveFreeMedia, resolveMedia } from './refs.js';
export { mediaPaths, toMediaDto } from './repo.js';

export interface MediaDeps {
  /** The owner connection: uploads scope themselves with `inSociety`; serving and cleanup span societies. */
  db: Db;
  storage: MediaStorage;
  clock: Clock;
  /** Hours an upload may stay unattached before the cleanup deletes it (MEDIA_ORPHAN_HOURS). */
  orphanHours: number;
  log?: JobLog & { info(obj: object, msg: string): void };
  /** Test-only overrides of the contract's limits (bytes). */
  maxImageBytes?: number;
  maxVideoBytes?: number;
  /** Rows the cleanup handles per batch (default 100). */
  batchSize?: number;
  /** Uploaded bytes per staff member (subject: staff id; cost: the file's size): MEDIA_MAX_BYTES_PER_DAY. Default: none. */
  uploadBytes?: Limit;
}

/** A served file: 200 (whole) or 206 (one range); `etag` is strong (stored files never change). */
export type OpenedMedia =
  | { status: 200 | 206; file: StoredFile; contentType: string; etag: string; start: number; end: number }
  | { status: 304; etag: string }
  | { status: 416; size: number };

/** What one cleanup run did. */
export interface CollectCounts {
  /** Unattached uploads older than the orphan window, marked deleted in this run. */
  orphaned: number;
  /** Media (orphaned or released) whose files and rows were deleted. */
  removed: number;
}

const IMAGE_TYPES = new Set<string>([...IMAGE_MIME_TYPES, 'image/apng']);
const VIDEO_TYPES = new Set<string>(VIDEO_MIME_TYPES);
/** `<uuid><ext>` or `<uuid>-thumb.webp`: the only names GET /media/:file answers. */
const FILE_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(-thumb\.webp|\.[a-z0-9]{2,4})$/;
const HOUR_MS = 3_600_000;

/**
 * Uploaded media:
 * - `upload(staff, file)` → {@link Media}: `file` is the upload on disk (`{path, size}`, a temp
 *   file the caller deletes; lib/upload-file.ts), never a buffer. The type is detected from the
 *   content (file-type reads the file's head), never from a name or a declared type.
 *   JPEG/PNG/WebP/GIF up to MAX_IMAGE_BYTES are re-encoded from the file (images.ts: display
 *   size and WebP thumbnail, metadata stripped); MP4/WebM up to MAX_VIDEO_BYTES are copied into
 *   storage as uploaded, by stream. The files are written first, then the row (inside the
 *   staff member's `inSociety`); a failed insert deletes the files again.
 *   @throws UnsupportedMediaError (415, MSG.mediaUnsupported) any other content, or a corrupt image
 *   @throws PayloadTooLargeError (413, MSG.mediaImageTooLarge / MSG.mediaVideoTooLarge)
 *   @throws TooManyRequestsError (429, MSG.uploadBytesTooMany) the file would take the staff
 *   member past the day's bytes (counted first, before any processing; a refused file is not kept)
 * - `open(file, {range, ifNoneMatch})` serves a public file name (`<uuid><ext>`,
 *   `<uuid>-thumb.webp`): undefined (404) for any other name, an unknown or deleted media;
 *   304 when the ETag matches; 206 / 416 for a Range header (range.ts).
 * - `collect()`: the cleanup job. Marks uploads never attached within `orphanHours` (by `clock`)
 *   deleted, then for every media marked deleted (orphans and released ones) deletes its files,
 *   then its row. A storage error stops the run (logged by the job); the next run retries.
 */
export function mediaService(deps: MediaDeps) {
  const { db, storage, clock } = deps;
  const maxImage = deps.maxImageBytes ?? MAX_IMAGE_BYTES;
  const maxVideo = deps.maxVideoBytes ?? MAX_VIDEO_BYTES;
  const batchSize = deps.batchSize ?? 100;
  const uploadBytes = deps.uploadBytes ?? NO_LIMIT;

  async function removeFiles(keys: readonly (string | null)[]): Promise<void> {
    for (const key of keys) if (key) await storage.delete(key);
  }

  /** Stores the files, then the row; the files go again if the row cannot be written. */
  async function store(
    staff: StaffContext,
    row: { id: string; kind: 'image' | 'video'; mime: string; width: number | null; height: number | null },
    display: Buffer | UploadedFile,
    thumb?: Buffer,
  ) {
    const storageKey = `${staff.societyId}/${row.id}${extensionOf(row.mime)}`;
    const thumbKey = thumb ? `${staff.societyId}/${row.id}-thumb.webp` : null;
    try {
      await storage.put(storageKey, display, row.mime);
      if (thumbKey && thumb) await storage.put(thumbKey, thumb, 'image/webp');
      return await inSociety(db, staff.societyId, (tx) =>
        mediaRepo(tx).insert({
          ...row,
          societyId: staff.societyId,
          bytes: Buffer.isBuffer(display) ? display.length : display.size,
          storageKey,
          thumbKey,
          createdBy: staff.id,
          createdAt: clock.now(),
        }),
      );
    } catch (err) {
      await removeFiles([storageKey, thumbKey]).catch(() => undefined);
      throw err;
    }
  }

  return {
    async upload(staff: StaffContext, file: UploadedFile): Promise<Media> {
      await uploadBytes.take(staff.id, file.size);
      const detected = (await fileTypeFromFile(file.path))?.mime as string | undefined;
      const id = randomUUID();
      if (detected && IMAGE_TYPES.has(detected)) {
        if (file.size > maxImage) throw new PayloadTooLargeError(MSG.mediaImageTooLarge, 'file');
        const img = await processImage(file.path, detected as ImageMime);
        return toMediaDto(await store(staff, { id, kind: 'image', mime: img.mime, width: img.width, height: img.height }, img.display, img.thumb));
      }
      if (detected && VIDEO_TYPES.has(detected)) {
        if (file.size > maxVideo) throw new PayloadTooLargeError(MSG.mediaVideoTooLarge, 'file');
        return toMediaDto(await store(staff, { id, kind: 'video', mime: detected, width: null, height: null }, file));
      }
      throw new UnsupportedMediaError(MSG.mediaUnsupported, 'file');
    },

    async open(file: string, req: { range?: string; ifNoneMatch?: string } = {}): Promise<OpenedMedia | undefined> {
      const m = FILE_NAME.exec(file);
      if (!m) return undefined;
      const [, id = '', suffix = ''] = m;
      const row = await mediaRepo(db).byId(id);
      if (!row || row.deletedAt) return undefined;
      const thumb = suffix === '-thumb.webp';
      if (thumb ? !row.thumbKey : suffix !== extensionOf(row.mime)) return undefined;
      const key = thumb ? row.thumbKey! : row.storageKey;
      const etag = `"${id}${thumb ? '-thumb' : ''}"`;
      if (req.ifNoneMatch && req.ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag || t.trim() === '*')) return { status: 304, etag };
      const contentType = thumb ? 'image/webp' : row.mime;
      if (!req.range) {
        const whole = await storage.get(key);
        return whole && { status: 200, file: whole, contentType, etag, start: 0, end: whole.size - 1 };
      }
      const size = await storage.size(key);
      if (size === undefined) return undefined;
      const answer = parseRange(req.range, size);
      if (answer.kind === 'unsatisfiable') return { status: 416, size };
      const range = answer.kind === 'partial' ? { start: answer.start, end: answer.end } : undefined;
      const opened = await storage.get(key, range);
      return opened && { status: range ? 206 : 200, file: opened, contentType, etag, start: range?.start ?? 0, end: range?.end ?? opened.size - 1 };
    },

    async collect(): Promise<CollectCounts> {
      const now = clock.now();
      const repo = mediaRepo(db);
      const orphaned = await repo.releaseOrphans(new Date(now.getTime() - deps.orphanHours * HOUR_MS), now);
      let removed = 0;
      for (;;) {
        // One transaction per batch claims its rows (FOR UPDATE SKIP LOCKED): with several
        // instances each deleted media is removed by one of them (jobs run once).
        const count = await db.transaction(async (tx) => {
          const batch = await mediaRepo(tx).deletedBatch(batchSize);
          for (const row of batch) {
            await removeFiles([row.storageKey, row.thumbKey]);
            await mediaRepo(tx).removeDeleted(row.id);
          }
          return batch.length;
        });
        removed += count;
        if (count < batchSize) break;
      }
      if (orphaned + removed > 0) deps.log?.info({ orphaned, removed }, 'media cleaned up');
      return { orphaned, removed };
    },
  };
}
/** The media service, for modules that take it (posts use refs.ts for ids inside their transactions). */
export type MediaService = ReturnType<typeof mediaService>;
