import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useHarness } from './harness.js';
import { deskRequests, residents, societies } from '../../src/server/db/schema.js';
import { SOCIETY_ROLE } from '../../src/server/db/society-scope.js';
import { complaintsDesk } from '../support/clients/complaints.js';
import { watchRoundTrips, type SentStatement } from '../support/round-trips.js';

const onPostgres = Boolean(process.env.DATABASE_URL);

/** A plan node of `EXPLAIN (ANALYZE, FORMAT JSON)`, as far as these tests read it. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** Every row a plan's scans of `table` read: returned, or read and then filtered out. */
function rowsRead(node: PlanNode, table: string): number {
  const own =
    node['Relation Name'] === table
      ? node['Actual Rows'] * node['Actual Loops'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child, table), 0);
}

/** `text` with its `$n` parameters written in as quoted literals (untyped, as a parameter is). */
function inline({ text, values }: Pick<SentStatement, 'text' | 'values'>): string {
  return values.reduceRight<string>((t, v, i) => t.replaceAll(`$${i + 1}`, `'${String(v).replaceAll("'", "''")}'`), text);
}

/**
 * How the list pages are planned when the statistics are fresh and a society's list is old: the
 * other society filed every newer row. A plan that reads the page in id order from the primary key
 * and filters walks all of those first.
 */
describe('plans of list pages', () => {
  const h = useHarness();
  afterEach(() => vi.restoreAllMocks());
  const desk = complaintsDesk(h);
  const ROWS = 3000;

  const fileMany = async (societyName: string, body: string) => {
    const [society] = await h.database.db.select({ id: societies.id }).from(societies).where(eq(societies.name, societyName));
    const [resident] = await h.database.db.select({ id: residents.id }).from(residents).where(eq(residents.societyId, society!.id)).limit(1);
    await h.database.db.execute(sql`insert into desk_requests (desk, society_id, resident_id, body)
      select 'complaint', ${society!.id}, ${resident!.id}, ${body} || ' ' || g from generate_series(1, ${ROWS}) g`);
    return society!.id;
  };

  /** The rows of `desk_requests` each page statement `run` sent read, run again under EXPLAIN ANALYZE as the app ran it. */
  const rowsReadByPages = async (societyId: number, run: () => Promise<void>) => {
    const { sent } = await watchRoundTrips(run);
    const pages = sent.filter((s) => /from "desk_requests"/.test(s.text) && /order by/.test(s.text));
    expect(pages.length, sent.map((s) => s.text.slice(0, 80)).join('\n')).toBeGreaterThan(0);
    vi.restoreAllMocks();
    const read: number[] = [];
    for (const page of pages)
      await h.database.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.society_id', ${String(societyId)}, true), set_config('role', ${SOCIETY_ROLE}, true)`);
        const result = (await tx.execute(sql.raw(`explain (analyze, format json) ${inline(page)}`))) as { rows: Record<string, unknown>[] };
        const plan = result.rows[0]!['QUERY PLAN'];
        const [top] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: PlanNode }];
        read.push(rowsRead(top.Plan, 'desk_requests'));
      });
    return read;
  };

  it('page 1 and a page deep behind a cursor read their own rows only, though another society filed every newer row', async () => {
    const gv = await fileMany('Green Valley', 'older complaint');
    await fileMany('Lake City', 'newer complaint');
    await h.database.db.execute(sql`analyze desk_requests`);
    const cookie = await h.staffCookie('complaints@greenvalley.test');
    const [deep] = await h.database.db
      .select({ id: deskRequests.id })
      .from(deskRequests)
      .where(sql`${deskRequests.societyId} = ${gv} and ${deskRequests.desk} = 'complaint' and ${deskRequests.stage} = 'new'`)
      .orderBy(sql`${deskRequests.id} desc`)
      .offset(ROWS / 2)
      .limit(1);
    const read = await rowsReadByPages(gv, async () => {
      for (const query of ['?stage=new&page=1', `?stage=new&page=${ROWS / 20}&after=${deep!.id}`]) {
        const res = await desk.list(cookie, query);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json<{ items: unknown[] }>().items).toHaveLength(10);
      }
    });
    // Ten ids from the list index and their ten rows by primary key, give or take a boundary row:
    // not the 3,000 newer rows of Lake City, nor the 1,500 rows above the cursor.
    expect(read, `rows read by each page statement (${onPostgres ? 'PostgreSQL' : 'PGlite'})`).toHaveLength(2);
    for (const n of read) expect(n).toBeLessThanOrEqual(30);
  });
});
