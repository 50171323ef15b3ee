/**
 * The demo's society content (seed/demo-content.ts): each demo society gets feed posts,
 * discounts, plots and announcements whose pictures are real images in the media storage, shown
 * through the same routes as uploaded ones; a second run adds nothing. And the demo residents'
 * bills (seed/demo-bills.ts), seen in the resident app and on /Billing.
 */
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { announcements, discounts, feedPosts, media, plots, residents, societies } from '../../src/server/db/schema.js';
import { mediaStorageFor } from '../../src/server/modules/media/storage.js';
import { seedDemoBills } from '../../src/server/seed/demo-bills.js';
import { seedDemoContent } from '../../src/server/seed/demo-content.js';
import type { Bill, ResidentBill } from '../../src/shared/contracts/billing.js';
import type { ListResponse } from '../../src/shared/contracts/common.js';
import type { Discount, FeedPost } from '../../src/shared/contracts/posts.js';
import { residentBills } from '../support/clients/billing.js';
import { residentTokens, signedInStaff } from '../support/clients/sessions.js';
import { useHarness } from './harness.js';

describe('demo content', () => {
  const h = useHarness();
  const { send } = signedInStaff(h);
  const token = residentTokens(h);

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

  it('bills every billable demo resident for the three months before this one, seen in the resident app and on /Billing, once', async () => {
    // 2 Dec 2026 in Pakistan: the bills are of 2026-09, 2026-10 and 2026-11.
    const now = Date.UTC(2026, 11, 2, 9);
    const billable = await h.database.db
      .select({ id: residents.id, code: residents.residentCode, phone: residents.phone, status: residents.status, society: societies.name })
      .from(residents)
      .innerJoin(societies, eq(societies.id, residents.societyId))
      .where(ne(residents.status, 'Pending'))
      .orderBy(asc(residents.id));
    expect(billable.length).toBeGreaterThan(80);
    expect(await seedDemoBills(h.database.db, now)).toBe(3 * billable.length);

    // A demo resident signed in to the resident app sees their own three bills, newest first.
    const [gv] = await h.database.db
      .select({ phone: residents.phone, code: residents.residentCode })
      .from(residents)
      .innerJoin(societies, eq(societies.id, residents.societyId))
      .where(and(eq(societies.name, 'Green Valley'), eq(residents.status, 'Approve')))
      .orderBy(asc(residents.id))
      .limit(1);
    const own = await residentBills(h, { authorization: await token(gv!.phone) });
    expect(own.statusCode, own.body).toBe(200);
    const bills = own.json<ListResponse<ResidentBill>>().items;
    expect(bills.map((b) => b.period)).toEqual(['2026-11', '2026-10', '2026-09']);
    for (const b of bills) {
      expect(b.ratePerUnit).toBe(45);
      expect(b.units).toBeGreaterThanOrEqual(120);
      expect(b.units).toBeLessThanOrEqual(480);
      expect(b.total).toBeCloseTo(45 * b.units, 2);
      expect(new Date(b.createdAt).getTime()).toBeLessThan(now);
    }
    // Each with its in-app 'BILL' record, as a bill made on /Billing has.
    const notices = await h.app.inject({ method: 'GET', url: '/api/resident/notifications', headers: { authorization: await token(gv!.phone) } });
    expect(notices.json<ListResponse<{ title: string }>>().items.filter((n) => n.title === 'BILL')).toHaveLength(3);

    // /Billing lists the society's bills of a month: every billable resident of Green Valley.
    const month = await send('GET', '/api/bills?period=2026-11', 'billing@greenvalley.test');
    expect(month.statusCode, month.body).toBe(200);
    const page = month.json<ListResponse<Bill>>();
    expect(page.total).toBe(billable.filter((r) => r.society === 'Green Valley').length);
    expect(page.items.every((b) => b.period === '2026-11' && b.residentId.startsWith('GV'))).toBe(true);
    const oldest = await send('GET', '/api/bills?period=2026-09', 'billing@greenvalley.test');
    expect(oldest.json<ListResponse<Bill>>().total).toBe(page.total);

    // A second run (a restart) adds nothing.
    expect(await seedDemoBills(h.database.db, now)).toBe(0);
  });
});
