import { describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';

/**
 * One guard per module: every /api route answers 401 to a request with no credentials,
 * except this short list of routes that are public by design.
 */
const PUBLIC = new Set([
  'GET /api/health',
  'POST /api/society/login',
  'POST /api/society/logout',
  'POST /api/resident/login',
  'POST /api/resident/register',
  // Media files by their unguessable name: the resident app loads them by URL.
  'GET /media/:file',
]);

describe('route guards', () => {
  const h = useHarness();

  it('every /api route outside the public list refuses an anonymous request with 401', async () => {
    const guarded = h.routes.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !PUBLIC.has(`${r.method} ${r.url}`));
    expect(guarded.length).toBeGreaterThan(10);
    const answers = await Promise.all(
      guarded.map(async (r) => {
        const url = r.url.replace(/:(\w+)/g, '1');
        const res = await h.app.inject({ method: r.method as 'GET', url, ...(r.method === 'GET' ? {} : { payload: {} }) });
        return `${r.method} ${r.url} → ${res.statusCode}`;
      }),
    );
    expect(answers).toEqual(guarded.map((r) => `${r.method} ${r.url} → 401`));
  });

  it('the public list names only routes that exist', () => {
    const all = new Set(h.routes.map((r) => `${r.method} ${r.url}`));
    for (const p of PUBLIC) expect(all.has(p), p).toBe(true);
  });
});
