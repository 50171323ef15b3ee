import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/web/lib/api-error.js';
import { BUSY_RETRIES, retryDelay, shouldRetry } from '../../src/web/lib/query-client.js';

describe('the dashboard retrying refused reads', () => {
  const busy = new ApiError(503, 'The server is busy. Please try again in a moment.', undefined, 1);

  it('retries a busy answer (503) about a minute long, other server failures twice, and never a 4xx', () => {
    expect(shouldRetry(BUSY_RETRIES - 1, busy)).toBe(true);
    expect(shouldRetry(BUSY_RETRIES, busy)).toBe(false);
    expect(shouldRetry(1, new ApiError(0, 'network'))).toBe(true);
    expect(shouldRetry(2, new ApiError(500, 'boom'))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, 'Not found.'))).toBe(false);
    expect(shouldRetry(0, new ApiError(429, 'Too many', undefined, 60))).toBe(false);
    const total = Array.from({ length: BUSY_RETRIES }, (_, i) => retryDelay(i + 1, busy, () => 0)).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(45_000);
    expect(total).toBeLessThanOrEqual(90_000);
  });

  it('backs off from 1 s to at most 10 s, never sooner than Retry-After, with at most 20% jitter', () => {
    expect([1, 2, 3, 4, 5, 9].map((n) => retryDelay(n, busy, () => 0))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(retryDelay(1, new ApiError(503, 'busy', undefined, 5), () => 0)).toBe(5000);
    expect(retryDelay(4, busy, () => 1)).toBe(9600);
  });
});
