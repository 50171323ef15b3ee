import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorBody } from '../../../shared/contracts/common.js';
import { MAX_VIDEO_BYTES, ZMedia, ZMediaFileParams } from '../../../shared/contracts/media.js';
import type { Module } from '../../../shared/subroles.js';
import { BadRequestError, NotFoundError, PayloadTooLargeError } from '../../lib/errors.js';
import type { Limit } from '../../lib/rate-limit/limit.js';
import { staffOf, staffScope } from '../../plugins/auth.js';
import type { AuthService } from '../auth/service.js';
import type { MediaService } from './service.js';
import { sweepStaleUploads, withUploadedFile, type UploadRules } from '../../lib/upload-file.js';
import { MSG } from '../../../shared/messages.js';
import { routeDocs } from '../../lib/route-docs.js';

interface Opts {
  auth: AuthService;
  media: MediaService;
  /** Longest time (ms) an upload may take, its body included (REQUEST_TIMEOUT_MS is too short for a video). */
  uploadTimeoutMs: number;
  /** Uploads per staff member (subject: staff id), counted before the body is read: MEDIA_MAX_UPLOADS_PER_MINUTE. */
  uploads: Limit;
  /** Folder for uploads while they arrive (lib/upload-file.ts, uploadTempDir(DATA_DIR)); shared with the bill import. */
  uploadDir: string;
  /** Epoch ms now (the app's clock): what counts as a stale temp file at start-up. */
  now?: () => number;
}

/** Staff of any content screen may upload: feed, discounts, plots, announcements, logo. */
export const MEDIA_UPLOAD_MODULES: readonly Module[] = ['feed', 'discounts', 'plots', 'announcements', 'logo'];

/** Stored files never change under a URL: browsers and proxies may keep them for a year. */
const CACHE_FOREVER = 'public, max-age=31536000, immutable';

const docs = routeDocs('media');

/**
 * Media: `POST /api/media` for staff of a content screen, and the public
 * `GET /media/:file` (no session: the resident app loads media by URL; the UUID in the name is
 * unguessable), which streams the file with its type, a year-long immutable cache, a strong ETag
 * (304 on If-None-Match) and byte ranges (206, 416) for video players.
 */
export const mediaRoutes: FastifyPluginAsyncZod<Opts> = async (root, { auth, media, uploads, uploadDir, uploadTimeoutMs, now = Date.now }) => {
  // Temp files a crash left behind are deleted once the instance is up (not awaited: start-up
  // does not wait on a disk walk). Twice the upload time limit: never a file still arriving on
  // another instance sharing DATA_DIR. The folder is every upload's, the bill import's included.
  root.addHook('onReady', async () => {
    void sweepStaleUploads(uploadDir, 2 * uploadTimeoutMs, now()).then(
      (n) => n > 0 && root.log.warn({ deleted: n, dir: uploadDir }, 'deleted upload temp files left by an earlier run'),
      (err: unknown) => root.log.warn({ err, dir: uploadDir }, 'could not sweep upload temp files'),
    );
  });
  // The largest kind's limit; the service applies per-kind limits once the type is known.
  const rules: UploadRules = {
    dir: uploadDir,
    maxBytes: MAX_VIDEO_BYTES,
    noFile: () => new BadRequestError(MSG.mediaNoFile, 'file'),
    tooLarge: () => new PayloadTooLargeError(MSG.mediaVideoTooLarge, 'file'),
  };
  await staffScope(root, auth, MEDIA_UPLOAD_MODULES, async (app) => {
    // Only this plugin takes multipart bodies.
    await app.register(fastifyMultipart, { limits: { fileSize: MAX_VIDEO_BYTES, files: 1 } });

    app.post('/api/media', {
      handlerTimeout: uploadTimeoutMs,
      schema: docs(
        'Upload one image (JPEG, PNG, WebP, GIF ≤ 10 MB: re-encoded, metadata stripped, with a thumbnail) or video (MP4, WebM ≤ 100 MB), multipart field `file`; the type is read from the content (415 otherwise); 429 beyond MEDIA_MAX_UPLOADS_PER_MINUTE or MEDIA_MAX_BYTES_PER_DAY',
        { consumes: ['multipart/form-data'] },
        { 201: ZMedia, 413: ZErrorBody, 415: ZErrorBody, 429: ZErrorBody },
      ),
      // Counted before a byte of the body is read; the day's bytes are counted by the service once the size is known.
      preHandler: async (req) => uploads.take(staffOf(req).id),
      // The file is streamed to a temp file (deleted afterwards), never buffered in memory.
      handler: async (req, reply) => reply.code(201).send(await withUploadedFile(req, rules, (file) => media.upload(staffOf(req), file))),
    });
  });

  // GET and HEAD share one handler; Fastify's automatic HEAD route would read a whole video to discard it.
  root.route({
    method: ['GET', 'HEAD'],
    url: '/media/:file',
    schema: {
      tags: ['media'],
      summary:
        'A stored file by its public name (`<id><ext>` or `<id>-thumb.webp`), no session needed; Range → 206, unsatisfiable → 416; 404 for anything else or deleted media',
      params: ZMediaFileParams,
    },
    handler: async (req, reply) => {
      const opened = await media.open(req.params.file, { range: req.headers.range, ifNoneMatch: req.headers['if-none-match'] });
      if (!opened) throw new NotFoundError();
      // The resident app (any origin) may embed the file; helmet's default would allow same-origin only.
      reply.header('cross-origin-resource-policy', 'cross-origin').header('accept-ranges', 'bytes');
      if (opened.status === 416) {
        return reply
          .code(416)
          .header('content-range', `bytes */${opened.size}`)
          .send({ statusCode: 416, error: 'Range Not Satisfiable', message: 'The requested range is outside the file.' });
      }
      reply.header('etag', opened.etag).header('cache-control', CACHE_FOREVER);
      if (opened.status === 304) return reply.code(304).send();
      const { file } = opened;
      reply.code(opened.status).type(opened.contentType).header('content-length', String(file.contentLength));
      if (opened.status === 206) reply.header('content-range', `bytes ${opened.start}-${opened.end}/${file.size}`);
      if (req.method === 'HEAD') {
        file.body.destroy();
        return reply.send();
      }
      return reply.send(file.body);
    },
  });
};
