import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useHarness } from './harness.js';

const onPostgres = Boolean(process.env.DATABASE_URL);

/**
 * What one list request costs the database: the statements it sends, and (on PostgreSQL, whose
 * main pool pipelines) the round trips they take. Every query of every pooled connection is
 * watched through pg.Client's `query`; a round trip starts when a statement is sent while none of
 * that connection's is waiting for its answer.
 */
describe('statements and round trips of a list request', () => {
  const h = useHarness();
  afterEach(() => vi.restoreAllMocks());

  async function watch(run: () => Promise<void>): Promise<{ statements: string[]; roundTrips: number }> {
    const statements: string[] = [];
    const pending = new Map<unknown, number>();
    let roundTrips = 0;
    const real = pg.Client.prototype.query;
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const [config] = args as [string | { text: string }];
      statements.push((typeof config === 'string' ? config : config.text).replace(/\s+/g, ' ').slice(0, 60));
      const n = pending.get(this) ?? 0;
      if (n === 0) roundTrips++;
      pending.set(this, n + 1);
      const done = () => pending.set(this, (pending.get(this) ?? 1) - 1);
      const result = (real as (...a: unknown[]) => unknown).apply(this, args);
      if (result instanceof Promise) void result.then(done, done);
      return result;
    } as typeof real);
    await run();
    return { statements, roundTrips };
  }

  const list = (cookie: string, query: string) => async () => {
    const res = await h.app.inject({ method: 'GET', url: `/api/complain${query}`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('an unsearched page is two statements (its total; its ids and rows in one), and the session is not read again', async () => {
    const cookie = await h.staffCookie('complaints@greenvalley.test');
    await list(cookie, '?stage=new&page=1')();
    const { statements, roundTrips } = await watch(list(cookie, '?stage=new&page=1'));
    const data = statements.filter((s) => !/^(begin|commit|select set_config)/.test(s));
    expect(data, statements.join('\n')).toHaveLength(2);
    expect(statements.filter((s) => s.includes('staff_sessions'))).toEqual([]);
    if (onPostgres) expect(roundTrips, statements.join('\n')).toBe(2);
  });

  it.skipIf(!onPostgres)('a search takes three round trips on PostgreSQL (settings and matches; rows; COMMIT)', async () => {
    const cookie = await h.staffCookie('complaints@greenvalley.test');
    await list(cookie, '?stage=new&q=water')();
    const { statements, roundTrips } = await watch(list(cookie, '?stage=new&q=water'));
    expect(roundTrips, statements.join('\n')).toBe(3);
  });
});
