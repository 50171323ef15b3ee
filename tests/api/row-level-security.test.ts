import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, bills, deskRequests, residents, societies, staffUsers } from '../../src/server/db/schema.js';
import { inSociety } from '../../src/server/db/society-scope.js';
import { billingRepo } from '../../src/server/modules/billing/repo.js';
import { staffAdminRepo } from '../../src/server/modules/staff/repo.js';
import { auditRepo } from '../../src/server/modules/audit/repo.js';
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
