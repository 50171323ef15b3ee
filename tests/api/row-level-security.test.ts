import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  announcements,
  auditLog,
  bills,
  deskRequests,
  discounts,
  feedPosts,
  notHomeRequests,
  notifications,
  residents,
  societies,
  staffUsers,
  vapidKeys,
  webPushSubscriptions,
} from '../../src/server/db/schema.js';
import { deskRepo } from '../../src/server/desk/repo.js';
import { notHomeRepo } from '../../src/server/modules/not-home/repo.js';
import { postRepo } from '../../src/server/posts/repo.js';
import { announcementsRepo } from '../../src/server/modules/announcements/repo.js';
import { CAMPAIGN_REF_ENTITY, notificationsRepo } from '../../src/server/modules/notifications/repo.js';
import { inSociety } from '../../src/server/db/society-scope.js';
import { billingRepo } from '../../src/server/modules/billing/repo.js';
import { staffAdminRepo } from '../../src/server/modules/staff/repo.js';
import { auditRepo } from '../../src/server/modules/audit/repo.js';
import { signedInStaff } from '../support/clients/sessions.js';
import { readExport } from '../support/xlsx-export.js';
import { drillRepo } from '../../src/server/modules/security/drill-repo.js';
import { reportsRepo, type ReportRange } from '../../src/server/modules/reports/repo.js';
import { calendarDay } from '../../src/shared/calendar.js';
import { deadlinesRepo } from '../../src/server/modules/deadlines/repo.js';
import { residentAdminRepo } from '../../src/server/modules/residents/admin-repo.js';
import { discountRepo } from '../../src/server/modules/discounts/repo.js';
import type { ResidentSociety } from '../../src/shared/contracts/resident.js';
import { societyWithResident } from '../support/rows.js';
import { useHarness } from './harness.js';

/** Raw SQL rows: both drivers (PGlite and node-postgres) answer `execute` with `{rows}`. */
async function rowsOf<T>(result: Promise<unknown>): Promise<T[]> {
  return ((await result) as { rows: T[] }).rows;
}

/**
 * Row-level security: work run through `inSociety` sees and writes only that
 * society's rows even when the query forgets its filter. Runs on PGlite and on PostgreSQL.
 */
describe('row-level security', () => {
  const h = useHarness();
  const societyId = async (name: string) => {
    const [row] = await h.database.db.select({ id: societies.id }).from(societies).where(eq(societies.name, name));
    return row!.id;
  };

  it('an unfiltered query in a society scope returns exactly that society’s rows', async () => {
    const gv = await societyId('Green Valley');
    const lc = await societyId('Lake City');
    for (const table of [residents, staffUsers, deskRequests, auditLog]) {
      const [own] = await h.database.db.select({ n: count() }).from(table).where(eq(table.societyId, gv));
      const [foreign] = await h.database.db.select({ n: count() }).from(table).where(eq(table.societyId, lc));
      expect(Number(foreign!.n), 'the seed has rows of both societies').toBeGreaterThan(0);
      const seen = await inSociety(h.database.db, gv, (tx) => tx.select({ societyId: table.societyId }).from(table));
      expect(seen).toHaveLength(Number(own!.n));
      expect(new Set(seen.map((r) => r.societyId))).toEqual(new Set([gv]));
    }
    const names = await inSociety(h.database.db, lc, (tx) => tx.select({ name: societies.name }).from(societies));
    expect(names).toEqual([{ name: 'Lake City' }]);
  });

  it('refuses to write a row of another society from a society scope', async () => {
    const gv = await societyId('Green Valley');
    const lc = await societyId('Lake City');
    const [lcResident] = await h.database.db.select({ id: residents.id }).from(residents).where(eq(residents.societyId, lc)).limit(1);
    const before = await h.database.db.select({ n: count() }).from(deskRequests);
    const refused = await inSociety(h.database.db, gv, (tx) =>
      tx.insert(deskRequests).values({ desk: 'complaint', societyId: lc, residentId: lcResident!.id, body: 'x' }),
    ).then(
      () => 'written',
      (err: Error) => String(err.cause instanceof Error ? err.cause.message : err.message),
    );
    expect(refused).toMatch(/row-level security/);
    // Updates of foreign rows find nothing to update.
    const updated = await inSociety(h.database.db, gv, (tx) =>
      tx.update(residents).set({ designation: 'changed' }).where(eq(residents.id, lcResident!.id)).returning({ id: residents.id }),
    );
    expect(updated).toEqual([]);
    expect(await h.database.db.select({ n: count() }).from(deskRequests)).toEqual(before);
  });

  it("a resident's bill page read in another society's scope sees nothing, even naming that society and resident", async () => {
    const gv = await societyId('Green Valley');
    const lc = await societyId('Lake City');
    const residentOf = async (society: number) =>
      (await h.database.db.select({ id: residents.id }).from(residents).where(eq(residents.societyId, society)).orderBy(residents.id).limit(1))[0]!.id;
    const [gvResident, lcResident] = [await residentOf(gv), await residentOf(lc)];
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
    const [lcResident] = await h.database.db.select({ id: residents.id }).from(residents).where(eq(residents.societyId, lc)).orderBy(residents.id).limit(1);
    const r = lcResident!.id;
    const db = h.database.db;
    // One of each kind in Lake City, written on the owner connection.
    const [complaint] = await db
      .insert(deskRequests)
      .values({ desk: 'complaint', societyId: lc, residentId: r, body: 'rls by id' })
      .returning({ id: deskRequests.id });
    const [away] = await db
      .insert(notHomeRequests)
      .values({ societyId: lc, residentId: r, fromDate: '2033-01-01', toDate: '2033-01-02' })
      .returning({ id: notHomeRequests.id });
    const [bill] = await db
      .insert(bills)
      .values({ societyId: lc, residentId: r, period: '2033-02', ratePerUnit: '1.00', units: '1.00', total: '1.00' })
      .returning({ id: bills.id });
    const [post] = await db.insert(feedPosts).values({ societyId: lc, title: 'rls', description: 'rls' }).returning({ id: feedPosts.id });
    const [notice] = await db.insert(announcements).values({ societyId: lc, title: 'rls', description: 'rls' }).returning({ id: announcements.id });
    await db.insert(notifications).values({ societyId: lc, residentId: r, title: 'rls', description: 'rls', refEntity: CAMPAIGN_REF_ENTITY, refId: 987_654 });
    const reads = (scope: number) =>
      inSociety(db, scope, async (tx) => ({
        complaint: (await deskRepo(tx, 'complaint').getOwn(lc, r, complaint!.id))?.id,
        away: (await notHomeRepo(tx).getOwn(lc, r, away!.id))?.id,
        bill: (await billingRepo(tx).residentBill(lc, r, bill!.id))?._id,
        post: (await postRepo(tx, feedPosts).getWithSociety(lc, post!.id))?.row.id,
        notice: (await announcementsRepo(tx).get(lc, notice!.id))?.id,
        message: (await notificationsRepo(tx).byRef(lc, r, CAMPAIGN_REF_ENTITY, 987_654))?.refId,
      }));
    expect(await reads(gv)).toEqual({ complaint: undefined, away: undefined, bill: undefined, post: undefined, notice: undefined, message: undefined });
    expect(await reads(lc)).toEqual({ complaint: complaint!.id, away: away!.id, bill: bill!.id, post: post!.id, notice: notice!.id, message: 987_654 });
    // Mark-all-read in another society's scope marks none of them.
    expect(await inSociety(db, gv, (tx) => notificationsRepo(tx).markAllRead(lc, r))).toBe(0);
  });

  it("/Staff's queries in one society's scope neither see nor change another society's accounts, even naming them", async () => {
    const gv = await societyId('Green Valley');
    const lc = await societyId('Lake City');
    const [lcStaff] = await h.database.db
      .select({ id: staffUsers.id, subRole: staffUsers.subRole })
      .from(staffUsers)
      .where(eq(staffUsers.societyId, lc))
      .orderBy(staffUsers.id)
      .limit(1);
    const foreign = await inSociety(h.database.db, gv, async (tx) => {
      const repo = staffAdminRepo(tx);
      return {
        page: await repo.list(lc, '', { page: 1 }),
        byId: await repo.byId(lc, lcStaff!.id),
        locked: await repo.lockForChange(lc, lcStaff!.id),
      };
    });
    expect(foreign).toEqual({ page: expect.objectContaining({ items: [], total: 0 }), byId: undefined, locked: { account: undefined, otherSuperAdmins: 0 } });
    await inSociety(h.database.db, gv, (tx) => staffAdminRepo(tx).setSubRole(lcStaff!.id, 'super-admin'));
    const [after] = await h.database.db.select({ subRole: staffUsers.subRole }).from(staffUsers).where(eq(staffUsers.id, lcStaff!.id));
    expect(after!.subRole).toBe(lcStaff!.subRole);
    const own = await inSociety(h.database.db, lc, (tx) => staffAdminRepo(tx).list(lc, '', { page: 1 }));
    expect(own.items.length).toBeGreaterThan(0);
  });

  it("the audit log read in one society's scope sees none of another's rows, even naming that society", async () => {
    const gv = await societyId('Green Valley');
    const lc = await societyId('Lake City');
    const foreign = await inSociety(h.database.db, gv, async (tx) => {
      const repo = auditRepo(tx);
      return { page: await repo.page(lc, 'Asia/Karachi', { q: '' }, { page: 1 }), choices: await repo.filterChoices(lc) };
    });
    expect(foreign).toEqual({ page: expect.objectContaining({ items: [], total: 0 }), choices: { actors: [], actions: [] } });
    const own = await inSociety(h.database.db, lc, (tx) => auditRepo(tx).page(lc, 'Asia/Karachi', { q: '' }, { page: 1 }));
    expect(own.items.length).toBeGreaterThan(0);
  });

  it("a Lake City export holds none of Green Valley's rows (audit log, residents, complaints)", async () => {
    const gv = await societyId('Green Valley');
    const { send } = signedInStaff(h);
    const gvIds = async (table: typeof auditLog | typeof residents | typeof deskRequests) =>
      new Set((await h.database.db.select({ id: table.id }).from(table).where(eq(table.societyId, gv))).map((r) => r.id));
    const cases = [
      { url: '/api/audit/export', email: 'super-admin@lakecity.test', ids: await gvIds(auditLog) },
      { url: '/api/complain/export?stage=completed', email: 'complaints@lakecity.test', ids: await gvIds(deskRequests) },
    ];
    for (const c of cases) {
      const file = readExport(await send('GET', c.url, c.email));
      expect(file.rows.length, c.url).toBeGreaterThan(0);
      expect(
        file.rows.filter((r) => c.ids.has(Number(r[0]?.v))),
        c.url,
      ).toEqual([]);
      expect(file.about.get('Society')).toBe('Lake City');
    }
    const gvCodes = new Set(
      (await h.database.db.select({ code: residents.residentCode }).from(residents).where(eq(residents.societyId, gv))).map((r) => r.code),
    );
    const people = readExport(await send('GET', '/api/residents/export', 'super-admin@lakecity.test'));
    expect(people.rows.length).toBeGreaterThan(0);
    expect(people.rows.filter((r) => gvCodes.has(String(r[1]?.v)))).toEqual([]);
  });

  it("a drill read in one society's scope sees none of another's drills, even naming that society and drill", async () => {
    const gv = await societyId('Green Valley');
    const lc = await societyId('Lake City');
    const [staff] = await h.database.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.societyId, lc)).limit(1);
    const id = await inSociety(h.database.db, lc, (tx) =>
      drillRepo(tx).insert({ societyId: lc, startedBy: staff!.id, startedByName: 'RLS', startedAt: new Date(), screensAtStart: 0 }),
    );
    const foreign = await inSociety(h.database.db, gv, async (tx) => {
      const repo = drillRepo(tx);
      return {
        one: await repo.get(lc, id),
        page: await repo.list(lc, { page: 1 }),
        running: await repo.running(lc),
        ended: await repo.end(lc, id, staff!.id, new Date()),
      };
    });
    expect(foreign).toEqual({ one: undefined, page: expect.objectContaining({ items: [], total: 0 }), running: undefined, ended: false });
    const own = await inSociety(h.database.db, lc, (tx) => drillRepo(tx).get(lc, id));
    expect(own).toMatchObject({ id, endedAt: null });
  });

  it("every report figure computed in one society's scope is zero for another society, even naming it", async () => {
    const gv = await societyId('Green Valley');
    const lc = await societyId('Lake City');
    const now = new Date();
    const range: ReportRange = {
      societyId: gv,
      timeZone: 'Asia/Karachi',
      from: calendarDay(new Date(now.getTime() - 60 * 86_400_000), 'Asia/Karachi'),
      to: calendarDay(now, 'Asia/Karachi'),
    };
    const all = (tx: Parameters<typeof reportsRepo>[0]) => {
      const repo = reportsRepo(tx);
      return Promise.all([
        repo.volumeScan(range, 'complaint'),
        repo.staff(range, 'complaint', ['complaint']),
        repo.securityScan(range, [60]),
        repo.notHomeScan(range, [60]),
        repo.groceryDays(range),
        repo.overdue(range, 'complaint'),
        repo.speedScan(range, 'complaint', [60]),
      ]);
    };
    const [scan, staff, alarms, notHome, grocery, overdue, speeds] = await inSociety(h.database.db, lc, all);
    expect({ byDay: scan.by_day, heat: scan.heat, n: speeds.first_action.n, hist: speeds.first_action.hist }).toEqual({ byDay: [], heat: [], n: 0, hist: [] });
    expect(staff).toEqual([]);
    expect(alarms).toMatchObject({ alarms: 0, escalated: 0, away: 0, merged_presses: 0 });
    expect(notHome).toMatchObject({ requests: 0, with_guard: 0 });
    expect(grocery).toEqual([]);
    expect(overdue).toEqual({ now: [], became: 0, items: 0 });
    // The same queries in Green Valley's own scope see its seeded complaints and their audit rows.
    const [own, ownStaff] = await inSociety(h.database.db, gv, all);
    expect(own.by_day.length).toBeGreaterThan(0);
    expect(ownStaff.length).toBeGreaterThan(0);
  });

  it("the overdue list and deadline settings in one society's scope neither see nor write another's, even naming that society", async () => {
    const gv = await societyId('Green Valley');
    const lc = await societyId('Lake City');
    // The seed's old requests of both societies become overdue.
    await h.jobs.deadlines.runOnce();
    const foreign = await inSociety(h.database.db, gv, (tx) => deadlinesRepo(tx).overduePage(lc, '', { page: 1 }));
    expect(foreign).toMatchObject({ items: [], total: 0 });
    const own = await inSociety(h.database.db, lc, (tx) => deadlinesRepo(tx).overduePage(lc, '', { page: 1 }));
    expect(own.items.length).toBeGreaterThan(0);
    const refused = await inSociety(h.database.db, gv, (tx) =>
      deadlinesRepo(tx).save(lc, { desk: 'complaint', firstActionHours: 1, completionHours: 1, notifyResident: true }, 1, new Date()),
    ).then(
      () => 'written',
      (err: Error) => String(err.cause instanceof Error ? err.cause.message : err.message),
    );
    expect(refused).toMatch(/row-level security/);
    expect((await inSociety(h.database.db, lc, (tx) => deadlinesRepo(tx).settings(lc)))[0]).toMatchObject({ firstActionHours: 24 });
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
    const residentOf = async (society: number) =>
      (await h.database.db.select({ id: residents.id }).from(residents).where(eq(residents.societyId, society)).orderBy(residents.id).limit(1))[0]!.id;
    const [gvResident, lcResident] = [await residentOf(gv), await residentOf(lc)];
    const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22), createdAt: new Date() };
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
    const refused = await inSociety(h.database.db, gv, (tx) =>
      tx.insert(webPushSubscriptions).values({ societyId: lc, residentId: lcResident, endpoint: 'https://push.invalid/rls-x', ...keys }),
    ).then(
      () => 'written',
      (err: Error) => String(err.cause instanceof Error ? err.cause.message : err.message),
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
    const logo = '00000000-0000-4000-8000-000000000002';
    await h.database.db.insert(discounts).values({
      societyId: lc,
      brandName: 'RLS brand',
      branch: 'Main',
      logoMediaId: logo,
      mediaId: logo,
      description: 'RLS offer',
      discount: 10,
      category: 'Education',
    });
    const reset = await inSociety(h.database.db, gv, (tx) => residentAdminRepo(tx).setTemporaryPassword(lc, lcResident!.id, 'not-a-hash'));
    expect(reset).toBe(false);
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

  it('leaves the pooled connection as it was after a scope', async () => {
    const gv = await societyId('Green Valley');
    await inSociety(h.database.db, gv, async () => undefined);
    const [row] = await rowsOf<{ role: string; society: string | null }>(
      h.database.db.execute(sql`select current_user as role, nullif(current_setting('app.society_id', true), '') as society`),
    );
    expect(row!.role).not.toBe('society_app');
    expect(row!.society).toBeNull();
  });

  it('every table with a society_id column has row-level security and a policy', async () => {
    const rows = await rowsOf<{ table: string; rls: boolean; policies: number }>(
      h.database.db.execute(sql`
      select c.relname as table, c.relrowsecurity as rls,
             (select count(*)::int from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname) as policies
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and exists (select 1 from information_schema.columns col
                    where col.table_schema = 'public' and col.table_name = c.relname and col.column_name = 'society_id')
      order by 1`),
    );
    expect(rows.length).toBeGreaterThanOrEqual(7);
    for (const r of rows) expect(r, r.table).toMatchObject({ rls: true, policies: 1 });
  });
});
