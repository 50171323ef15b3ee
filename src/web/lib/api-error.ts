/**
 * The one error type every API call throws (kept apart from the client so the query client can
 * check it without importing the session plumbing).
 *
 * - `status`: HTTP status, or 0 when the server could not be reached.
 * - `message`: user-facing text from the server's error body (`{statusCode, error, message, field?}`).
 * - `field`: the input at fault, when the server names one (400s).
 * - `retryAfterS`: the server's `Retry-After` in seconds, when it sent one (busy, rate-limited).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly field: string | undefined;
  /** Seconds the server asked to wait before trying again (`Retry-After` of a 503 or 429). */
  readonly retryAfterS: number | undefined;

  constructor(status: number, message: string, field?: string, retryAfterS?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.field = field;
    this.retryAfterS = retryAfterS;
  }
}

/** Shown when fetch itself fails (server down, network gone). */
export const NETWORK_ERROR_MESSAGE = 'Cannot reach the server. Please check your connection and try again.';

/** The text to show a user for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'Something went wrong. Please try again.';
}
