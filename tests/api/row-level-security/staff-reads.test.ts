/**
 * Row-level security of what staff read and change: staff accounts, the audit log, SOS drills
 * (and their screens), every report figure, the overdue list and deadline settings — in another
 * society's scope none is seen or changed, even naming that society and id. Runs on PGlite and on
 * PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { securityDrillScreens, staffUsers } from '../../../src/server/db/schema.js';
import { inSociety } from '../../../src/server/db/society-scope.js';
import { staffAdminRepo } from '../../../src/server/modules/staff/repo.js';
import { auditRepo } from '../../../src/server/modules/audit/repo.js';
import { drillRepo } from '../../../src/server/modules/security/drill-repo.js';
import { reportsRepo, type ReportRange } from '../../../src/server/modules/reports/repo.js';
import { calendarDay } from '../../../src/shared/calendar.js';
import { deadlinesRepo } from '../../../src/server/modules/deadlines/repo.js';
import { useHarness } from '../harness.js';
import { outcomeOf, societyIdOf } from './support.js';

describe('row-level security: what staff read and change', () => {
  const h = useHarness();
  const societyId = (name: string) => societyIdOf(h.database.db, name);

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

  it("a drill and its screens in one society's scope: another's are neither seen, ended nor rung, even naming that society and drill", async () => {
    const gv = await societyId('Green Valley');
    const lc = await societyId('Lake City');
    const [staff] = await h.database.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.societyId, lc)).limit(1);
    const id = await inSociety(h.database.db, lc, (tx) =>
      drillRepo(tx).insert({ societyId: lc, startedBy: staff!.id, startedByName: 'RLS', startedAt: h.clock.now(), screensAtStart: 0 }),
    );
    const screen = (name: string) => ({
      societyId: lc,
      drillId: id,
      staffId: staff!.id,
      staffName: 'RLS',
      screen: name,
      rangAt: h.clock.now(),
      ringMs: 120,
      ringServerMs: 150,
    });
    expect(await inSociety(h.database.db, lc, (tx) => drillRepo(tx).rang(screen('own-tab')))).toBe(true);
    const foreign = await inSociety(h.database.db, gv, async (tx) => {
      const repo = drillRepo(tx);
      return {
        one: await repo.get(lc, id),
        page: await repo.list(lc, { page: 1 }),
        running: await repo.running(lc),
        screens: await repo.screens(lc, id),
        ended: await repo.end(lc, id, staff!.id, h.clock.now()),
      };
    });
    expect(foreign).toEqual({ one: undefined, page: expect.objectContaining({ items: [], total: 0 }), running: undefined, screens: [], ended: false });
    // A ring reported into another society's drill is refused by the policy, not merely not found.
    expect(await outcomeOf(inSociety(h.database.db, gv, (tx) => drillRepo(tx).rang(screen('foreign-tab'))))).toMatch(/row-level security/);
    const rung = await h.database.db.select({ screen: securityDrillScreens.screen }).from(securityDrillScreens).where(eq(securityDrillScreens.drillId, id));
    expect(rung).toEqual([{ screen: 'own-tab' }]);
    const own = await inSociety(h.database.db, lc, async (tx) => ({ one: await drillRepo(tx).get(lc, id), screens: await drillRepo(tx).screens(lc, id) }));
    expect(own).toMatchObject({ one: { id, endedAt: null }, screens: [{ screen: 'own-tab' }] });
  });

  it("every report figure computed in one society's scope is zero for another society, even naming it", async () => {
    const gv = await societyId('Green Valley');
    const lc = await societyId('Lake City');
    const now = h.clock.now();
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

    // The rollup: Lake City's scope can neither write Green Valley's days nor read them once built,
    // and read through them, the figures are still Lake City's own (none).
    const closed = { ...range, to: calendarDay(new Date(now.getTime() - 3 * 86_400_000), 'Asia/Karachi') };
    const build = (scope: number) => inSociety(h.database.db, scope, (tx) => reportsRepo(tx).buildRollup(closed, 'complaint', ['complaint'], now));
    expect(await outcomeOf(build(lc))).toMatch(/row-level security/);
    await build(gv);
    const ownDays = await inSociety(h.database.db, gv, (tx) => reportsRepo(tx).rollupCoverage(range, 'complaint', closed.to));
    expect(ownDays.length).toBeGreaterThan(0);
    expect(await inSociety(h.database.db, lc, (tx) => reportsRepo(tx).rollupCoverage(range, 'complaint', closed.to))).toEqual([]);
    const rolledRange: ReportRange = { ...range, rolled: { to: closed.to, minAsOf: now } };
    const [rolledScan, rolledStaff] = await inSociety(h.database.db, lc, (tx) =>
      Promise.all([reportsRepo(tx).volumeScan(rolledRange, 'complaint'), reportsRepo(tx).staff(rolledRange, 'complaint', ['complaint'])]),
    );
    expect({ byDay: rolledScan.by_day, heat: rolledScan.heat, staff: rolledStaff }).toEqual({ byDay: [], heat: [], staff: [] });
    const [ownRolled] = await inSociety(h.database.db, gv, (tx) => Promise.all([reportsRepo(tx).volumeScan(rolledRange, 'complaint')]));
    expect(ownRolled.by_day).toEqual(own.by_day);
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
    const refused = await outcomeOf(
      inSociety(h.database.db, gv, (tx) =>
        deadlinesRepo(tx).save(lc, { desk: 'complaint', firstActionHours: 1, completionHours: 1, notifyResident: true }, 1, h.clock.now()),
      ),
    );
    expect(refused).toMatch(/row-level security/);
    expect((await inSociety(h.database.db, lc, (tx) => deadlinesRepo(tx).settings(lc)))[0]).toMatchObject({ firstActionHours: 24 });
  });
});
