/**
 * The resident API client: same-origin JSON over fetch with the resident's bearer token
 * (lib/session.ts). Throws {@link ApiError} on a non-2xx answer (the server's `message` and the
 * `field` it names, so a form shows it under that field) and on network failure (status 0).
 * A 401 on any call but sign-in ends the session: the token was revoked or is unknown.
 * Every write carries an `Idempotency-Key` (shared/idempotency-key.ts) and is sent once more with
 * the same key when the network failed or the server answered 503: on a bad connection the
 * request, order or SOS press reaches the desk once (the server replays the first answer).
 *
 * Answers are typed by the shared contracts (type imports only: no zod in the bundle; the server
 * validates everything it is sent and everything it answers).
 */
import { IDEMPOTENCY_HEADER, isWrite, newIdempotencyKey } from '../../shared/idempotency-key';
import { t } from '../i18n/catalogue';
import { endSession, getSession } from './session';

/** An API failure: HTTP status (0 when the server could not be reached), message, field at fault. */
export class ApiError extends Error {
  readonly status: number;
  readonly field: string | undefined;
  constructor(status: number, message: string, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.field = field;
  }
}

/** The text to show for any thrown value. */
export function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : t.genericError;
}

type Query = Record<string, string | number | undefined>;

function url(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** Ms a write waits before its one retry. */
export const WRITE_RETRY_MS = 1_000;

/**
 * One request; resolves to the parsed JSON body (undefined for 204). `anonymous`: sign-in and
 * registration. `idempotencyKey`: a write's key (default a new one per call).
 */
export async function request<T>(
  method: string,
  path: string,
  options: { body?: unknown; query?: Query; anonymous?: boolean; signal?: AbortSignal; idempotencyKey?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const session = getSession();
  if (session && !options.anonymous) headers.authorization = `Bearer ${session.token}`;
  const write = isWrite(method);
  if (write) headers[IDEMPOTENCY_HEADER] = options.idempotencyKey ?? newIdempotencyKey();
  let response: Response | undefined;
  // A write is sent at most twice, both times with its key; a read once (its query retries).
  for (let attempt = 0; ; attempt++) {
    try {
      response = await fetch(url(path, options.query), {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
        credentials: 'omit',
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      response = undefined;
    }
    if (!write || attempt > 0 || (response && response.status !== 503)) break;
    await new Promise((resolve) => setTimeout(resolve, WRITE_RETRY_MS));
  }
  if (!response) throw new ApiError(0, t.networkError);
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    if (response.status === 401 && !options.anonymous) endSession();
    const body = (typeof data === 'object' && data !== null ? data : {}) as { message?: unknown; field?: unknown };
    throw new ApiError(
      response.status,
      // No message of the server's (a proxy's error page): a plain sentence, not the HTTP status.
      typeof body.message === 'string' ? body.message : t.genericError,
      typeof body.field === 'string' ? body.field : undefined,
    );
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  delete: <T>(path: string) => request<T>('DELETE', path),
};
