/**
 * Setup file of the api project (runs in each test file's worker before the file is loaded). On
 * PostgreSQL (the global setup provided a template; nothing on embedded PGlite) it gives the file
 * a database of its own, a copy of the run's migrated and seeded template, points
 * `process.env.DATABASE_URL` at it before the file's code reads it, and drops it after the file.
 * Files therefore share no rows, sequences or advisory locks and may run in parallel.
 */
import { afterAll, inject } from 'vitest';
import { createFromTemplate, databaseUrlOf, dropDatabase, markFreshDatabase, uniqueDatabaseName, withAdmin } from './pg-databases.js';

const tpl = inject('pgTemplate');
if (tpl) {
  const name = uniqueDatabaseName(tpl.base);
  const url = databaseUrlOf(tpl.adminUrl, name);
  await withAdmin(tpl.adminUrl, (client) => createFromTemplate(client, name, tpl.template));
  // A copy without the demo data would fail every test in puzzling ways: say so here instead.
  const seeded = await withAdmin(url, async (client) => {
    const res = await client.query<{ n: number }>(`select count(*)::int as n from societies where name in ('Green Valley', 'Lake City')`);
    return res.rows[0]!.n;
  });
  if (seeded !== 2) throw new Error(`test database ${name} (from ${tpl.template}) has ${seeded} of the 2 demo societies: the template is not seeded`);
  process.env.DATABASE_URL = url;
  markFreshDatabase(url);
  // Registered before the file's own hooks, so it runs after them (Vitest's "stack" order).
  afterAll(() => withAdmin(tpl.adminUrl, (client) => dropDatabase(client, name)));
}
