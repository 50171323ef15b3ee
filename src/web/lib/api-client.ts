/**
 * Fetch wrapper for the Society Desk API (same origin; the session lives in an httpOnly cookie).
 *
 * Every call sends and receives JSON, throws {@link ApiError} on non-2xx answers and on network
 * failure, and validates the answer with the shared zod schema when one is given. A 401 from any
 * call except sign-in means the server session is gone: the local session is ended (storage
 * cleared, socket closed), 'Please sign in.' is shown and the protected routes send the user to
 * /Login.
 */
import type { z } from 'zod';
import { ZErrorBody } from '../../shared/contracts/common';
import { MSG } from '../../shared/messages';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error';
import { getCurrentUser } from './current-user';
import { notifyError } from './notify';
import { endSession } from './session';

type Query = Record<string, string | number | undefined>;

export interface RequestOptions<T> {
  /** JSON body (POST/PUT). */
  body?: unknown;
  /** Query string values; empty strings and undefined are left out. */
  query?: Query;
  /** Validates the 2xx answer (shared contracts). */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /** False for sign-in, whose 401 means "wrong credentials", not "session gone". */
  endSessionOn401?: boolean;
}

function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Sends one request; resolves to the parsed body (undefined for 204). */
export async function apiRequest<T = unknown>(method: string, path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { body, query, schema, signal, endSessionOn401 = true } = options;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  const data = await readJson(response);
  if (!response.ok) {
    const parsed = ZErrorBody.safeParse(data);
    const message = parsed.success ? parsed.data.message : `${response.status} ${response.statusText}`.trim();
    if (response.status === 401 && endSessionOn401) {
      // Say why once (the first 401 clears the user, so parallel calls stay quiet).
      if (getCurrentUser()) notifyError(MSG.notSignedIn);
      endSession();
    }
    throw new ApiError(response.status, message, parsed.success ? parsed.data.field : undefined);
  }
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
};
