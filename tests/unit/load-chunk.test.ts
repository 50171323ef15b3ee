/**
 * lib/load-chunk.ts: a chunk that fails while online is tried again after each wait and then
 * thrown; one whose file is 404 (its release is gone) is thrown at once; offline waits for online.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadChunk } from '../../src/web/lib/load-chunk.js';

const LOST = new TypeError('Failed to fetch dynamically imported module: http://desk.test/assets/complaints-screen-Ab1.js');

describe('loadChunk', () => {
  afterEach(() => vi.unstubAllGlobals());
  const online = () => vi.stubGlobal('navigator', { onLine: true });

  it('tries again after each wait while the file answers 500, then throws the last failure', async () => {
    online();
    const load = vi.fn().mockRejectedValue(LOST);
    const waits: number[] = [];
    const asked: string[] = [];
    const failure = loadChunk(load, {
      sleep: async (ms) => void waits.push(ms),
      status: async (url) => (asked.push(url), 500),
    });
    await expect(failure).rejects.toBe(LOST);
    expect(load).toHaveBeenCalledTimes(5);
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(asked[0]).toBe('http://desk.test/assets/complaints-screen-Ab1.js');
  });

  it('throws at once when the file answers 404: no wait brings a removed release back', async () => {
    online();
    const load = vi.fn().mockRejectedValue(LOST);
    const sleep = vi.fn(async () => undefined);
    await expect(loadChunk(load, { sleep, status: async () => 404 })).rejects.toBe(LOST);
    expect(load).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('returns the chunk once a later try succeeds', async () => {
    online();
    const load = vi.fn().mockRejectedValueOnce(LOST).mockRejectedValueOnce(new Error('no URL here')).mockResolvedValue('chunk');
    await expect(loadChunk(load, { waitsMs: [1, 1, 1], sleep: async () => undefined, status: async () => undefined })).resolves.toBe('chunk');
    expect(load).toHaveBeenCalledTimes(3);
  });
});
