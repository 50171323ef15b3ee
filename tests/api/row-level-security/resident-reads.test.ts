/**
 * Row-level security of what residents read and own: a bill page, each item read by id (what a
 * push opens), the emergency contacts, Web Push subscriptions, a password reset and the discount
 * categories — in another society's scope none is seen or changed, even naming that society,
 * resident and id. Runs on PGlite and on PostgreSQL.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  announcements,
  bills,
  deskRequests,
  discounts,
  feedPosts,
  notHomeRequests,
  notifications,
  plots,
  residents,
  societies,
  vapidKeys,
  webPushSubscriptions,
} from '../../../src/server/db/schema.js';
import { deskRepo } from '../../../src/server/desk/repo.js';
import { notHomeRepo } from '../../../src/server/modules/not-home/repo.js';
import { postRepo } from '../../../src/server/posts/repo.js';
import { announcementsRepo } from '../../../src/server/modules/announcements/repo.js';
import { CAMPAIGN_REF_ENTITY, notificationsRepo } from '../../../src/server/modules/notifications/repo.js';
import { inSociety } from '../../../src/server/db/society-scope.js';
import { billingRepo } from '../../../src/server/modules/billing/repo.js';
import { residentAdminRepo } from '../../../src/server/modules/residents/admin-repo.js';
import { discountRepo } from '../../../src/server/modules/discounts/repo.js';
import type { ResidentSociety } from '../../../src/shared/contracts/resident.js';
import { societyWithResident } from '../../support/rows.js';
import { useHarness } from '../harness.js';
import { discountRow, outcomeOf, plotRow, societyIdOf } from './support.js';

/** A media id the posts point at (the rows are read by id only; no file is served). */
const MEDIA = '00000000-0000-4000-8000-000000000002';

describe('row-level security: what residents read and own', () => {
  const h = useHarness();
  const societyId = (name: string) => societyIdOf(h.database.db, name);

  it("a resident's bill page read in another society's scope sees nothing, even naming that society and resident", async () => {
    const gv = await societyId('Green Valley');
    const lc = await societyId('Lake City');
    const gvResident = (await societyWithResident(h.database.db, { name: 'RLS bills GV', societyId: gv })).residentId;
    const lcResident = (await societyWithResident(h.database.db, { name: 'RLS bills LC', societyId: lc })).residentId;
    const bill = { period: '2033-01', ratePerUnit: '45.00', units: '2.00', total: '90.00' };
    const made = await h.database.db
      .insert(bills)
      .values([
        { ...bill, societyId: gv, residentId: gvResident },
        { ...bill, societyId: lc, residentId: lcResident },
      ])
      .returning({ id: bills.id, societyId: bills.societyId });
    const lcBill = made.find((b) => b.societyId === lc)!.id;
    const page = { page: 1 };
    const foreign = await inSociety(h.database.db, gv, (tx) => billingRepo(tx).residentPage(lc, lcResident, page));
    expect(foreign).toMatchObject({ items: [], total: 0 });
    const own = await inSociety(h.database.db, lc, (tx) => billingRepo(tx).residentPage(lc, lcResident, page));
    expect(own.items.map((b) => b._id)).toEqual([lcBill]);
    const seen = await inSociety(h.database.db, gv, (tx) => tx.select({ societyId: bills.societyId }).from(bills));
    expect(new Set(seen.map((r) => r.societyId))).toEqual(new Set([gv]));
  });

  it("a resident's item-by-id reads (what a push opens) in another society's scope find nothing, even naming that society, resident and id", async () => {
    const gv = await societyId('Green Valley');
    const lc = await societyId('Lake City');
    const r = (await societyWithResident(h.database.db, { name: 'RLS by id', societyId: lc })).residentId;
    const db = h.database.db;
    // One of each kind in Lake City, written on the owner connection.
    const desk = async (kind: 'complaint' | 'security' | 'grocery' | 'doctor') =>
      (
        await db
          .insert(deskRequests)
          .values({ desk: kind, societyId: lc, residentId: r, body: `rls by id ${kind}` })
          .returning({ id: deskRequests.id })
      )[0]!.id;
    const complaint = await desk('complaint');
    const alarm = await desk('security');
    const order = await desk('grocery');
    const consultation = await desk('doctor');
    const [away] = await db
      .insert(notHomeRequests)
      .values({ societyId: lc, residentId: r, fromDate: '2033-01-01', toDate: '2033-01-02' })
      .returning({ id: notHomeRequests.id });
    const [bill] = await db
      .insert(bills)
      .values({ societyId: lc, residentId: r, period: '2033-02', ratePerUnit: '1.00', units: '1.00', total: '1.00' })
      .returning({ id: bills.id });
    const [post] = await db.insert(feedPosts).values({ societyId: lc, title: 'rls', description: 'rls' }).returning({ id: feedPosts.id });
    const [discount] = await db
      .insert(discounts)
      .values(discountRow(lc, 'RLS by id', MEDIA))
      .returning({ id: discounts.id });
    const [plot] = await db
      .insert(plots)
      .values(plotRow(lc, 'rls', MEDIA))
      .returning({ id: plots.id });
    const [notice] = await db.insert(announcements).values({ societyId: lc, title: 'rls', description: 'rls' }).returning({ id: announcements.id });
    await db.insert(notifications).values({ societyId: lc, residentId: r, title: 'rls', description: 'rls', refEntity: CAMPAIGN_REF_ENTITY, refId: 987_654 });
    const reads = (scope: number) =>
      inSociety(db, scope, async (tx) => ({
        complaint: (await deskRepo(tx, 'complaint').getOwn(lc, r, complaint))?.id,
        alarm: (await deskRepo(tx, 'security').getOwn(lc, r, alarm))?.id,
        order: (await deskRepo(tx, 'grocery').getOwn(lc, r, order))?.id,
        consultation: (await deskRepo(tx, 'doctor').getOwn(lc, r, consultation))?.id,
        away: (await notHomeRepo(tx).getOwn(lc, r, away!.id))?.id,
        bill: (await billingRepo(tx).residentBill(lc, r, bill!.id))?._id,
        post: (await postRepo(tx, feedPosts).getWithSociety(lc, post!.id))?.row.id,
        discount: (await postRepo(tx, discounts).getWithSociety(lc, discount!.id))?.row.id,
        plot: (await postRepo(tx, plots).getWithSociety(lc, plot!.id))?.row.id,
        notice: (await announcementsRepo(tx).get(lc, notice!.id))?.id,
        message: (await notificationsRepo(tx).byRef(lc, r, CAMPAIGN_REF_ENTITY, 987_654))?.refId,
      }));
    const kinds = ['complaint', 'alarm', 'order', 'consultation', 'away', 'bill', 'post', 'discount', 'plot', 'notice', 'message'];
    expect(await reads(gv)).toEqual(Object.fromEntries(kinds.map((k) => [k, undefined])));
    expect(await reads(lc)).toEqual({
      complaint,
      alarm,
      order,
      consultation,
      away: away!.id,
      bill: bill!.id,
      post: post!.id,
      discount: discount!.id,
      plot: plot!.id,
      notice: notice!.id,
      message: 987_654,
    });
    // Mark-all-read in another society's scope marks none of them.
    expect(await inSociety(db, gv, (tx) => notificationsRepo(tx).markAllRead(lc, r))).toBe(0);
  });

  it("a society's emergency contacts: another society's scope neither reads nor changes them, and its resident's GET /api/resident/society shows only their own", async () => {
    const gv = await societyId('Green Valley');
    const lc = await societyId('Lake City');
    const foreign = await inSociety(h.database.db, gv, (tx) =>
      tx.select({ contacts: societies.emergencyContacts }).from(societies).where(eq(societies.id, lc)),
    );
    expect(foreign).toEqual([]);
    const changed = await inSociety(h.database.db, gv, (tx) =>
      tx.update(societies).set({ emergencyContacts: [] }).where(eq(societies.id, lc)).returning({ id: societies.id }),
    );
    expect(changed).toEqual([]);
    const [lcRow] = await h.database.db.select({ contacts: societies.emergencyContacts }).from(societies).where(eq(societies.id, lc));
    expect(lcRow!.contacts.map((c) => c.label)).toEqual(['Main gate', 'Society office']);

    const gvResident = await societyWithResident(h.database.db, { name: 'RLS emergency', societyId: gv });
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/resident/society',
      headers: { authorization: await h.residentAuth(gvResident.phone, gvResident.password) },
    });
    const body = res.json<ResidentSociety>();
    expect(body.name).toBe('Green Valley');
    expect(body.emergencyContacts.length).toBeGreaterThan(0);
    for (const contact of lcRow!.contacts) expect(body.emergencyContacts).not.toContainEqual(contact);
  });

  it("Web Push subscriptions in one society's scope: another's are neither seen, changed nor written; the VAPID private key is never readable", async () => {
    const gv = await societyId('Green Valley');
    const lc = await societyId('Lake City');
    const gvResident = (await societyWithResident(h.database.db, { name: 'RLS push GV', societyId: gv })).residentId;
    const lcResident = (await societyWithResident(h.database.db, { name: 'RLS push LC', societyId: lc })).residentId;
    const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22), createdAt: h.clock.now() };
    await h.database.db.insert(webPushSubscriptions).values([
      { societyId: gv, residentId: gvResident, endpoint: 'https://push.invalid/rls-gv', ...keys },
      { societyId: lc, residentId: lcResident, endpoint: 'https://push.invalid/rls-lc', ...keys },
    ]);
    const seen = await inSociety(h.database.db, gv, (tx) => tx.select({ endpoint: webPushSubscriptions.endpoint }).from(webPushSubscriptions));
    expect(seen.map((r) => r.endpoint)).toEqual(['https://push.invalid/rls-gv']);
    const changed = await inSociety(h.database.db, gv, (tx) =>
      tx.delete(webPushSubscriptions).where(eq(webPushSubscriptions.endpoint, 'https://push.invalid/rls-lc')).returning({ id: webPushSubscriptions.id }),
    );
    expect(changed).toEqual([]);
    const refused = await outcomeOf(
      inSociety(h.database.db, gv, (tx) =>
        tx.insert(webPushSubscriptions).values({ societyId: lc, residentId: lcResident, endpoint: 'https://push.invalid/rls-x', ...keys }),
      ),
    );
    expect(refused).toMatch(/row-level security/);
    // The society role has no grant on the key pair at all (only the owner connection reads it).
    const denied = await inSociety(h.database.db, gv, (tx) => tx.select().from(vapidKeys)).then(
      () => 'read',
      (err: Error) => String(err.cause instanceof Error ? err.cause.message : err.message),
    );
    expect(denied).toMatch(/permission denied/);
    await h.database.db.delete(webPushSubscriptions).where(sql`${webPushSubscriptions.endpoint} like 'https://push.invalid/rls-%'`);
  });

  it("a password reset and the discount categories in one society's scope neither change nor count another's, even naming it", async () => {
    const gv = await societyId('Green Valley');
    const lc = await societyId('Lake City');
    const [lcResident] = await h.database.db
      .select({ id: residents.id, hash: residents.passwordHash })
      .from(residents)
      .where(eq(residents.societyId, lc))
      .orderBy(residents.id)
      .limit(1);
    await h.database.db.insert(discounts).values({
      societyId: lc,
      brandName: 'RLS brand',
      branch: 'Main',
      logoMediaId: MEDIA,
      mediaId: MEDIA,
      description: 'RLS offer',
      discount: 10,
      category: 'Education',
    });
    const reset = await inSociety(h.database.db, gv, (tx) => residentAdminRepo(tx).setTemporaryPassword(lc, lcResident!.id, 'not-a-hash', new Date()));
    expect(reset).toBeUndefined();
    const [after] = await h.database.db
      .select({ hash: residents.passwordHash, must: residents.mustChangePassword })
      .from(residents)
      .where(eq(residents.id, lcResident!.id));
    expect(after).toEqual({ hash: lcResident!.hash, must: false });
    const counted = await inSociety(h.database.db, gv, (tx) => discountRepo(tx).categoryCounts(lc));
    expect([...counted]).toEqual([]);
    expect((await inSociety(h.database.db, lc, (tx) => discountRepo(tx).categoryCounts(lc))).get('Education')).toBeGreaterThanOrEqual(1);
    await h.database.db.delete(discounts).where(eq(discounts.brandName, 'RLS brand'));
  });
});
