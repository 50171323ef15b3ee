/**
 * The resident app's error reporter (shared/client-errors.ts), as the dashboard's: what a boundary
 * or the live listener catches goes to the server's log, each failure once, a few a minute at
 * most. The bearer token is sent when there is one, so the server's per-session limit counts it.
 */
import { errorReporter } from '../../shared/client-errors';
import { getSession } from './session';

/** This build's entry file name (its hash names the release). */
const release = new URL(import.meta.url).pathname.split('/').pop();

export const reportClientError = errorReporter({
  app: 'resident',
  release,
  headers: (): Record<string, string> => {
    const token = getSession()?.token;
    return token ? { authorization: `Bearer ${token}` } : {};
  },
});
