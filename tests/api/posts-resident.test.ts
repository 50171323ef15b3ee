import { describe, expect, it } from 'vitest';
import type { Discount, FeedPost, Plot } from '../../src/shared/contracts/posts.js';
import { useHarness } from './harness.js';
import { GV, LC, addMedia, addMediaN, approvedPhones, discountBody, residentBearer, feedBody, plotBody, staffEmail, written } from './posts-support.js';

type List<T> = { items: T[]; total: number; totalExact: boolean };
type ResidentPost = FeedPost & { likedByMe: boolean };
type Like = { _id: number; likes: number; likedByMe: boolean };

/** The resident API of the posts: feed with likes, discounts, plots. */
describe('posts (resident API)', () => {
  const h = useHarness();
  const staff = async (handle: string, society: 'gv' | 'lc', url: string, payload: unknown) => {
    const res = await h.app.inject({ method: 'POST', url, headers: { cookie: await h.staffCookie(staffEmail(handle, society)) }, payload: payload as object });
    expect(res.statusCode).toBe(201);
    return res.json<{ _id: number }>();
  };
  const resident = (authorization: string) => (method: 'GET' | 'PUT' | 'DELETE', url: string) => h.app.inject({ method, url, headers: { authorization } });

  it("reads the society's feed newest first, 10 a page, with likedByMe; likes once, unlikes; another society's post is 404", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 11; i++)
      ids.push((await staff('cms', 'gv', '/api/feed', feedBody(undefined, { youtubeLink: 'https://youtu.be/dQw4w9WgXcQ', description: `post ${i}` })))._id);
    const lcPost = await staff('cms', 'lc', '/api/feed', feedBody(await addMediaN(h, LC, 1)));
    const [phone] = await approvedPhones(h, GV, 1);
    const me = resident(await residentBearer(h, phone!));

    const page1 = (await me('GET', '/api/resident/feed')).json<List<ResidentPost>>();
    expect(page1.total).toBe(11);
    expect(page1.items.map((p) => p._id)).toEqual([...ids].reverse().slice(0, 10));
    expect(page1.items.every((p) => p.societyName === GV && p.likedByMe === false && p.likes === 0)).toBe(true);
    expect((await me('GET', '/api/resident/feed?page=2')).json<List<ResidentPost>>().items.map((p) => p._id)).toEqual([ids[0]]);

    const target = ids[5]!;
    const liked = await me('PUT', `/api/resident/feed/${target}/like`);
    expect(liked.statusCode).toBe(200);
    expect(liked.json<Like>()).toEqual({ _id: target, likes: 1, likedByMe: true });
    const before = await written(h);
    expect((await me('PUT', `/api/resident/feed/${target}/like`)).json<Like>()).toEqual({ _id: target, likes: 1, likedByMe: true });
    expect((await written(h)).likes).toBe(before.likes);
    const listed = (await me('GET', '/api/resident/feed')).json<List<ResidentPost>>().items.find((p) => p._id === target)!;
    expect([listed.likes, listed.likedByMe]).toEqual([1, true]);
    // Staff see the count too.
    const cms = await h.staffCookie(staffEmail('cms'));
    const staffView = (await h.app.inject({ method: 'GET', url: '/api/feed?q=post%205', headers: { cookie: cms } })).json<List<FeedPost>>();
    expect(staffView.items.map((p) => [p._id, p.likes])).toEqual([[target, 1]]);

    expect((await me('DELETE', `/api/resident/feed/${target}/like`)).json<Like>()).toEqual({ _id: target, likes: 0, likedByMe: false });
    expect((await me('DELETE', `/api/resident/feed/${target}/like`)).json<Like>()).toEqual({ _id: target, likes: 0, likedByMe: false });
    expect((await me('GET', '/api/resident/feed')).json<List<ResidentPost>>().items.find((p) => p._id === target)!.likedByMe).toBe(false);

    const mark = await written(h);
    for (const method of ['PUT', 'DELETE'] as const) {
      expect((await me(method, `/api/resident/feed/${lcPost._id}/like`)).statusCode).toBe(404);
      expect((await me(method, '/api/resident/feed/999999/like')).statusCode).toBe(404);
    }
    expect(await written(h)).toEqual(mark);
    expect((await me('GET', '/api/resident/feed?page=1')).json<List<ResidentPost>>().items.some((p) => p._id === lcPost._id)).toBe(false);
  });

  it('20 residents liking one post at once make exactly 20 likes; each liking twice still 20', async () => {
    const post = await staff('cms', 'gv', '/api/feed', feedBody(await addMediaN(h, GV, 1)));
    const phones = await approvedPhones(h, GV, 20);
    expect(phones).toHaveLength(20);
    const tokens = await Promise.all(phones.map((p) => residentBearer(h, p)));
    const results = await Promise.all([...tokens, ...tokens].map((t) => resident(t)('PUT', `/api/resident/feed/${post._id}/like`)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(Math.max(...results.map((r) => r.json<Like>().likes))).toBe(20);
    const seen = (await resident(tokens[0]!)('GET', '/api/resident/feed')).json<List<ResidentPost>>().items.find((p) => p._id === post._id)!;
    expect(seen.likes).toBe(20);
    const unliked = await Promise.all(tokens.slice(0, 5).map((t) => resident(t)('DELETE', `/api/resident/feed/${post._id}/like`)));
    expect(unliked.every((r) => r.statusCode === 200)).toBe(true);
    expect((await resident(tokens[19]!)('PUT', `/api/resident/feed/${post._id}/like`)).json<Like>().likes).toBe(15);
  });

  it("reads the society's discounts and plots only, newest first", async () => {
    const [logo, pic] = [await addMedia(h, GV), await addMedia(h, GV)];
    const d = await staff('discounts', 'gv', '/api/discounts', discountBody(logo, pic));
    const p1 = await staff('plots', 'gv', '/api/plots', plotBody(await addMediaN(h, GV, 1)));
    const p2 = await staff('plots', 'gv', '/api/plots', plotBody(await addMediaN(h, GV, 2), { price: 9_500_000 }));
    const [lcLogo, lcPic] = [await addMedia(h, LC), await addMedia(h, LC)];
    await staff('discounts', 'lc', '/api/discounts', discountBody(lcLogo, lcPic));
    await staff('plots', 'lc', '/api/plots', plotBody(await addMediaN(h, LC, 1)));

    const [phone] = await approvedPhones(h, GV, 1);
    const me = resident(await residentBearer(h, phone!));
    const discounts = (await me('GET', '/api/resident/discounts')).json<List<Discount>>();
    expect(discounts.items.map((x) => [x._id, x.societyName, x.logo.id, x.media.id])).toEqual([[d._id, GV, logo, pic]]);
    const plots = (await me('GET', '/api/resident/plots?page=1')).json<List<Plot>>();
    expect(plots.items.map((x) => [x._id, x.price, x.media.length])).toEqual([
      [p2._id, 9_500_000, 2],
      [p1._id, 25_000_000.5, 1],
    ]);
    expect(plots.total).toBe(2);
  });
});
