import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';
import { residents, societies } from '../../src/server/db/schema.js';
import { waitFor } from '../support/wait-for.js';

const onPostgres = Boolean(process.env.DATABASE_URL);

/**
 * The autovacuum stand-in (db/autovacuum.ts), run by the statistics job on PostgreSQL: rows filed
 * in a burst get planner statistics without an ANALYZE by hand.
 */
describe.skipIf(!onPostgres)('the statistics job on PostgreSQL', () => {
  const h = useHarness();

  const setting = async (name: string) =>
    ((await h.database.db.execute(sql`select current_setting(${name}) as v`)) as unknown as { rows: { v: string }[] }).rows[0]!.v;
  const analysedAt = async () =>
    (
      (await h.database.db.execute(
        sql`select last_analyze, n_mod_since_analyze::int as mods from pg_stat_user_tables where relname = 'desk_requests'`,
      )) as unknown as { rows: { last_analyze: string | null; mods: number }[] }
    ).rows[0]!;

  it('analyses a table autovacuum would have, once its changes pass autovacuum’s threshold, and leaves it alone after', async () => {
    // What was due from the harness's own seeding is done first.
    await h.database.maintain();
    const before = await analysedAt();
    const [society] = await h.database.db.select({ id: societies.id }).from(societies).where(eq(societies.name, 'Green Valley'));
    const [resident] = await h.database.db.select({ id: residents.id }).from(residents).where(eq(residents.societyId, society!.id)).limit(1);
    // 2,000 rows: past 50 + 10% of the table whatever the demo data holds. Flushed to the
    // statistics counters as the inserting session goes idle.
    await h.database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into desk_requests (desk, society_id, resident_id, body)
        select 'complaint', ${society!.id}, ${resident!.id}, 'burst ' || g from generate_series(1, 2000) g`);
      await tx.execute(sql`select pg_stat_force_next_flush()`);
    });

    if ((await setting('autovacuum')) === 'on') {
      // Autovacuum does it; the job does nothing.
      await h.jobs.statistics.runOnce();
      expect(await h.database.maintain()).toEqual([]);
      return;
    }
    await waitFor(async () => (await analysedAt()).mods >= 2000, 'the insert in the statistics counters');
    await h.jobs.statistics.runOnce();
    const after = await analysedAt();
    expect(after.mods).toBe(0);
    expect(after.last_analyze).not.toBeNull();
    expect(after.last_analyze).not.toEqual(before.last_analyze);
    // Nothing is due now: the next pass leaves the table alone.
    expect((await h.database.maintain()).map((t) => t.table)).not.toContain('public.desk_requests');
  });
});
