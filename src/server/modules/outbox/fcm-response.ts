import type { PushOutcome } from './push-contract.js';

/** FCM's error body: `{error: {code, message, status, details: [{errorCode?, fieldViolations?}]}}`. */
interface FcmErrorBody {
  error?: {
    message?: unknown;
    status?: unknown;
    details?: { errorCode?: unknown; fieldViolations?: { field?: unknown }[] }[];
  };
}

/**
 * Milliseconds a Retry-After header asks to wait: delay-seconds ("120") or an HTTP date, counted
 * from `now`. @returns undefined when the header is absent or neither; 0 for a date already past.
 */
export function parseRetryAfter(header: string | null, now: Date): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP date starts with the day's name ("Sun, 06 Nov 1994 08:49:37 GMT"); Date.parse alone
  // would also take "-5" as a year.
  const at = /^[A-Za-z]{3}/.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(at)) return undefined;
  return Math.max(at - now.getTime(), 0);
}

/** The FCM error code (`UNREGISTERED`, `INVALID_ARGUMENT`, …) from the body's details, if any. */
function errorCode(body: FcmErrorBody): string | undefined {
  for (const d of body.error?.details ?? []) if (typeof d.errorCode === 'string') return d.errorCode;
  return undefined;
}

/** A 400 INVALID_ARGUMENT that blames the registration token rather than the message. */
function blamesToken(body: FcmErrorBody): boolean {
  const onToken = (body.error?.details ?? []).some((d) => (d.fieldViolations ?? []).some((v) => v.field === 'message.token'));
  const message = typeof body.error?.message === 'string' ? body.error.message : '';
  return onToken || /registration token/i.test(message);
}

/**
 * Turns FCM HTTP v1's answer to `messages:send` into an outcome (FCM's documented error
 * codes): 2xx sent; 404 UNREGISTERED, and 400 INVALID_ARGUMENT about the token, unregistered (the
 * token is cleared); 429 and 5xx retry, honouring Retry-After; 401 retry with a new access token
 * (the caller drops its cached one); any other answer (a message FCM refuses, SENDER_ID_MISMATCH,
 * a wrong project) is rejected and not retried, since sending it again cannot help.
 */
export function fcmOutcome(status: number, body: unknown, retryAfter: string | null, now: Date): PushOutcome {
  if (status >= 200 && status < 300) return { status: 'sent' };
  const err = (typeof body === 'object' && body !== null ? body : {}) as FcmErrorBody;
  const code = errorCode(err) ?? (typeof err.error?.status === 'string' ? err.error.status : undefined);
  const error = `FCM ${status}${code ? ` ${code}` : ''}${typeof err.error?.message === 'string' ? `: ${err.error.message}` : ''}`;
  if (status === 404 && code === 'UNREGISTERED') return { status: 'unregistered', error };
  if (status === 400 && code === 'INVALID_ARGUMENT' && blamesToken(err)) return { status: 'unregistered', error };
  if (status === 429 || status >= 500) {
    const retryAfterMs = parseRetryAfter(retryAfter, now);
    return retryAfterMs === undefined ? { status: 'retry', error } : { status: 'retry', error, retryAfterMs };
  }
  if (status === 401) return { status: 'retry', error };
  return { status: 'rejected', error };
}
