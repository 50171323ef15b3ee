import { describe, expect, it } from 'vitest';
import type { Discount, FeedPost, Plot } from '../../src/shared/contracts/posts.js';
import { MSG, PUSH } from '../../src/shared/messages.js';
import { useHarness } from './harness.js';
import {
  GV,
  LC,
  addMedia,
  addMediaN,
  auditOf,
  discountBody,
  feedBody,
  giveTokens,
  mediaRow,
  plotBody,
  pushesFor,
  societyId,
  staffEmail,
  written,
} from './posts-support.js';

type List<T> = { items: T[]; total: number; totalExact: boolean };

/** Feed posts, discounts and plots for staff: create, list, search, delete, access, isolation. */
describe('posts (staff)', () => {
  const h = useHarness();
  const as = async (handle: string, society: 'gv' | 'lc' = 'gv') => {
    const cookie = await h.staffCookie(staffEmail(handle, society));
    return (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
      h.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
  };

  it('creates a feed post: 201 with title = society name, likes 0, media DTOs; attached, audited, one push per resident with a device', async () => {
    const expected = await giveTokens(h, GV, 7);
    expect(expected).toBeGreaterThanOrEqual(7);
    await giveTokens(h, LC, 3);
    const cms = await as('cms');
    const [img, vid] = [await addMedia(h, GV), await addMedia(h, GV, 'video')];
    const before = await written(h);
    const res = await cms('POST', '/api/feed', feedBody([img, vid, img]));
    expect(res.statusCode).toBe(201);
    const post = res.json<FeedPost>();
    expect(post).toMatchObject({ title: GV, societyName: GV, likes: 0, youtubeLink: null, description: 'Gate 2 closes at 10 pm this week.' });
    expect(post.createdAt).toBe(h.clock.now().toISOString());
    expect(post.media.map((m) => [m.id, m.kind, m.url])).toEqual([
      [img, 'image', `/media/${img}.webp`],
      [vid, 'video', `/media/${vid}.mp4`],
    ]);
    expect((await mediaRow(h, img))!.attachedAt).not.toBeNull();
    expect((await mediaRow(h, vid))!.attachedAt).not.toBeNull();
    const audit = await auditOf(h, 'feed_post', post._id);
    expect(audit.map((a) => [a.action, a.actorKind, a.societyId])).toEqual([['create', 'staff', await societyId(h, GV)]]);
    const pushes = await pushesFor(h, PUSH.feedPosted.title, post._id);
    expect(pushes).toHaveLength(expected);
    expect(new Set(pushes.map((p) => p.societyId))).toEqual(new Set([await societyId(h, GV)]));
    expect(pushes.every((p) => typeof p.to === 'string' && p.to.startsWith('tok-'))).toBe(true);
    const after = await written(h);
    expect(after.feed - before.feed).toBe(1);
    expect(after.outbox - before.outbox).toBe(expected);
    expect(after.attached - before.attached).toBe(2);

    const link = await cms('POST', '/api/feed', feedBody(undefined, { youtubeLink: 'https://youtu.be/dQw4w9WgXcQ' }));
    expect(link.statusCode).toBe(201);
    expect(link.json<FeedPost>()).toMatchObject({ youtubeLink: 'https://youtu.be/dQw4w9WgXcQ', media: [], likes: 0 });
  });

  it('creates a discount and a plot with their DTOs, audit rows and pushes', async () => {
    const expected = await giveTokens(h, GV, 7);
    const [logo, pic] = [await addMedia(h, GV), await addMedia(h, GV)];
    const d = await (await as('discounts'))('POST', '/api/discounts', discountBody(logo, pic));
    expect(d.statusCode).toBe(201);
    const discount = d.json<Discount>();
    expect(discount).toMatchObject({
      societyName: GV,
      brandName: 'Bean There',
      branch: 'Main Boulevard',
      discount: 15,
      category: 'Food',
      logo: { id: logo, kind: 'image' },
      media: { id: pic },
    });
    expect((await auditOf(h, 'discount', discount._id)).map((a) => a.action)).toEqual(['create']);
    expect(await pushesFor(h, PUSH.discountPosted.title, discount._id)).toHaveLength(expected);

    const imgs = await addMediaN(h, GV, 3);
    const p = await (await as('plots'))('POST', '/api/plots', plotBody(imgs));
    expect(p.statusCode).toBe(201);
    const plot = p.json<Plot>();
    expect(plot).toMatchObject({
      societyName: GV,
      type: 'House',
      payment: 'Full Pay',
      area: '10 Marla',
      baths: 3,
      rooms: 4,
      phone: '03001234567',
      price: 25_000_000.5,
    });
    expect(plot.media.map((m) => m.id)).toEqual(imgs);
    expect((await auditOf(h, 'plot', plot._id)).map((a) => a.action)).toEqual(['create']);
    expect(await pushesFor(h, PUSH.plotPosted.title, plot._id)).toHaveLength(expected);
    // The list reads the same price back from numeric(14,2).
    const listed = (await (await as('plots'))('GET', '/api/plots')).json<List<Plot>>();
    expect(listed.items.find((x) => x._id === plot._id)?.price).toBe(25_000_000.5);
  });

  it('lists 5 a page, newest first, with the total; searches the text, % and _ literally', async () => {
    const cms = await as('cms-all');
    const tag = `page-${crypto.randomUUID().slice(0, 8)}`;
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) {
      h.clock.advance(1000);
      const res = await cms(
        'POST',
        '/api/feed',
        feedBody(undefined, { youtubeLink: 'https://youtu.be/dQw4w9WgXcQ', description: `${tag} number ${i}${i === 3 ? ' 100%_off' : ''}` }),
      );
      ids.push(res.json<FeedPost>()._id);
    }
    const all = (await cms('GET', '/api/feed')).json<List<FeedPost>>();
    expect(all.items).toHaveLength(5);
    expect(all.totalExact).toBe(true);
    expect(all.items.slice(0, 5).map((p) => p._id)).toEqual([...ids].reverse().slice(0, 5));

    const p1 = (await cms('GET', `/api/feed?q=${tag}`)).json<List<FeedPost>>();
    expect(p1.total).toBe(7);
    expect(p1.items.map((p) => p._id)).toEqual([ids[6], ids[5], ids[4], ids[3], ids[2]]);
    const p2 = (await cms('GET', `/api/feed?q=${tag}&page=2`)).json<List<FeedPost>>();
    expect(p2.items.map((p) => p._id)).toEqual([ids[1], ids[0]]);
    // The keyset cursor the web app sends moving one page on gives the same page.
    const next = (await cms('GET', `/api/feed?q=${tag}&page=2&after=${ids[2]}`)).json<List<FeedPost>>();
    expect(next.items.map((p) => p._id)).toEqual([ids[1], ids[0]]);
    expect((await cms('GET', `/api/feed?q=${tag.toUpperCase()}&page=3`)).json<List<FeedPost>>().items).toEqual([]);

    const pct = (await cms('GET', `/api/feed?q=${encodeURIComponent('100%_off')}`)).json<List<FeedPost>>();
    expect(pct.items.map((p) => p._id)).toEqual([ids[3]]);
    expect((await cms('GET', `/api/feed?q=${encodeURIComponent(`${tag}%number`)}`)).json<List<FeedPost>>().total).toBe(0);

    // Discounts and plots search their own text columns (brand, category; location, phone).
    const [logo, pic] = [await addMedia(h, GV), await addMedia(h, GV)];
    await cms('POST', '/api/discounts', discountBody(logo, pic, { brandName: `${tag} Gym`, category: 'Fitness' }));
    expect((await cms('GET', `/api/discounts?q=${tag}`)).json<List<Discount>>().items.map((d) => d.brandName)).toEqual([`${tag} Gym`]);
    await cms('POST', '/api/plots', plotBody(await addMediaN(h, GV, 1), { location: `${tag} Street 9` }));
    expect((await cms('GET', `/api/plots?q=${tag}`)).json<List<Plot>>().items.map((p) => p.location)).toEqual([`${tag} Street 9`]);
  });

  it('deletes a post: 204, gone from the list, media released, audited; a second delete is 404', async () => {
    const cms = await as('cms');
    const imgs = await addMediaN(h, GV, 2);
    const post = (await cms('POST', '/api/feed', feedBody(imgs))).json<FeedPost>();
    const del = await cms('DELETE', `/api/feed/${post._id}`);
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    for (const id of imgs) expect((await mediaRow(h, id))!.deletedAt).not.toBeNull();
    expect((await auditOf(h, 'feed_post', post._id)).map((a) => a.action)).toEqual(['create', 'delete']);
    expect((await cms('GET', `/api/feed?q=${encodeURIComponent(post.description)}`)).json<List<FeedPost>>().items.some((p) => p._id === post._id)).toBe(false);
    const again = await cms('DELETE', `/api/feed/${post._id}`);
    expect(again.statusCode).toBe(404);

    const plots = await as('plots');
    const plotImgs = await addMediaN(h, GV, 1);
    const plot = (await plots('POST', '/api/plots', plotBody(plotImgs))).json<Plot>();
    expect((await plots('DELETE', `/api/plots/${plot._id}`)).statusCode).toBe(204);
    expect((await mediaRow(h, plotImgs[0]!))!.deletedAt).not.toBeNull();
    const discounts = await as('discounts');
    const [logo, pic] = [await addMedia(h, GV), await addMedia(h, GV)];
    const discount = (await discounts('POST', '/api/discounts', discountBody(logo, pic))).json<Discount>();
    expect((await discounts('DELETE', `/api/discounts/${discount._id}`)).statusCode).toBe(204);
    expect((await mediaRow(h, logo))!.deletedAt).not.toBeNull();
    expect((await mediaRow(h, pic))!.deletedAt).not.toBeNull();
  });

  it('sub-roles: cms → feed only; discounts → discounts only; plots → plots only; cms-all → all three; others 403', async () => {
    const urls = ['/api/feed', '/api/discounts', '/api/plots'] as const;
    const allowed: Record<string, (typeof urls)[number][]> = {
      cms: ['/api/feed'],
      discounts: ['/api/discounts'],
      plots: ['/api/plots'],
      'cms-all': ['/api/feed', '/api/discounts', '/api/plots'],
      announcements: [],
      'super-admin': [],
      complaints: [],
      logo: [],
    };
    for (const [handle, may] of Object.entries(allowed)) {
      const call = await as(handle);
      for (const url of urls) {
        const expected = may.includes(url) ? 200 : 403;
        expect((await call('GET', url)).statusCode, `${handle} GET ${url}`).toBe(expected);
        const before = await written(h);
        const post = await call('POST', url, {});
        expect(post.statusCode, `${handle} POST ${url}`).toBe(expected === 200 ? 400 : 403);
        if (expected === 403) expect(post.json().message).toBe(MSG.notAvailable);
        expect((await call('DELETE', `${url}/999999`)).statusCode, `${handle} DELETE ${url}`).toBe(expected === 200 ? 404 : 403);
        expect(await written(h)).toEqual(before);
      }
    }
  });

  it("isolation: Lake City staff never list or delete Green Valley's posts (404), and the reverse", async () => {
    const gv = await as('cms-all');
    const lc = await as('cms-all', 'lc');
    const gvPost = (await gv('POST', '/api/feed', feedBody(await addMediaN(h, GV, 1)))).json<FeedPost>();
    const gvPlot = (await gv('POST', '/api/plots', plotBody(await addMediaN(h, GV, 1)))).json<Plot>();
    const [logo, pic] = [await addMedia(h, GV), await addMedia(h, GV)];
    const gvDiscount = (await gv('POST', '/api/discounts', discountBody(logo, pic))).json<Discount>();
    const lcPost = (await lc('POST', '/api/feed', feedBody(await addMediaN(h, LC, 1)))).json<FeedPost>();
    expect(lcPost.title).toBe(LC);

    for (const [url, id] of [
      ['/api/feed', gvPost._id],
      ['/api/plots', gvPlot._id],
      ['/api/discounts', gvDiscount._id],
    ] as const) {
      const listed = (await lc('GET', `${url}?page=1`)).json<List<{ _id: number; societyName: string }>>();
      expect(
        listed.items.every((p) => p.societyName === LC),
        url,
      ).toBe(true);
      expect(
        listed.items.some((p) => p._id === id),
        url,
      ).toBe(false);
      const before = await written(h);
      expect((await lc('DELETE', `${url}/${id}`)).statusCode, url).toBe(404);
      expect(await written(h)).toEqual(before);
    }
    expect((await gv('GET', '/api/feed')).json<List<FeedPost>>().items.every((p) => p.societyName === GV)).toBe(true);
    expect((await gv('DELETE', `/api/feed/${lcPost._id}`)).statusCode).toBe(404);
    // Both still there for their own staff.
    expect((await gv('GET', '/api/feed')).json<List<FeedPost>>().items.some((p) => p._id === gvPost._id)).toBe(true);
    expect((await lc('GET', '/api/feed')).json<List<FeedPost>>().items.some((p) => p._id === lcPost._id)).toBe(true);
  });
});
