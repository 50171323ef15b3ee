import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useHarness } from './harness.js';
import { complaintsDesk } from '../support/clients/complaints.js';
import { builtAndSent, firstTransaction, watchRoundTrips as watch } from '../support/round-trips.js';

const onPostgres = Boolean(process.env.DATABASE_URL);

/**
 * What one list request costs the database: the statements it sends, and (on PostgreSQL, whose
 * main pool pipelines) the round trips they take and the socket writes that carry them
 * (tests/support/round-trips.ts).
 */
describe('statements and round trips of a list request', () => {
  const h = useHarness();
  afterEach(() => vi.restoreAllMocks());

  const desk = complaintsDesk(h);
  const list = (cookie: string, query: string) => async () => {
    const res = await desk.list(cookie, query);
    expect(res.statusCode, res.body).toBe(200);
  };

  it('an unsearched page is two statements (its total; its ids and rows in one), and the session is not read again', async () => {
    const cookie = await h.staffCookie('complaints@greenvalley.test');
    await list(cookie, '?stage=new&page=1')();
    const watched = await watch(list(cookie, '?stage=new&page=1'));
    const { statements, roundTrips } = watched;
    const data = statements.filter((s) => !/^(begin|commit|select set_config)/.test(s));
    expect(data, statements.join('\n')).toHaveLength(2);
    expect(statements.filter((s) => s.includes('staff_sessions'))).toEqual([]);
    // The cached session is confirmed by the scope's statement itself, in the same round trip.
    expect(watched.sent.filter((s) => s.text.includes('app_staff_session_holds')).map((s) => s.text.slice(0, 20))).toEqual(["select set_config('a"]);
    if (onPostgres) {
      expect(roundTrips, statements.join('\n')).toBe(2);
      // The statements of a round trip leave in one system call (db/lane-client.ts), not one each.
      expect(firstTransaction(watched).connection.writes, 'socket writes').toBe(2);
    }
  });

  it.skipIf(!onPostgres)(
    'an unsearched page is built once per connection, not once per page: its total, and its ids and rows for each kind of window',
    async () => {
      const cookie = await h.staffCookie('complaints@greenvalley.test');
      const first = await desk.list(cookie, '?stage=new&page=1');
      expect(first.statusCode, first.body).toBe(200);
      const after = first.json<{ nextAfter: number | null }>().nextAfter;
      expect(after, 'a demo society has more than one page of new complaints').not.toBeNull();
      const built = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
      const queries = ['?stage=new&page=1', '?stage=new&page=2', `?stage=new&page=2&after=${after}`, '?stage=processing&page=1'];
      const rounds = 3;
      const answers: string[] = [];
      const watched = await watch(async () => {
        for (let i = 0; i < rounds; i++)
          for (const query of queries) {
            const res = await desk.list(cookie, query);
            expect(res.statusCode, res.body).toBe(200);
            answers.push(res.body);
          }
      });
      const total = builtAndSent(watched, built, (text) => text.startsWith('select "n" from "list_counts"'));
      // The page's ids (offset from the top, or past a cursor) and its rows, one statement.
      const pages = builtAndSent(watched, built, (text) => text.includes(' in (select "id" from "desk_requests"'));
      expect(total.sent, 'totals sent').toBe(rounds * queries.length);
      expect(pages.sent, 'pages sent').toBe(rounds * queries.length);
      expect(total.builds, 'total texts built').toBeLessThanOrEqual(total.connections);
      // Three kinds of window here: the first page (both stages), page 2 by its offset, and past a cursor.
      expect(pages.builds, 'page texts built').toBeLessThanOrEqual(3 * pages.connections);
      // Only page 2 carries an OFFSET: a parameter there would keep PostgreSQL from a generic plan of the first page.
      const withOffset = watched.sent.filter((s) => s.text.includes(' in (select "id" from "desk_requests"') && / offset \$\d+/.test(s.text));
      expect(withOffset.length, 'pages sent with an OFFSET').toBe(rounds);
      // The same requests gave the same answers each round: values, not texts, changed between pages.
      for (let i = 1; i < rounds; i++) expect(answers.slice(i * queries.length, (i + 1) * queries.length)).toEqual(answers.slice(0, queries.length));
      expect(answers[2], 'the cursor reads the second page').toBe(answers[1]);
    },
  );

  it.skipIf(!onPostgres)('a search takes three round trips on PostgreSQL (settings and matches; rows; COMMIT)', async () => {
    const cookie = await h.staffCookie('complaints@greenvalley.test');
    await list(cookie, '?stage=new&q=water')();
    const watched = await watch(list(cookie, '?stage=new&q=water'));
    expect(watched.roundTrips, watched.statements.join('\n')).toBe(3);
    expect(firstTransaction(watched).connection.writes, 'socket writes').toBe(3);
  });

  it.skipIf(!onPostgres)('a search for a word is planned on the trigram index even with no statistics (rows filed since the last ANALYZE)', async () => {
    const cookie = await h.staffCookie('complaints@greenvalley.test');
    const { sent } = await watch(list(cookie, '?stage=new&q=water'));
    const matches = sent.find((s) => /"search_text" like/i.test(s.text) && /limit/i.test(s.text));
    expect(matches, sent.map((s) => s.text).join('\n')).toBeDefined();
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      await client.query('begin');
      // As if no ANALYZE had run since the rows were filed (autovacuum off, or not yet come by).
      await client.query(`delete from pg_statistic where starelid = 'desk_requests'::regclass`);
      await client.query(`update pg_class set reltuples = -1 where oid = 'desk_requests'::regclass`);
      await client.query('set local enable_seqscan = off');
      await client.query('set local enable_indexscan = off');
      const plan = JSON.stringify((await client.query(`explain (format json) ${matches!.text}`, matches!.values)).rows);
      expect(plan).toContain('desk_requests_search_idx');
      expect(plan).not.toContain('desk_requests_list_idx');
    } finally {
      await client.query('rollback');
      await client.end();
    }
  });

  it('the trigram search indexes keep no pending list, which every search would read whole (fastupdate off)', async () => {
    const rows = await h.database.db.execute(
      sql`select c.relname, coalesce(array_to_string(c.reloptions, ','), '') as options from pg_class c where c.relname in ('desk_requests_search_idx', 'not_home_search_idx') order by 1`,
    );
    expect((rows as unknown as { rows: { relname: string; options: string }[] }).rows).toEqual([
      { relname: 'desk_requests_search_idx', options: 'fastupdate=false' },
      { relname: 'not_home_search_idx', options: 'fastupdate=false' },
    ]);
  });
});
