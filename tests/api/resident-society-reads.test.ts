/**
 * What the resident app reads about societies: the public list of society names for the
 * registration picker (`GET /api/societies`: no sign-in, names only, 20 a page, searched on the
 * server, rate-limited), the society's time zone on the profile (`GET /api/resident/me`), and the
 * discount categories with the counts of the society's offers (`GET /api/resident/discounts/categories`).
 * Each test makes the societies and residents it reads.
 */
import { describe, expect, it } from 'vitest';
import { discounts, societies } from '../../src/server/db/schema.js';
import type { ResidentProfile } from '../../src/shared/contracts/resident.js';
import type { DiscountCategoryList } from '../../src/shared/contracts/posts.js';
import type { SocietyNameList } from '../../src/shared/contracts/residents-admin.js';
import { societyWithResident } from '../support/rows.js';
import { useHarness } from './harness.js';

describe('resident API: society names, time zone and discount categories', () => {
  const h = useHarness();
  const db = () => h.database.db;
  const names = (qs: string, remoteAddress = '10.30.0.1') => h.app.inject({ method: 'GET', url: `/api/societies${qs}`, remoteAddress });
  const bearer = async (phone: string, password: string) => {
    const res = await h.app.inject({ method: 'POST', url: '/api/resident/login', payload: { phone, password } });
    expect(res.statusCode, res.body).toBe(200);
    return `Bearer ${res.json<{ token: string }>().token}`;
  };

  it('lists society names without a sign-in, A to Z, 20 a page, searched on the server by a part of the name', async () => {
    // 23 societies named "Pine Grove NN" plus the demo ones: the search narrows to these.
    await db()
      .insert(societies)
      .values(Array.from({ length: 23 }, (_, i) => ({ name: `Pine Grove ${String(23 - i).padStart(2, '0')}`, code: `PG${String.fromCharCode(65 + i)}` })));
    const first = await names('?q=pine%20GROVE');
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json<SocietyNameList>();
    expect(page1.total).toBe(23);
    expect(page1.items).toHaveLength(20);
    expect(page1.items[0]).toEqual({ name: 'Pine Grove 01' });
    expect(page1.items[19]).toEqual({ name: 'Pine Grove 20' });
    const page2 = (await names('?search=grove&page=2')).json<SocietyNameList>();
    expect(page2.items.map((i) => i.name)).toEqual(['Pine Grove 21', 'Pine Grove 22', 'Pine Grove 23']);
    // Names only: no id, code or time zone of a society leaves the server here.
    expect(Object.keys(page2.items[0]!)).toEqual(['name']);
    expect(first.body).not.toMatch(/"PG[A-Z]"|"code"|"id"/);
    const all = (await names('')).json<SocietyNameList>();
    expect(all.items.map((i) => i.name)).toContain('Green Valley');
    expect(all.total).toBeGreaterThanOrEqual(25);
    // LIKE's own characters are matched literally.
    expect((await names('?q=%25')).json<SocietyNameList>().items).toEqual([]);
  });

  it('refuses a bad page or an over-long search with 400 naming the field', async () => {
    for (const [qs, field] of [
      ['?page=0', 'page'],
      ['?page=abc', 'page'],
      [`?q=${'x'.repeat(101)}`, 'q'],
      [`?search=${'x'.repeat(101)}`, 'search'],
    ] as const) {
      const res = await names(qs);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json(), qs).toMatchObject({ field });
    }
  });

  it('is rate-limited per address (60 a minute): the 61st request is 429, another address is not held', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) codes.push((await names('?q=valley', '10.30.9.9')).statusCode);
    expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true);
    expect(codes[60]).toBe(429);
    expect((await names('?q=valley', '10.30.9.10')).statusCode).toBe(200);
  });

  it("answers the society's time zone on the profile", async () => {
    const dubai = await societyWithResident(db(), { name: 'Palm Court', timeZone: 'Asia/Dubai' });
    const res = await h.app.inject({ method: 'GET', url: '/api/resident/me', headers: { authorization: await bearer(dubai.phone, dubai.password) } });
    expect(res.json<ResidentProfile>()).toMatchObject({ societyName: 'Palm Court', timeZone: 'Asia/Dubai', mustChangePassword: false });
  });

  it("counts the resident's own society's offers per category, every category listed, another society's not counted", async () => {
    const a = await societyWithResident(db(), { name: 'Cedar Heights' });
    const b = await societyWithResident(db(), { name: 'Birch Lane' });
    // The category count reads no media: an id that names none will do.
    const img = { id: '00000000-0000-4000-8000-000000000001' };
    const offer = (societyId: number, category: string) => ({
      societyId,
      brandName: 'Brand',
      branch: 'Main',
      logoMediaId: img.id,
      mediaId: img.id,
      description: 'Offer',
      discount: 10,
      category,
    });
    await db()
      .insert(discounts)
      .values([
        offer(a.societyId, 'Food'),
        offer(a.societyId, 'Food'),
        offer(a.societyId, 'Health'),
        offer(b.societyId, 'Fitness'),
        offer(b.societyId, 'Food'),
      ]);
    const read = async (r: typeof a) =>
      (
        await h.app.inject({ method: 'GET', url: '/api/resident/discounts/categories', headers: { authorization: await bearer(r.phone, r.password) } })
      ).json<DiscountCategoryList>();
    expect((await read(a)).items).toEqual([
      { category: 'Health', count: 1 },
      { category: 'Fitness', count: 0 },
      { category: 'Education', count: 0 },
      { category: 'Food', count: 2 },
      { category: 'Life Style', count: 0 },
    ]);
    expect((await read(b)).items.filter((c) => c.count > 0)).toEqual([
      { category: 'Fitness', count: 1 },
      { category: 'Food', count: 1 },
    ]);
  });
});
