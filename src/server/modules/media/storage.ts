/**
 * Where uploaded media files live: a folder under DATA_DIR by default, or an
 * S3-compatible bucket when S3_BUCKET is set. Both keep the same small contract
 * (tests/api/media-storage.test.ts runs one suite against each). Keys are built by the media
 * service only, from the society id and our own random UUID (`<societyId>/<uuid><ext>`,
 * `<societyId>/<uuid>-thumb.webp`); {@link assertKey} refuses anything else, so no caller input
 * can reach a path or an object name.
 */
import { randomUUID } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { copyFile, mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Config } from '../../config.js';

/** Bytes `start`..`end` of a file, both inclusive, 0-based (as in an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/** An opened file: `body` streams the asked bytes (all, or the range); sizes in bytes. */
export interface StoredFile {
  body: Readable;
  /** Size of the whole file. */
  size: number;
  /** Bytes `body` yields (the range's length, or `size`). */
  contentLength: number;
}

/** A file on this machine's disk: its path and size in bytes. */
export interface LocalFile {
  path: string;
  size: number;
}

/** The storage contract: idempotent delete, `undefined` for a missing key. */
export interface MediaStorage {
  /**
   * Stores `body` under `key`, replacing nothing visible until complete. `body` is bytes, or a
   * file on disk (`{path, size}`, size in bytes) that is copied by stream, never read whole.
   */
  put(key: string, body: Buffer | LocalFile, contentType: string): Promise<void>;
  /** The file's size in bytes, or undefined when there is no such key. */
  size(key: string): Promise<number | undefined>;
  /** Opens the file (or a range within it, which must lie inside the file); undefined when missing. */
  get(key: string, range?: ByteRange): Promise<StoredFile | undefined>;
  /** Removes the file; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Where files go, for logs ('folder /x/media' or 's3 bucket b'). */
  readonly describe: string;
}

const KEY = /^[1-9]\d{0,9}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:-thumb)?\.[a-z0-9]{2,4}$/;

/** Throws unless `key` is `<societyId>/<uuid>[-thumb].<ext>` (defence in depth: keys are ours). */
export function assertKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`invalid media key ${JSON.stringify(key)}`);
  return key;
}

/**
 * Files under `root` (created on first write). A write goes to a unique temp name in the same
 * folder and is renamed into place, so a reader never sees half a file.
 */
export function folderStorage(root: string): MediaStorage {
  const file = (key: string) => path.join(root, assertKey(key));
  const isMissing = (err: unknown) => (err as { code?: string }).code === 'ENOENT';
  return {
    describe: `folder ${root}`,
    async put(key, body) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomUUID()}.tmp`;
      try {
        if (Buffer.isBuffer(body)) await writeFile(temp, body, { flag: 'wx' });
        else await copyFile(body.path, temp, constants.COPYFILE_EXCL);
        await rename(temp, target);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },
    async size(key) {
      try {
        const handle = await open(file(key), 'r');
        try {
          return (await handle.stat()).size;
        } finally {
          await handle.close();
        }
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    async get(key, range) {
      let handle;
      try {
        handle = await open(file(key), 'r');
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
      try {
        const { size } = await handle.stat();
        const { start, end } = range ?? { start: 0, end: size - 1 };
        if (end < start) {
          await handle.close();
          return { body: Readable.from([]), size, contentLength: 0 };
        }
        // The stream owns the handle from here and closes it when done or destroyed.
        return { body: handle.createReadStream({ start, end, autoClose: true }), size, contentLength: end - start + 1 };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
  };
}

/** S3 settings from the environment (config.ts: S3_*). */
export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/**
 * Objects in an S3-compatible bucket through `@aws-sdk/client-s3`. Checksums are sent and checked
 * only when an operation requires them: the SDK's newer default (CRC32 on every request) is not
 * understood by many self-hosted stores.
 */
export function s3Storage(s: S3Settings): MediaStorage {
  // The SDK is loaded only when a bucket is configured (it is a few MB of code that a server
  // storing media on disk would hold for nothing); every operation awaits the one load.
  const sdk = import('@aws-sdk/client-s3').then((m) => ({
    m,
    client: new m.S3Client({
      region: s.region,
      endpoint: s.endpoint,
      forcePathStyle: s.forcePathStyle,
      credentials: s.accessKeyId && s.secretAccessKey ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } : undefined,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
  }));
  // Handled here too, so a failed load is each operation's error, never an unhandled rejection.
  sdk.catch(() => undefined);
  const Bucket = s.bucket;
  const isMissing = (err: unknown) => {
    const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
    return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
  };
  return {
    describe: `s3 bucket ${s.bucket}`,
    async put(key, body, contentType) {
      assertKey(key);
      // A file goes up as a stream with its length (the SDK then needs no buffering).
      const { m, client } = await sdk;
      const [Body, ContentLength] = Buffer.isBuffer(body) ? [body, body.length] : [createReadStream(body.path), body.size];
      await client.send(new m.PutObjectCommand({ Bucket, Key: key, Body, ContentType: contentType, ContentLength }));
    },
    async size(key) {
      const { m, client } = await sdk;
      try {
        const head = await client.send(new m.HeadObjectCommand({ Bucket, Key: assertKey(key) }));
        return head.ContentLength;
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    async get(key, range) {
      const { m, client } = await sdk;
      try {
        const res = await client.send(new m.GetObjectCommand({ Bucket, Key: assertKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
        const contentLength = res.ContentLength ?? 0;
        // "bytes 2-9/979": the whole size follows the slash.
        const total = res.ContentRange ? Number(res.ContentRange.split('/')[1]) : contentLength;
        return { body: res.Body as Readable, size: total, contentLength };
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    async delete(key) {
      const { m, client } = await sdk;
      await client.send(new m.DeleteObjectCommand({ Bucket, Key: assertKey(key) }));
    },
  };
}

/** The storage the configuration names: S3 when S3_BUCKET is set, else `DATA_DIR/media`. */
export function mediaStorageFor(
  config: Pick<Config, 'DATA_DIR' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'>,
): MediaStorage {
  if (config.S3_BUCKET) {
    return s3Storage({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return folderStorage(path.join(config.DATA_DIR, 'media'));
}
