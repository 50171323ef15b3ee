/**
 * What the sign-in form says when the server refuses a sign-in. Spec section 8 has one toast for
 * every failure ('Invalid email or password. Please try again.', top-left); besides it:
 * - 429 (throttled) and 401 MSG.accountDisabled: the server's message, as that toast;
 * - 403 with field `protocol` (production opened over plain http, whose Secure cookie the browser
 *   would drop): the server's message under the form, where it stays, as it is a set-up problem
 *   to fix rather than a typing mistake.
 */
import { MSG } from '../../../../shared/messages';
import { ApiError } from '../../../lib/api-error';

export interface SignInRefusal {
  message: string;
  /** `toast` (top-left, closes by itself) or `inline` (under the form until the next try). */
  show: 'toast' | 'inline';
}

/** The message and where it shows for a failed POST /api/society/login (`error` as thrown by the api client). */
export function signInRefusal(error: unknown): SignInRefusal {
  if (error instanceof ApiError) {
    if (error.status === 403 && error.field === 'protocol') return { message: error.message, show: 'inline' };
    if (error.status === 429 || (error.status === 401 && error.message === MSG.accountDisabled)) return { message: error.message, show: 'toast' };
  }
  return { message: MSG.loginFailed, show: 'toast' };
}
