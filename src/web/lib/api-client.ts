/**
 * Fetch wrapper for the Society Desk API (same origin; the session lives in an httpOnly cookie).
 *
 * Every call sends and receives JSON, throws {@link ApiError} on non-2xx answers and on network
 * failure, and validates the answer with the shared zod schema when one is given. Every write
 * carries an `Idempotency-Key` (shared/idempotency-key.ts), and is sent once more with the same key
 * when the network failed or the server answered 503: the server then replays the first answer
 * rather than doing the write twice. A 401 from any
 * call except sign-in means the server session is gone: the local session is ended (storage
 * cleared, socket closed), 'Please sign in.' (or why: a disabled account) is shown and the protected routes send the user to
 * /Login.
 *
 * This file is part of the initial load (shell, sign-in, alarm center), which carries no zod
 * (ADR 0006, the bundle budget: zod is about 26 kB gzip). So it only names what a validator must
 * do ({@link Validator}, which every shared zod schema is), reads error bodies without a schema,
 * and the shell's own calls that want a check pass `loadSchema`.
 */
import type { ErrorBody } from '../../shared/contracts/common';
import { IDEMPOTENCY_HEADER, isWrite, newIdempotencyKey } from '../../shared/idempotency-key';
import { SHELL_MSG } from '../../shared/shell-messages';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error';
import { getCurrentUser } from './current-user';
import { notifyError } from './notify';
import { endSession } from './session';

type Query = Record<string, string | number | undefined>;

/** What the api client needs of a schema: zod's `safeParse` (every shared zod schema has it). */
export interface Validator<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: { issues: readonly unknown[] } };
}

export interface RequestOptions<T> {
  /** JSON body (POST/PUT, and the DELETE that takes one). */
  body?: unknown;
  /** Query string values; empty strings and undefined are left out. */
  query?: Query;
  /** Validates the 2xx answer (shared contracts). */
  schema?: Validator<T>;
  /** Like `schema`, loaded on first use: for calls made by the initial load, which has no zod. */
  loadSchema?: () => Promise<Validator<T>>;
  signal?: AbortSignal;
  /** False for sign-in, whose 401 means "wrong credentials", not "session gone". */
  endSessionOn401?: boolean;
  /** A write's key, for a caller that retries a write itself (default: a new one per call). */
  idempotencyKey?: string;
}

/** Ms before a write's one retry: the server's Retry-After (at most 5 s), else 1 s. */
function retryDelayMs(response: Response | undefined): number {
  const asked = Number(response?.headers.get('retry-after'));
  return Number.isFinite(asked) && asked > 0 ? Math.min(asked, 5) * 1000 : 1000;
}

/** `path?query`, leaving out empty strings and undefined values; `path` alone when nothing is left. */
export function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * `message` and `field` of an error body (shared ErrorBody); null when the body is not one. Read
 * without zod so that a failure (an alarm's acknowledgement, say) never waits for a lazy chunk.
 */
export function readErrorBody(data: unknown): Pick<ErrorBody, 'message' | 'field'> | null {
  if (typeof data !== 'object' || data === null) return null;
  const { message, field } = data as Record<string, unknown>;
  if (typeof message !== 'string') return null;
  return { message, field: typeof field === 'string' ? field : undefined };
}

/** The parsed JSON body of `response`; undefined when it is empty or not JSON. */
export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * What the toast says when a 401 ends the session: why, when the server says a reason the member
 * can act on (SHELL_MSG.accountDisabled), else SHELL_MSG.notSignedIn.
 */
export function sessionEndedMessage(serverMessage: string | undefined): string {
  return serverMessage === SHELL_MSG.accountDisabled ? serverMessage : SHELL_MSG.notSignedIn;
}

/**
 * The {@link ApiError} of a non-2xx answer whose body was read as `data`: the error body's
 * message and field (else 'status statusText'), and `Retry-After` in seconds when positive. A 401
 * ends the session first (the toast {@link sessionEndedMessage} once, top-left where the login
 * page's theme toggle (top-right) stays free, storage cleared, socket closed)
 * unless `endSessionOn401` is false (sign-in, whose 401 means wrong credentials). Every call that
 * talks to the API without {@link apiRequest} (file downloads) turns its failures into errors here.
 */
export function apiErrorOf(response: Response, data: unknown, endSessionOn401 = true): ApiError {
  const parsed = readErrorBody(data);
  if (response.status === 401 && endSessionOn401) {
    // Say why once (the first 401 clears the user, so parallel calls stay quiet).
    if (getCurrentUser()) notifyError(sessionEndedMessage(parsed?.message), 'top-left');
    endSession();
  }
  const message = parsed ? parsed.message : `${response.status} ${response.statusText}`.trim();
  const retryAfter = Number(response.headers.get('retry-after'));
  return new ApiError(response.status, message, parsed?.field, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined);
}

/** Sends one request; resolves to the parsed body (undefined for 204). */
export async function apiRequest<T = unknown>(method: string, path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { body, query, signal, endSessionOn401 = true } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const write = isWrite(method);
  if (write) headers[IDEMPOTENCY_HEADER] = options.idempotencyKey ?? newIdempotencyKey();
  let response: Response | undefined;
  // A write is sent at most twice, both times with its key; a read once.
  for (let attempt = 0; ; attempt++) {
    try {
      response = await fetch(buildUrl(path, query), {
        method,
        credentials: 'same-origin',
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      response = undefined;
    }
    if (!write || attempt > 0 || (response && response.status !== 503)) break;
    await new Promise((resolve) => setTimeout(resolve, retryDelayMs(response)));
    if (signal?.aborted) break;
  }
  if (!response) throw new ApiError(0, NETWORK_ERROR_MESSAGE);

  const data = await readJson(response);
  if (!response.ok) throw apiErrorOf(response, data, endSessionOn401);
  const schema = options.schema ?? (await options.loadSchema?.());
  if (!schema) return data as T;
  const result = schema.safeParse(data);
  if (!result.success) {
    // A contract mismatch between browser and server: log the detail, show a plain message.
    console.error(`Unexpected answer from ${method} ${path}`, result.error.issues);
    throw new ApiError(response.status, 'The server sent an unexpected answer. Please reload the page.');
  }
  return result.data;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions<T>, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) => apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) => apiRequest<T>('PUT', path, { ...options, body }),
  /** A DELETE; a body only where the route takes one (turning two-factor off asks for the password). */
  delete: <T>(path: string, options?: RequestOptions<T>) => apiRequest<T>('DELETE', path, options),
};
