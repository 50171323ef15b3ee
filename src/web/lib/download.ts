/**
 * Downloads a file the server builds (a list's `.xlsx` export, `GET <list>/export`): fetched with
 * the session cookie, saved through a clicked `<a download>` with the server's file name, then the
 * object URL released. Errors come as the app's {@link ApiError} (429 with the server's wait,
 * 400 naming the field) built by the api client, and a 401 ends the session, like every API call.
 */
import { apiErrorOf, buildUrl, readJson } from './api-client';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error';

/** What a download tells about the file: its data rows, and whether the server cut the list (EXPORT_MAX_ROWS). */
export interface Downloaded {
  rows: number;
  truncated: boolean;
}

/** Milliseconds the object URL is kept after the click: the browser has taken the file by then. */
const REVOKE_AFTER_MS = 10_000;

/** The file name of `Content-Disposition: attachment; filename="…"`, or `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

/**
 * Fetches `path` with `query` and saves the answer as a file.
 * @throws ApiError the server's refusal (status, message, field, Retry-After; a 401 has ended the session), or status 0 offline
 */
export async function downloadFile(path: string, query: Record<string, string | number | undefined>): Promise<Downloaded> {
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) throw apiErrorOf(response, await readJson(response));
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition'), 'export.xlsx');
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  return { rows: Number(response.headers.get('x-export-rows') ?? 0), truncated: response.headers.get('x-export-truncated') === '1' };
}
