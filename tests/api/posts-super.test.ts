import { describe, expect, it } from 'vitest';
import type { Discount, FeedPost, Plot } from '../../src/shared/contracts/posts.js';
import { useHarness } from './harness.js';
import { GV, LC, addMedia, addMediaN, auditOf, discountBody, feedBody, mediaRow, plotBody, societyId, staffEmail, written } from './posts-support.js';

type List<T> = { items: T[]; total: number; totalExact: boolean };

/**
 * Spec section 6: with SUPER_SOCIETY naming a society, that society's post staff list every
 * society's posts and may delete any of them; every other society still sees only its own.
 */
describe("posts under SUPER_SOCIETY='Lake City'", () => {
  const h = useHarness({ SUPER_SOCIETY: LC });
  const as = async (handle: string, society: 'gv' | 'lc') => {
    const cookie = await h.staffCookie(staffEmail(handle, society));
    return (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
      h.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
  };

  it("Lake City's staff see both societies' posts and can delete Green Valley's; Green Valley sees only its own", async () => {
    const gv = await as('cms-all', 'gv');
    const lcCms = await as('cms', 'lc');
    const lcAll = await as('cms-all', 'lc');
    const gvImgs = await addMediaN(h, GV, 2);
    const gvPost = (await gv('POST', '/api/feed', feedBody(gvImgs))).json<FeedPost>();
    const lcPost = (await lcCms('POST', '/api/feed', feedBody(await addMediaN(h, LC, 1)))).json<FeedPost>();
    const gvPlot = (await gv('POST', '/api/plots', plotBody(await addMediaN(h, GV, 1)))).json<Plot>();
    const [logo, pic] = [await addMedia(h, GV), await addMedia(h, GV)];
    const gvDiscount = (await gv('POST', '/api/discounts', discountBody(logo, pic))).json<Discount>();

    const lcFeed = (await lcCms('GET', '/api/feed')).json<List<FeedPost>>();
    expect(lcFeed.items.map((p) => [p._id, p.societyName, p.title])).toEqual([
      [lcPost._id, LC, LC],
      [gvPost._id, GV, GV],
    ]);
    expect(lcFeed.total).toBe(2);
    // The other society's media DTOs come with its posts.
    expect(lcFeed.items[1]!.media.map((m) => m.id)).toEqual(gvImgs);
    expect((await lcAll('GET', '/api/plots')).json<List<Plot>>().items.map((p) => [p._id, p.societyName])).toEqual([[gvPlot._id, GV]]);
    expect((await lcAll('GET', '/api/discounts')).json<List<Discount>>().items.map((d) => [d._id, d.societyName])).toEqual([[gvDiscount._id, GV]]);
    // Search works across societies too.
    expect((await lcCms('GET', `/api/feed?q=${encodeURIComponent('gate 2')}`)).json<List<FeedPost>>().total).toBe(2);

    // Green Valley is not the super society: its own posts only, and Lake City's are not deletable.
    const gvFeed = (await gv('GET', '/api/feed')).json<List<FeedPost>>();
    expect(gvFeed.items.map((p) => p._id)).toEqual([gvPost._id]);
    const before = await written(h);
    expect((await gv('DELETE', `/api/feed/${lcPost._id}`)).statusCode).toBe(404);
    expect(await written(h)).toEqual(before);

    // Lake City deletes Green Valley's post: media released, audited under Green Valley.
    expect((await lcCms('DELETE', `/api/feed/${gvPost._id}`)).statusCode).toBe(204);
    for (const id of gvImgs) expect((await mediaRow(h, id))!.deletedAt).not.toBeNull();
    const audit = await auditOf(h, 'feed_post', gvPost._id);
    expect(audit.map((a) => [a.action, a.societyId])).toEqual([
      ['create', await societyId(h, GV)],
      ['delete', await societyId(h, GV)],
    ]);
    expect(audit[1]!.actorName).not.toBe(audit[0]!.actorName);
    expect((await gv('GET', '/api/feed')).json<List<FeedPost>>().items).toEqual([]);
    expect((await lcAll('DELETE', `/api/discounts/${gvDiscount._id}`)).statusCode).toBe(204);
    expect((await lcAll('DELETE', `/api/plots/${gvPlot._id}`)).statusCode).toBe(204);
    expect((await lcAll('DELETE', `/api/plots/${gvPlot._id}`)).statusCode).toBe(404);
    // The sub-role still rules: Lake City's cms may not touch plots, whoever owns them.
    expect((await lcCms('GET', '/api/plots')).statusCode).toBe(403);
  });
});
