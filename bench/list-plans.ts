/**
 * EXPLAIN ANALYZE of every list query at N requests per society, on PGlite and on PostgreSQL,
 * so the plans are kept in docs/. Seeds like bench/list-scale.ts, then runs the statements
 * the list helper sends (src/server/lib/list-page.ts, desk repo), inside a society scope as the
 * app does (role society_app, app.society_id set), and prints them as Markdown.
 *
 *   npx tsx bench/list-plans.ts [--rows 100000] [--db pglite|postgres|both]
 *     [--pg-url postgres://root@127.0.0.1:5432/bench_list] > docs/list-plans.md
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client.js';
import { lockDataDir } from '../src/server/db/lock.js';
import { HIT_WORD, MISS_WORD } from './list-scale/columns.js';
import { prepareDatabase } from './list-scale/seed.js';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    db: { type: 'string', default: 'both' },
    'pg-url': { type: 'string', default: 'postgres://root@127.0.0.1:5432/bench_list' },
  },
});
const ROWS = Number(values.rows);
const kinds = values.db === 'both' ? (['pglite', 'postgres'] as const) : ([values.db] as ('pglite' | 'postgres')[]);

/** The list statements for Green Valley's stage-new complaints, as the repo builds them. */
function statements(society: number, cursor: number): [string, string, 'society' | 'owner'][] {
  // The list's key as the repo writes it (lib/page-window.ts listKeyRange): the society an
  // equality, the rest a row range, which only the list index serves and orders by.
  const scope = `society_id = ${society} and (desk, stage) >= ('complaint', 'new') and (desk, stage) <= ('complaint', 'new')`;
  const pastCursor = `society_id = ${society} and (desk, stage) >= ('complaint', 'new') and (desk, stage, id) < ('complaint', 'new', ${cursor})`;
  const page = (where: string, order: 'desc' | 'asc', offset = 0) =>
    `select d.id, d.body, d.stage, d.created_at, r.name, s.name from desk_requests d join residents r on r.id = d.resident_id join societies s on s.id = d.society_id
     where d.id in (select id from desk_requests where ${where} order by society_id ${order}, desk ${order}, stage ${order}, id ${order} limit 10 offset ${offset}) order by d.id ${order}`;
  // A search's ids and count run as the owner (LIKE is not leakproof: under the row policy the
  // trigram index cannot be used; ADR 0003); its rows are then read by id under the policy. The
  // list's filters are written `(…) IS TRUE` (trigramOnly), search_text is lower-cased.
  const searched = (word: string) => `(${scope}) is true and search_text like lower('%${word}%')`;
  const searchIds = (word: string) => `select id from desk_requests where ${searched(word)} order by id + 0 desc limit 10`;
  return [
    ['total of an unsearched list (list_counts)', `select n from list_counts where society_id = ${society} and list = 'complaint:new'`, 'society'],
    ['page 1', page(scope, 'desc'), 'society'],
    ['deep page by cursor (page 5000, after=<id>)', page(pastCursor, 'desc'), 'society'],
    ['page 5000 by number (offset from the top)', page(scope, 'desc', 49_990), 'society'],
    ['last page by number (offset 0 from the bottom)', page(scope, 'asc'), 'society'],
    [`search ~1% ("${HIT_WORD}"): page ids`, searchIds(HIT_WORD), 'owner'],
    [`search ~1% ("${HIT_WORD}"): capped count`, `select count(*)::int from (select 1 from desk_requests where ${searched(HIT_WORD)} limit 1001) m`, 'owner'],
    [`search, no match ("${MISS_WORD}"): page ids`, searchIds(MISS_WORD), 'owner'],
    [
      `search, no match ("${MISS_WORD}"): capped count`,
      `select count(*)::int from (select 1 from desk_requests where ${searched(MISS_WORD)} limit 1001) m`,
      'owner',
    ],
    [`search under the row policy, for comparison (not what the app runs)`, searchIds(HIT_WORD), 'society'],
  ];
}

async function explainAll(client: pg.ClientBase, title: string): Promise<void> {
  const [{ id: society }] = (await client.query<{ id: number }>(`select id from societies where name = 'Green Valley'`)).rows as [{ id: number }];
  const [{ id: cursor }] = (
    await client.query<{ id: number }>(
      `select id from desk_requests where society_id = $1 and desk = 'complaint' and stage = 'new' order by id desc offset 49989 limit 1`,
      [society],
    )
  ).rows as [{ id: number }];
  console.log(`\n## ${title}\n`);
  for (const [name, text, as] of statements(society, cursor)) {
    await client.query('begin');
    await client.query(`select set_config('app.society_id', $1, true)`, [String(society)]);
    if (as === 'society') await client.query(`select set_config('role', 'society_app', true)`);
    await client.query(text); // warm
    const plan = (await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off, timing on) ${text}`)).rows.map((r) => r['QUERY PLAN']);
    await client.query('rollback');
    console.log(`### ${name} (as ${as === 'owner' ? 'the owner' : 'society_app'})\n\n\`\`\`\n${plan.join('\n')}\n\`\`\`\n`);
  }
}

console.log(`# List query plans at ${ROWS.toLocaleString('en')} requests per society\n`);
console.log(
  'Written by `npx tsx bench/list-plans.ts` (ADR 0003): each list statement run as the app runs it (role `society_app`, society set), after `VACUUM ANALYZE`, on this 2-core machine.',
);
for (const kind of kinds) {
  if (kind === 'postgres') {
    await prepareDatabase({ kind, url: values['pg-url'] }, ROWS, 5000);
    const client = new pg.Client({ connectionString: values['pg-url'] });
    await client.connect();
    await explainAll(client, `PostgreSQL ${(await client.query('show server_version')).rows[0].server_version}`);
    await client.end();
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'list-plans-'));
    try {
      await prepareDatabase({ kind, dataDir: dir }, ROWS, 5000);
      const lock = lockDataDir(dir, {
        onLost: (m) => {
          console.error(m);
          process.exit(1);
        },
      });
      const database = await openDatabase({ dataDir: dir });
      // Through the app's own pool: one connection to the embedded server.
      const pool = (database.db as unknown as { $client: pg.Pool }).$client;
      const client = await pool.connect();
      await explainAll(client, 'PGlite (embedded, worker thread)');
      client.release();
      await database.close();
      lock.release();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
