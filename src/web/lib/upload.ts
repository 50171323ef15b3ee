/**
 * Multipart uploads with progress (XMLHttpRequest: fetch reports no upload progress). Used by the
 * spreadsheet import and media uploads.
 *
 * `uploadForm(path, form, schema, onProgress)` POSTs `form` with an `Idempotency-Key`; `onProgress` gets 0–100 as the bytes go
 * out. Resolves to the 2xx answer validated by `schema`; rejects with {@link ApiError} carrying the
 * server's message and field (a 401 ends the session like every other call), status 0 on network
 * failure, or status 0 with 'Upload cancelled.' when `signal` aborts it.
 */
import type { z } from 'zod';
import { ZErrorBody } from '../../shared/contracts/common';
import { ZMedia, type Media } from '../../shared/contracts/media';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../shared/idempotency-key';
import { MSG } from '../../shared/messages';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error';
import { endSession } from './session';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * `idempotencyKey`: the upload's `Idempotency-Key` (default a new one); a caller that sends the
 * same form again passes the first one's, and the server answers with the first upload's result.
 */
export function uploadForm<T>(
  path: string,
  form: FormData,
  schema: z.ZodType<T>,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
  idempotencyKey: string = newIdempotencyKey(),
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader(IDEMPOTENCY_HEADER, idempotencyKey);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE));
    xhr.onabort = () => reject(new ApiError(0, 'Upload cancelled.'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.onload = () => {
      const data = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = schema.safeParse(data);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiError(xhr.status, 'The server sent an unexpected answer. Please reload the page.'));
        return;
      }
      const error = ZErrorBody.safeParse(data);
      if (xhr.status === 401) endSession();
      const message = error.success ? error.data.message : xhr.status === 401 ? MSG.notSignedIn : `${xhr.status} ${xhr.statusText}`.trim();
      reject(new ApiError(xhr.status, message, error.success ? error.data.field : undefined));
    };
    xhr.send(form);
  });
}

/**
 * POST /api/media (multipart, field `file`) with upload progress → the stored media
 * `{id, url, thumbUrl, kind, mime, width, height}`. The server decides by the
 * file's content: 415 with MSG.mediaUnsupported for anything but JPEG/PNG/WebP/GIF (≤ 10 MB) or
 * MP4/WebM (≤ 100 MB); the thrown ApiError carries its message.
 */
export function uploadMedia(file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<Media> {
  const form = new FormData();
  form.append('file', file);
  return uploadForm('/api/media', form, ZMedia, onProgress, signal);
}
