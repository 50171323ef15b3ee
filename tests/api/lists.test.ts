import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calendarDay } from '../../src/shared/calendar.js';
import { DEFAULT_TIME_ZONE } from '../../src/shared/constants.js';
import { deskRequests, listCounts, residents, societies } from '../../src/server/db/schema.js';
import { SEARCH_COUNT_CAP } from '../../src/server/lib/list-page.js';
import type { Complaint } from '../../src/shared/contracts/complaints.js';
import { useHarness } from './harness.js';
import { postNotHome } from '../support/clients/not-home.js';
import { postComplaint } from '../support/clients/complaints.js';

type Page = { items: Complaint[]; total: number; totalExact: boolean };

/** The list mechanism (ADR 0003): keyset cursors, totals from list_counts, capped search counts. */
describe('lists', () => {
  const h = useHarness();
  const get = async (cookie: string, query: string): Promise<Page> => {
    const res = await h.app.inject({ method: 'GET', url: `/api/complain${query}`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>();
  };
  const ids = (p: Page) => p.items.map((c) => c._id);
  const society = async (name: string) => (await h.database.db.select({ id: societies.id }).from(societies).where(eq(societies.name, name)))[0]!.id;

  it('pages by number from either end and by cursor alike, every row once, newest first', async () => {
    const cookie = await h.staffCookie('complaints@greenvalley.test');
    const gv = await society('Green Valley');
    const [resident] = await h.database.db.select().from(residents).where(eq(residents.phone, '03000000043'));
    // 37 more completed complaints: pages of 10, 10, 10, 7 at least.
    await h.database.db.execute(sql`insert into desk_requests (desk, society_id, resident_id, body, stage)
      select 'complaint', ${gv}, ${resident!.id}, 'Paging test ' || g, 'completed' from generate_series(1, 37) g`);
    const [stored] = await h.database.db
      .select({ n: count() })
      .from(deskRequests)
      .where(and(eq(deskRequests.societyId, gv), eq(deskRequests.desk, 'complaint'), eq(deskRequests.stage, 'completed')));
    const first = await get(cookie, '?stage=completed');
    expect(first).toMatchObject({ total: Number(stored!.n), totalExact: true });
    const pages = Math.ceil(first.total / 10);
    expect(pages).toBeGreaterThanOrEqual(4);

    const byNumber: number[][] = [];
    for (let p = 1; p <= pages; p++) byNumber.push(ids(await get(cookie, `?stage=completed&page=${p}`)));
    const all = byNumber.flat();
    expect(all).toHaveLength(first.total);
    expect([...all].sort((a, b) => b - a)).toEqual(all);

    // Forward with `after`, then back with `before`: the same pages.
    let forward = byNumber[0]!;
    for (let p = 2; p <= pages; p++) {
      forward = ids(await get(cookie, `?stage=completed&page=${p}&after=${forward.at(-1)}`));
      expect(forward, `page ${p} by cursor`).toEqual(byNumber[p - 1]);
    }
    let back = byNumber[pages - 1]!;
    for (let p = pages - 1; p >= 1; p--) {
      back = ids(await get(cookie, `?stage=completed&page=${p}&before=${back[0]}`));
      expect(back, `page ${p} back by cursor`).toEqual(byNumber[p - 1]);
    }
  });

  it('keeps list totals exact through filing and transitions (trigger-kept counts)', async () => {
    const cookie = await h.staffCookie('complaints@greenvalley.test');
    const before = { new: (await get(cookie, '?stage=new')).total, processing: (await get(cookie, '?stage=processing')).total };
    const authorization = await h.residentAuth('03000000041');
    const filed = await postComplaint(h.app, authorization, { complain: 'Lift stuck on floor 3' });
    expect(filed.statusCode).toBe(201);
    expect((await get(cookie, '?stage=new')).total).toBe(before.new + 1);
    const id = filed.json<Complaint>()._id;
    const moved = await h.app.inject({ method: 'PUT', url: `/api/complain/${id}`, headers: { cookie }, payload: { action: 'proceed' } });
    expect(moved.statusCode).toBe(200);
    expect((await get(cookie, '?stage=new')).total).toBe(before.new);
    expect((await get(cookie, '?stage=processing')).total).toBe(before.processing + 1);
    // The counter agrees with a real count of every list of both societies.
    const real = await h.database.db
      .select({ societyId: deskRequests.societyId, list: sql<string>`${deskRequests.desk} || ':' || ${deskRequests.stage}`, n: sql<number>`count(*)::int` })
      .from(deskRequests)
      .groupBy(deskRequests.societyId, deskRequests.desk, deskRequests.stage);
    const kept = await h.database.db
      .select()
      .from(listCounts)
      .where(sql`${listCounts.list} not like 'nothome:%'`);
    const key = (r: { societyId: number; list: string }) => `${r.societyId}/${r.list}`;
    expect(new Map(kept.filter((r) => r.n > 0).map((r) => [key(r), r.n]))).toEqual(new Map(real.map((r) => [key(r), Number(r.n)])));
  });

  it('searches the resident and the text, and caps a large search count', async () => {
    const cookie = await h.staffCookie('complaints@greenvalley.test');
    const gv = await society('Green Valley');
    const [resident] = await h.database.db.select().from(residents).where(eq(residents.phone, '03000000042'));
    const byPhone = await get(cookie, '?stage=new&q=03000000042');
    expect(byPhone.items.every((c) => c.resident.phoneNo === '03000000042')).toBe(true);
    // Whatever the case of the term or the text (search_text is kept lower-cased, searched with LIKE).
    const filed = await postComplaint(h.app, await h.residentAuth('03000000042'), { complain: 'Water TANK Överflowing at Gate 4' });
    expect(filed.statusCode).toBe(201);
    for (const q of ['tank överflowing', 'WATER tank ÖVERFLOWING', 'gate 4']) {
      const found = await get(cookie, `?stage=new&q=${encodeURIComponent(q)}`);
      expect(
        found.items.map((c) => c._id),
        q,
      ).toContain(filed.json<Complaint>()._id);
    }
    const byName = await get(cookie, `?stage=new&q=${encodeURIComponent(resident!.name.toUpperCase())}`);
    expect(byName.items.length).toBeGreaterThan(0);
    expect(byName.items.every((c) => c.resident.phoneNo === '03000000042')).toBe(true);
    // SEARCH_COUNT_CAP + 5 complaints that all match one word.
    await h.database.db.execute(sql`insert into desk_requests (desk, society_id, resident_id, body)
      select 'complaint', ${gv}, ${resident!.id}, 'gutterflood ' || g from generate_series(1, ${SEARCH_COUNT_CAP + 5}) g`);
    const capped = await get(cookie, '?stage=new&q=gutterflood');
    expect(capped).toMatchObject({ total: SEARCH_COUNT_CAP, totalExact: false });
    expect(capped.items).toHaveLength(10);
    const next = await get(cookie, `?stage=new&q=gutterflood&page=2&after=${capped.items.at(-1)!._id}`);
    expect(next.items).toHaveLength(10);
    expect(next.items[0]!._id).toBeLessThan(capped.items.at(-1)!._id);
    const none = await get(cookie, '?stage=new&q=nothing-matches-this');
    expect(none).toMatchObject({ items: [], total: 0, totalExact: true });
    // The search runs its id and count queries outside the row policy (ADR 0003): another
    // society's staff still finds none of these rows.
    const lakeCity = await get(await h.staffCookie('complaints@lakecity.test'), '?stage=new&q=gutterflood');
    expect(lakeCity).toMatchObject({ items: [], total: 0, totalExact: true });
  });

  it('refuses a cursor that is not a positive id, naming it', async () => {
    const cookie = await h.staffCookie('complaints@greenvalley.test');
    for (const query of ['after=abc', 'before=-3', 'after=1.5']) {
      const res = await h.app.inject({ method: 'GET', url: `/api/complain?stage=new&${query}`, headers: { cookie } });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().field).toBe(query.split('=')[0]);
    }
  });

  it('keeps the not-at-home bell count exact as requests are filed and guards assigned', async () => {
    const cookie = await h.staffCookie('security@greenvalley.test');
    const bell = async () => {
      const res = await h.app.inject({ method: 'GET', url: '/api/nothome?state=active&guard=unassigned', headers: { cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: { _id: number }[]; total: number; totalExact: boolean }>();
    };
    const before = await bell();
    const d = (offset: number) => calendarDay(new Date(h.clock.now().getTime() + offset * 86_400_000), DEFAULT_TIME_ZONE);
    const authorization = await h.residentAuth('03000000044');
    const filed = await postNotHome(h.app, authorization, { from: d(1), to: d(3) });
    expect(filed.statusCode, filed.body).toBe(201);
    const after = await bell();
    expect(after).toMatchObject({ total: before.total + 1, totalExact: true });
    expect(after.items[0]!._id).toBe(filed.json<{ _id: number }>()._id);
    const assigned = await h.app.inject({
      method: 'PUT',
      url: `/api/nothome/update/${filed.json<{ _id: number }>()._id}`,
      headers: { cookie },
      payload: { guardName: 'Asif', guardPhone: '03001234567', guardEmail: 'asif@guards.test' },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect((await bell()).total).toBe(before.total);
  });
});
