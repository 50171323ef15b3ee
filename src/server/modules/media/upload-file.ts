/**
 * Receiving `POST /api/media`'s file: streamed from the request to a temporary file, never held
 * in memory (six parallel 99 MB videos once grew the server by 700 MB that it never gave back).
 * The temp file lives under DATA_DIR (a disk; /tmp may be RAM) and belongs to the caller, who
 * must delete it ({@link withUploadedFile} does).
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { MSG } from '../../../shared/messages.js';
import { AppError, BadRequestError, PayloadTooLargeError } from '../../lib/errors.js';

/** An upload on disk: its temp path and size in bytes. */
export interface UploadedFile {
  path: string;
  size: number;
}

/** Where uploads are written while they arrive: `<DATA_DIR>/upload-tmp`. */
export function uploadTempDir(dataDir: string): string {
  return path.join(dataDir, 'upload-tmp');
}

/**
 * Deletes the temp files in `dir` last written more than `olderThanMs` ago: uploads cut off by a
 * crash or a kill, which no `finally` deleted. Instances on one machine share DATA_DIR, so
 * `olderThanMs` must exceed the longest an upload may take (UPLOAD_TIMEOUT_MS): a file still being
 * written is never that old. A missing folder is nothing to sweep; a file that cannot be removed is
 * left for the next sweep.
 * @param now the current time, epoch ms (the app's clock)
 * @returns how many files were deleted
 */
export async function sweepStaleUploads(dir: string, olderThanMs: number, now: number): Promise<number> {
  const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  let deleted = 0;
  for (const name of names) {
    if (!name.endsWith('.part')) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (!info || now - info.mtimeMs <= olderThanMs) continue;
    if (
      await rm(file, { force: true }).then(
        () => true,
        () => false,
      )
    )
      deleted++;
  }
  return deleted;
}

/**
 * Streams the one file of the multipart request (field `file`) to a new file in `dir`.
 * On any failure (too large, malformed, the client going away mid-upload) the temp file is
 * deleted before the error is thrown.
 * @param maxBytes largest file accepted (the largest kind; the service applies per-kind limits)
 * @throws BadRequestError (400, field `file`) not multipart, no file, an empty or broken upload
 * @throws PayloadTooLargeError (413, MSG.mediaVideoTooLarge) a file over `maxBytes`
 */
export async function receiveFile(req: FastifyRequest, dir: string, maxBytes: number): Promise<UploadedFile> {
  if (!req.isMultipart()) throw new BadRequestError(MSG.mediaNoFile, 'file');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  let file: UploadedFile | undefined;
  const written: string[] = [];
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 4, fieldSize: 1000, parts: 5 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      const target = path.join(dir, `${randomUUID()}.part`);
      written.push(target);
      await pipeline(part.file, createWriteStream(target, { flags: 'wx', mode: 0o600 }));
      if (part.file.truncated) throw new PayloadTooLargeError(MSG.mediaVideoTooLarge, 'file');
      file = { path: target, size: (await stat(target)).size };
    }
    if (!file || file.size === 0) throw new BadRequestError(MSG.mediaNoFile, 'file');
    return file;
  } catch (err) {
    await Promise.all(written.map((p) => rm(p, { force: true })));
    if (err instanceof AppError) throw err;
    if ((err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeError(MSG.mediaVideoTooLarge, 'file');
    throw new BadRequestError(MSG.mediaNoFile, 'file');
  }
}

/** Runs `use` on the received file and deletes the temp file afterwards, whatever happens. */
export async function withUploadedFile<T>(req: FastifyRequest, dir: string, maxBytes: number, use: (file: UploadedFile) => Promise<T>): Promise<T> {
  const file = await receiveFile(req, dir, maxBytes);
  try {
    return await use(file);
  } finally {
    await rm(file.path, { force: true });
  }
}
