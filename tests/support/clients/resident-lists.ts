/** The resident API's own lists (`GET /api/resident/<list>`), read the way the app pages them. */
import { expect } from 'vitest';
import type { ListResponse } from '../../../src/shared/contracts/common.js';
import type { App } from './app.js';

/**
 * Every page of a resident list, read twice — by `?page=` and by walking the `after` cursor —
 * checking both agree, each page holds at most 10, the total is exact, and ids fall strictly
 * (newest first); with more than 10 rows, `before` from page 2 gives page 1 again.
 * @returns the items, newest first.
 */
export async function walkResidentList<T extends { _id: number }>(h: { app: App }, path: string, authorization: string): Promise<T[]> {
  const get = async (qs: string) => {
    const res = await h.app.inject({ method: 'GET', url: `${path}${qs}`, headers: { authorization } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ListResponse<T>>();
  };
  const first = await get('');
  const pages = Math.max(1, Math.ceil(first.total / 10));
  const byPage: T[] = [];
  const byCursor: T[] = [];
  for (let p = 1; p <= pages; p++) {
    const page = await get(`?page=${p}`);
    expect(page.totalExact).toBe(true);
    expect(page.total).toBe(first.total);
    expect(page.items.length).toBe(Math.min(10, first.total - (p - 1) * 10));
    byPage.push(...page.items);
    const viaCursor = p === 1 ? page : await get(`?page=${p}&after=${byCursor.at(-1)!._id}`);
    byCursor.push(...viaCursor.items);
  }
  const ids = byPage.map((i) => i._id);
  expect(byCursor.map((i) => i._id)).toEqual(ids);
  expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  expect(new Set(ids).size).toBe(ids.length);
  if (byPage.length > 10) {
    // Moving back one page with `before` gives page 1 again.
    expect((await get(`?page=1&before=${byPage[10]!._id}`)).items.map((i) => i._id)).toEqual(ids.slice(0, 10));
  }
  return byPage;
}
