import { describe, expect, it, vi } from 'vitest';
import { TooManyRequestsError } from '../../src/server/lib/errors.js';
import { limitOf } from '../../src/server/lib/rate-limit/limit.js';
import { memoryRateLimitStore, type RateLimitStore } from '../../src/server/lib/rate-limit/store.js';
import { MSG, tryAgainIn } from '../../src/shared/messages.js';

/** The counting rule (lib/rate-limit/store.ts) on the in-memory store, the 429 text, and failing open. */
describe('rate limit: the counting rule', () => {
  it('counts up to the limit in a window opened by the first hit; refused takes count nothing; the window ends on time', async () => {
    let t = 1_000_000;
    const store = memoryRateLimitStore(() => t);
    for (let i = 0; i < 3; i++) expect(await store.take('k', 1, 3, 60_000)).toBe(0);
    expect(await store.take('k', 1, 3, 60_000)).toBe(60);
    t += 30_500;
    expect(await store.take('k', 1, 3, 60_000)).toBe(30); // 29.5 s left, rounded up
    expect(await store.take('other', 1, 3, 60_000)).toBe(0);
    t += 29_499;
    expect(await store.take('k', 1, 3, 60_000)).toBe(1);
    t += 1;
    expect(await store.take('k', 1, 3, 60_000)).toBe(0);
    expect(await store.take('k', 1, 3, 60_000)).toBe(0);
    expect(await store.take('k', 1, 3, 60_000)).toBe(0);
    expect(await store.take('k', 1, 3, 60_000)).toBe(60);
  });

  it('counts a cost (bytes): a take that would pass the limit is refused and not counted, a smaller one still fits', async () => {
    const t = 5_000;
    const store = memoryRateLimitStore(() => t);
    expect(await store.take('b', 600, 1000, 86_400_000)).toBe(0);
    expect(await store.take('b', 500, 1000, 86_400_000)).toBe(86_400);
    expect(await store.take('b', 400, 1000, 86_400_000)).toBe(0);
    expect(await store.take('b', 1, 1000, 86_400_000)).toBe(86_400);
    // More than the whole limit can never be counted.
    expect(await store.take('c', 1001, 1000, 86_400_000)).toBe(86_400);
    expect(await store.take('c', 1000, 1000, 86_400_000)).toBe(0);
  });
});

describe('rate limit: the 429', () => {
  it("says 'Too many …, try again in N minutes.' with N rounded up, seconds under a minute, hours past 90 minutes", () => {
    expect(tryAgainIn(MSG.broadcastsTooMany, 12 * 60 - 30)).toBe('Too many broadcasts, try again in 12 minutes.');
    expect(tryAgainIn(MSG.broadcastsTooMany, 60)).toBe('Too many broadcasts, try again in 1 minute.');
    expect(tryAgainIn(MSG.broadcastsTooMany, 61)).toBe('Too many broadcasts, try again in 2 minutes.');
    expect(tryAgainIn(MSG.broadcastsTooMany, 45)).toBe('Too many broadcasts, try again in 45 seconds.');
    expect(tryAgainIn(MSG.broadcastsTooMany, 1)).toBe('Too many broadcasts, try again in 1 second.');
    expect(tryAgainIn(MSG.broadcastsTooMany, 90 * 60)).toBe('Too many broadcasts, try again in 90 minutes.');
    expect(tryAgainIn(MSG.importsTooMany, 86_400)).toBe('Too many spreadsheet imports, try again in 24 hours.');
  });

  it('throws TooManyRequestsError with the text and Retry-After seconds', async () => {
    const limit = limitOf(
      memoryRateLimitStore(() => 0),
      { name: 'push', limit: 1, windowMs: 60_000, message: MSG.pushesTooMany },
      { onStoreError: () => undefined },
    );
    await limit.take(7);
    const refused = await limit.take(7).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    expect(refused).toMatchObject({ statusCode: 429, retryAfterS: 60, message: 'Too many notifications sent, try again in 1 minute.' });
  });
});

describe('rate limit: a store that fails lets the work through', () => {
  const rule = { name: 'sos', limit: 1, windowMs: 60_000, message: MSG.sosTooMany };

  it('a store that throws: the take resolves and the error is reported with the key', async () => {
    const failing: RateLimitStore = { take: () => Promise.reject(new Error('connection refused')) };
    const onStoreError = vi.fn();
    await expect(limitOf(failing, rule, { onStoreError }).take(42)).resolves.toBeUndefined();
    expect(onStoreError).toHaveBeenCalledWith(expect.objectContaining({ message: 'connection refused' }), 'sos:42');
  });

  it('a store that never answers: the take resolves once timeoutMs pass', async () => {
    const hung: RateLimitStore = { take: () => new Promise<number>(() => undefined) };
    const onStoreError = vi.fn();
    await expect(limitOf(hung, rule, { onStoreError, timeoutMs: 20 }).take(42)).resolves.toBeUndefined();
    expect(onStoreError).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringContaining('no answer within 20 ms') }), 'sos:42');
  });
});
