/**
 * A file download (a list's Export) fails like every API call: the api client's ApiError (the
 * server's message, field and Retry-After) and, on a 401, the session ended with 'Please sign
 * in.' so the dashboard goes back to /Login instead of staying signed in with a dead cookie.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../src/web/lib/api-error.js';
import { MSG } from '../../src/shared/messages.js';

const endSession = vi.fn();
const notifyError = vi.fn();
let signedIn = true;
vi.mock('../../src/web/lib/session.js', () => ({ endSession: () => endSession() }));
vi.mock('../../src/web/lib/notify.js', () => ({ notifyError: (...args: unknown[]) => notifyError(...args) }));
vi.mock('../../src/web/lib/current-user.js', () => ({ getCurrentUser: () => (signedIn ? { _id: '1' } : null) }));
const { downloadFile } = await import('../../src/web/lib/download.js');

const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>();

function answer(status: number, body: unknown, headers: Record<string, string> = {}, statusText = ''): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json', ...headers } });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('download errors', () => {
  beforeEach(() => {
    signedIn = true;
    endSession.mockClear();
    notifyError.mockClear();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a 401 ends the session and says to sign in, then rejects with the 401', async () => {
    fetchMock.mockResolvedValue(answer(401, { statusCode: 401, error: 'Unauthorized', message: 'Please sign in.' }));
    const error = await failure(downloadFile('/api/complain/export', { stage: 'new', q: '' }));
    expect(error.status).toBe(401);
    expect(endSession).toHaveBeenCalledTimes(1);
    // Top-left: the login page's theme toggle sits top-right.
    expect(notifyError).toHaveBeenCalledWith('Please sign in.', 'top-left');
  });

  it('a 401 of a disabled account says so instead of "Please sign in."', async () => {
    fetchMock.mockResolvedValue(answer(401, { statusCode: 401, error: 'Unauthorized', message: MSG.accountDisabled }));
    await failure(downloadFile('/api/complain/export', {}));
    expect(notifyError).toHaveBeenCalledWith("Your account has been disabled. Ask your society's super-admin.", 'top-left');
  });

  it('a 401 after the session already ended clears it again without a second toast', async () => {
    signedIn = false;
    fetchMock.mockResolvedValue(answer(401, undefined, {}, 'Unauthorized'));
    const error = await failure(downloadFile('/api/complain/export', {}));
    expect(error.message).toBe('401 Unauthorized');
    expect(endSession).toHaveBeenCalledTimes(1);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it("a refusal carries the server's message, field and Retry-After, and leaves the session alone", async () => {
    fetchMock.mockResolvedValue(
      answer(429, { statusCode: 429, error: 'Too Many Requests', message: 'Too many exports.', field: 'q' }, { 'retry-after': '30' }),
    );
    const error = await failure(downloadFile('/api/complain/export', { q: 'lift' }));
    expect([error.status, error.message, error.field, error.retryAfterS]).toEqual([429, 'Too many exports.', 'q', 30]);
    expect(endSession).not.toHaveBeenCalled();
  });

  it('asks for the path with the non-empty filters only, and a network failure is status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failure(downloadFile('/api/complain/export', { stage: 'new', q: '', page: undefined, n: 3 }));
    expect(fetchMock).toHaveBeenCalledWith('/api/complain/export?stage=new&n=3', { credentials: 'same-origin' });
    expect([error.status, error.message]).toEqual([0, NETWORK_ERROR_MESSAGE]);
  });
});
