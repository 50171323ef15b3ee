/**
 * The demo's society content (seed/demo-content.ts): each demo society gets feed posts,
 * discounts, plots and announcements whose pictures are real images in the media storage, shown
 * through the same routes as uploaded ones; a second run adds nothing.
 */
import { eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { announcements, discounts, feedPosts, media, plots } from '../../src/server/db/schema.js';
import { mediaStorageFor } from '../../src/server/modules/media/storage.js';
import { seedDemoContent } from '../../src/server/seed/demo-content.js';
import type { ListResponse } from '../../src/shared/contracts/common.js';
import type { Discount, FeedPost } from '../../src/shared/contracts/posts.js';
import { signedInStaff } from '../support/clients/sessions.js';
import { useHarness } from './harness.js';

describe('demo content', () => {
  const h = useHarness();
  const { send } = signedInStaff(h);

  it('gives each demo society posts with pictures that load like uploads, once', async () => {
    expect(await seedDemoContent(h.database.db, mediaStorageFor(h.config))).toBe(2 * 10);
    const count = async (t: typeof feedPosts | typeof discounts | typeof plots | typeof announcements) =>
      (await h.database.db.select({ id: t.id }).from(t)).length;
    expect([await count(feedPosts), await count(discounts), await count(plots), await count(announcements)]).toEqual([6, 6, 4, 4]);
    expect(await h.database.db.select({ id: media.id }).from(media).where(isNull(media.attachedAt))).toEqual([]);

    const feed = (await send('GET', '/api/feed', 'cms@greenvalley.test')).json<ListResponse<FeedPost>>();
    expect(feed.items).toHaveLength(3);
    expect(feed.items.every((p) => p.title === 'Green Valley' && p.societyName === 'Green Valley')).toBe(true);
    const pictures = feed.items.flatMap((p) => p.media);
    expect(pictures).toHaveLength(3);
    for (const m of pictures) {
      for (const url of [m.url, m.thumbUrl!]) {
        const file = await h.app.inject({ method: 'GET', url });
        expect(file.statusCode, url).toBe(200);
        expect(file.headers['content-type']).toMatch(/^image\/(png|webp)/);
        expect(file.rawPayload.length).toBeGreaterThan(500);
      }
    }
    const offers = (await send('GET', '/api/discounts', 'discounts@lakecity.test')).json<ListResponse<Discount>>();
    expect(offers.items.map((d) => d.brandName).sort()).toEqual(['Clean & Press', 'FitZone Gym', 'Pizza Point']);
    expect(offers.items.every((d) => d.societyName === 'Lake City')).toBe(true);

    expect(await seedDemoContent(h.database.db, mediaStorageFor(h.config))).toBe(0);
    const [gv] = feed.items;
    expect((await h.database.db.select({ id: feedPosts.id }).from(feedPosts).where(eq(feedPosts.id, gv!._id))).length).toBe(1);
  }, 60_000);
});
