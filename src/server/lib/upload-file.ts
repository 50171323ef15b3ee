/**
 * Receiving a multipart upload's file (`POST /api/media`, `POST /api/bills/import`): streamed from
 * the request to a temporary file, never held in memory (six parallel 99 MB videos once grew the
 * server by 700 MB that it never gave back; MB-sized import Buffers cost the request thread a major
 * GC per import). The temp file lives under DATA_DIR (a disk; /tmp may be RAM) and belongs to the
 * caller, who must delete it ({@link withUploadedFile} does). One folder for every upload, so the
 * start-up sweep ({@link sweepStaleUploads}, run by the media module) covers them all.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/** An upload on disk: its temp path and size in bytes. */
export interface UploadedFile {
  path: string;
  size: number;
}

/** An upload on disk with the text fields the route asked for ({@link UploadRules.fields}), by name. */
export interface ReceivedUpload extends UploadedFile {
  fields: Partial<Record<string, string>>;
}

/** What one route accepts: where the file goes, how large it may be, and its own refusals. */
export interface UploadRules {
  /** Folder of the temp file ({@link uploadTempDir}). */
  dir: string;
  /** Largest file accepted, in bytes. */
  maxBytes: number;
  /** The error for a request that is not multipart, has no file `file`, or an empty or broken one. */
  noFile(): AppError;
  /** The error for a file over `maxBytes`. */
  tooLarge(): AppError;
  /** Names of the text fields to keep (each at most 1,000 characters); others are ignored. */
  fields?: readonly string[];
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
 * Streams the one file of the multipart request (field `file`) to a new file in `rules.dir`, and
 * keeps the text fields named in `rules.fields`, wherever they come in the body. On any failure
 * (too large, malformed, the client going away mid-upload) the temp file is deleted before the
 * error is thrown.
 * @throws `rules.noFile()` not multipart, no file, an empty or broken upload
 * @throws `rules.tooLarge()` a file over `rules.maxBytes`
 */
export async function receiveFile(req: FastifyRequest, rules: UploadRules): Promise<ReceivedUpload> {
  if (!req.isMultipart()) throw rules.noFile();
  await mkdir(rules.dir, { recursive: true, mode: 0o700 });
  let file: UploadedFile | undefined;
  const fields: Partial<Record<string, string>> = {};
  const written: string[] = [];
  try {
    for await (const part of req.parts({ limits: { fileSize: rules.maxBytes, files: 1, fields: 4, fieldSize: 1000, parts: 5 } })) {
      if (part.type !== 'file') {
        if (rules.fields?.includes(part.fieldname) && typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      const target = path.join(rules.dir, `${randomUUID()}.part`);
      written.push(target);
      await pipeline(part.file, createWriteStream(target, { flags: 'wx', mode: 0o600 }));
      if (part.file.truncated) throw rules.tooLarge();
      file = { path: target, size: (await stat(target)).size };
    }
    if (!file || file.size === 0) throw rules.noFile();
    return { ...file, fields };
  } catch (err) {
    await Promise.all(written.map((p) => rm(p, { force: true })));
    if (err instanceof AppError) throw err;
    if ((err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw rules.tooLarge();
    throw rules.noFile();
  }
}

/**
 * Runs `use` on the received file and deletes the temp file afterwards, whatever happens: an
 * answer, a refusal, a time limit (the handler still runs to its end) or a client gone.
 * @throws as {@link receiveFile}, and whatever `use` throws
 */
export async function withUploadedFile<T>(req: FastifyRequest, rules: UploadRules, use: (file: ReceivedUpload) => Promise<T>): Promise<T> {
  const file = await receiveFile(req, rules);
  try {
    return await use(file);
  } finally {
    await rm(file.path, { force: true });
  }
}
