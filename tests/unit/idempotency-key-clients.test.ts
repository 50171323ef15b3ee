/**
 * Both browser apps send an Idempotency-Key on every write and reuse it on their one retry (after
 * a network failure or a 503), so the server can answer the retry from the first request; reads
 * carry none. And a key is made without `crypto.randomUUID` (plain http on a LAN).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newIdempotencyKey } from '../../src/shared/idempotency-key.js';

vi.mock('../../src/web/lib/session.js', () => ({ endSession: () => undefined }));
vi.mock('../../src/web/lib/notify.js', () => ({ notifyError: () => undefined }));
vi.mock('../../src/web/lib/current-user.js', () => ({ getCurrentUser: () => ({ _id: '1' }) }));
vi.mock('../../src/resident/lib/session.js', () => ({ endSession: () => undefined, getSession: () => ({ token: 't' }) }));
const dashboard = await import('../../src/web/lib/api-client.js');
const resident = await import('../../src/resident/lib/api.js');

const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const keysSent = () => fetchMock.mock.calls.map(([, init]) => (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key']);

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const clients = [
  { name: 'dashboard', post: (path: string, body: unknown) => dashboard.api.post(path, body), get: (path: string) => dashboard.api.get(path) },
  { name: 'resident app', post: (path: string, body: unknown) => resident.api.post(path, body), get: (path: string) => resident.api.get(path) },
];

describe.each(clients)('$name api client', (client) => {
  it('sends a key on a write, a new one per write, none on a read', async () => {
    fetchMock.mockImplementation(async () => json(201, { ok: true }));
    await client.post('/api/complain', { complain: 'a' });
    await client.post('/api/complain', { complain: 'a' });
    await client.get('/api/resident/me');
    const [a, b, read] = keysSent();
    expect(a).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(b).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(a).not.toBe(b);
    expect(read).toBeUndefined();
  });

  it('retries a write once after a network failure, with the same key', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(json(201, { _id: 7 }));
    const sent = client.post('/api/security', {});
    await vi.runAllTimersAsync();
    await expect(sent).resolves.toEqual({ _id: 7 });
    const [first, retry] = keysSent();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(retry).toBe(first);
  });

  it('retries a write once after a 503, with the same key, and then reports the failure', async () => {
    fetchMock.mockImplementation(async () => json(503, { message: 'The service is briefly unavailable. Please try again in a few seconds.' }));
    const sent = client.post('/api/complain', { complain: 'a' }).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await sent).toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [first, retry] = keysSent();
    expect(retry).toBe(first);
  });

  it('does not retry a read, nor a write the server answered', async () => {
    fetchMock.mockImplementation(async () => json(400, { message: 'Please describe the complaint.', field: 'complain' }));
    await client.post('/api/complain', { complain: '' }).catch(() => undefined);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await client.get('/api/resident/me').catch(() => undefined);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('newIdempotencyKey', () => {
  it('makes a key where crypto.randomUUID is missing (not a secure context)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array<ArrayBuffer>) => real.getRandomValues(a) });
    const key = newIdempotencyKey();
    vi.unstubAllGlobals();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f-]{36}$/);
  });
});
