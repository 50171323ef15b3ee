/**
 * Row-level security, the mechanism: work run through `inSociety` sees and writes only that
 * society's rows even when the query forgets its filter; the pooled connection is left as it was;
 * every table with a society_id has a policy. Runs on PGlite and on PostgreSQL.
 */
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, deskRequests, residents, societies, staffUsers } from '../../../src/server/db/schema.js';
import { inSociety } from '../../../src/server/db/society-scope.js';
import { useHarness } from '../harness.js';
import { outcomeOf, rowsOf, societyIdOf } from './support.js';

describe('row-level security: the society scope', () => {
  const h = useHarness();
  const societyId = (name: string) => societyIdOf(h.database.db, name);

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
    const refused = await outcomeOf(
      inSociety(h.database.db, gv, (tx) => tx.insert(deskRequests).values({ desk: 'complaint', societyId: lc, residentId: lcResident!.id, body: 'x' })),
    );
    expect(refused).toMatch(/row-level security/);
    // Updates of foreign rows find nothing to update.
    const updated = await inSociety(h.database.db, gv, (tx) =>
      tx.update(residents).set({ designation: 'changed' }).where(eq(residents.id, lcResident!.id)).returning({ id: residents.id }),
    );
    expect(updated).toEqual([]);
    expect(await h.database.db.select({ n: count() }).from(deskRequests)).toEqual(before);
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

  it('a society scope cannot read the tables kept on the owner connection (idempotency keys, rate limits)', async () => {
    const gv = await societyId('Green Valley');
    for (const table of ['idempotency_keys', 'rate_limits']) {
      const read = inSociety(h.database.db, gv, (tx) => tx.execute(sql.raw(`select count(*) from "${table}"`)));
      expect(await outcomeOf(read), table).toMatch(/permission denied/);
    }
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
