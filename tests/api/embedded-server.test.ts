/**
 * The embedded database off the main thread: PGlite in a worker thread, reached with
 * pg.Pool + drizzle-orm/node-postgres over pglite-socket. Runs on its own in-memory database
 * (and its own data folders), whatever DATABASE_URL says.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { asc, eq, like, sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { startEmbeddedServer, type EmbeddedServer } from '../../src/server/db/embedded-server.js';
import * as schema from '../../src/server/db/schema.js';
import { ResilientPool } from '../../src/server/db/resilient-pool.js';
import { isDatabaseUnavailable } from '../../src/server/db/unavailable.js';
import { waitFor } from '../support/wait-for.js';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../drizzle');

describe('embedded server, in memory', () => {
  let server: EmbeddedServer;
  let pool: pg.Pool;
  let db: NodePgDatabase<typeof schema>;

  beforeAll(async () => {
    server = await startEmbeddedServer();
    pool = new pg.Pool(server.poolConfig);
    db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS });
  });
  afterAll(async () => {
    await pool?.end();
    await server?.close();
  });

  it('applies the project migrations and reads back what it writes', async () => {
    const [row] = await db.insert(schema.societies).values({ name: 'E basic', code: 'EB' }).returning();
    const found = await db.select().from(schema.societies).where(eq(schema.societies.id, row!.id));
    expect(found.map((s) => s.name)).toEqual(['E basic']);
    const { rows } = await pool.query<{ version: string }>('select version()');
    expect(rows[0]!.version).toContain('PGlite');
  });

  it('keeps two concurrent transactions isolated: one rolls back, the other commits', async () => {
    const log: string[] = [];
    const seen: Record<string, string[]> = {};
    const iso = () =>
      db.select({ name: schema.societies.name }).from(schema.societies).where(like(schema.societies.name, 'E iso %')).orderBy(asc(schema.societies.name));
    const work = (name: string, fail: boolean) =>
      db.transaction(async (tx) => {
        log.push(`${name} begin`);
        await tx.insert(schema.societies).values({ name: `E iso ${name}`, code: `EI${name.toUpperCase()}` });
        // Several round trips, so the other transaction had every chance to run in between.
        for (let i = 0; i < 3; i++) await tx.execute(sql`select 1`);
        seen[name] = (await tx.select({ name: schema.societies.name }).from(schema.societies).where(like(schema.societies.name, 'E iso %'))).map((r) => r.name);
        log.push(`${name} end`);
        if (fail) throw new Error('roll me back');
      });
    const [a, b] = await Promise.allSettled([work('a', true), work('b', false)]);

    expect(a.status).toBe('rejected');
    expect(b.status).toBe('fulfilled');
    expect(seen).toEqual({ a: ['E iso a'], b: ['E iso b'] });
    expect((await iso()).map((r) => r.name)).toEqual(['E iso b']);
    // One pooled connection: the second transaction began only after the first had ended.
    expect(log).toEqual(['a begin', 'a end', 'b begin', 'b end']);
  });

  it('holds a second connection back while the first has a transaction open; refuses a fifth', async () => {
    await pool.query('create table e_hold (id int primary key)');
    const a = await pool.connect(); // the pool's one connection
    const b = new pg.Client({ connectionString: server.connectionString });
    await b.connect();
    // Four slots (the two lanes and room for their replacements): a and b hold two, two more fit.
    // (Connected before the transaction: a startup message waits like any other while it is open.)
    const extra = [new pg.Client({ connectionString: server.connectionString }), new pg.Client({ connectionString: server.connectionString })];
    for (const x of extra) await x.connect();
    try {
      await a.query('begin');
      await a.query('insert into e_hold values (1)');
      let bDone = false;
      const bCount = b.query<{ n: number }>('select count(*)::int as n from e_hold').then((r) => ((bDone = true), r.rows[0]!.n));
      // Outside a transaction pglite-socket runs messages first come, first served: without the
      // hold, b's query (sent first) would be answered before these.
      for (let i = 0; i < 3; i++) await a.query('select 1');
      expect(bDone).toBe(false);

      const c = new pg.Client({ connectionString: server.connectionString });
      c.on('error', () => {});
      await expect(c.connect().then(() => c.query('select 1'))).rejects.toThrow();
      await c.end().catch(() => {});

      await a.query('rollback');
      expect(await bCount).toBe(0);
    } finally {
      a.release();
      await b.end();
      for (const x of extra) await x.end();
    }
  });

  it('applies SET LOCAL ROLE and set_config(…, true) inside a transaction, and drops them at its end', async () => {
    await pool.query(`
      create role e_rls_reader nologin;
      create table e_rls_items (society_id int not null, name text not null);
      insert into e_rls_items values (1, 'one'), (2, 'two');
      grant select on e_rls_items to e_rls_reader;
      alter table e_rls_items enable row level security;
      create policy e_scope on e_rls_items to e_rls_reader
        using (society_id = nullif(current_setting('app.society_id', true), '')::int);`);
    const inside = await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.society_id', '2', true)`);
      await tx.execute(sql`set local role e_rls_reader`);
      const who = await tx.execute<{ u: string }>(sql`select current_user as u`);
      const names = await tx.execute<{ name: string }>(sql`select name from e_rls_items order by name`);
      return { user: who.rows[0]!.u, names: names.rows.map((r) => r.name) };
    });
    expect(inside).toEqual({ user: 'e_rls_reader', names: ['two'] });

    // The way society-scope.ts sets the role: set_config('role', …, true).
    const viaConfig = await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.society_id', '1', true), set_config('role', 'e_rls_reader', true)`);
      return (await tx.execute<{ name: string }>(sql`select name from e_rls_items`)).rows.map((r) => r.name);
    });
    expect(viaConfig).toEqual(['one']);

    const after = await pool.query<{ u: string; s: string | null }>(`select current_user as u, current_setting('app.society_id', true) as s`);
    expect(after.rows[0]).toEqual({ u: 'postgres', s: '' });
    expect((await pool.query('select name from e_rls_items order by name')).rows.map((r) => r.name)).toEqual(['one', 'two']);
  });

  it('has pg_trgm and btree_gin, and substring search uses the trigram index', async () => {
    await pool.query(`
      create extension if not exists pg_trgm;
      create extension if not exists btree_gin;
      create table e_search (society_id int not null, body text not null);
      insert into e_search select g % 2, 'request ' || md5(g::text) from generate_series(1, 20000) g;
      create index e_search_trgm on e_search using gin (society_id, body gin_trgm_ops);
      analyze e_search;`);
    const needle = (await pool.query<{ s: string }>(`select substr(md5('777'), 5, 8) as s`)).rows[0]!.s;
    const pattern = `%${needle}%`;
    const plan = await pool.query<{ 'QUERY PLAN': string }>('explain select body from e_search where society_id = 1 and body ilike $1', [pattern]);
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('Bitmap Index Scan on e_search_trgm');
    const hits = await pool.query<{ body: string }>('select body from e_search where society_id = 1 and body ilike $1', [pattern]);
    expect(hits.rows.map((r) => r.body)).toContain(`request ${(await pool.query<{ s: string }>(`select md5('777') as s`)).rows[0]!.s}`);
  });

  it('keeps the main thread responsive while a slow query runs', async () => {
    let last = performance.now();
    let maxGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      maxGap = Math.max(maxGap, now - last);
      last = now;
    }, 2);
    const started = performance.now();
    await pool.query('select pg_sleep(0.6)'); // busy in the worker; in-thread PGlite blocks ~600 ms
    const queryMs = performance.now() - started;
    clearInterval(ticker);

    expect(queryMs).toBeGreaterThanOrEqual(600);
    expect(maxGap).toBeLessThan(queryMs / 6);
  });
});

describe('embedded server, data folder', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'e-embedded-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('opens a folder written by in-thread PGlite, and keeps its rows across close and reopen', async () => {
    const dataDir = path.join(root, 'data');
    const first = await PGlite.create(dataDir); // a folder as today's client.ts writes it
    await first.exec(`create table e_kept (v text); insert into e_kept values ('in-thread');`);
    await first.close();

    const rows = async (): Promise<string[]> => {
      const server = await startEmbeddedServer({ dataDir });
      const pool = new pg.Pool(server.poolConfig);
      try {
        await pool.query(`insert into e_kept values ('served ' || (select count(*) from e_kept))`);
        return (await pool.query<{ v: string }>('select v from e_kept order by v')).rows.map((r) => r.v);
      } finally {
        await pool.end();
        await server.close();
      }
    };
    expect(await rows()).toEqual(['in-thread', 'served 1']);
    expect(await rows()).toEqual(['in-thread', 'served 1', 'served 2']);
  }, 90_000); // three opens of a folder, the first an initdb: ~4 s idle, 20 s seen under load

  it('restarts a data folder\'s worker that dies: queries fail as "unavailable" meanwhile, then every committed row is back', async () => {
    const dataDir = path.join(root, 'restarted');
    const restarts: number[] = [];
    const crashes: Error[] = [];
    const server = await startEmbeddedServer({ dataDir, onRestart: (_err, attempt) => restarts.push(attempt), onCrash: (err) => crashes.push(err) });
    const poolErrors: Error[] = [];
    const pool = new ResilientPool(server.poolConfig, (err) => poolErrors.push(err));
    try {
      await pool.query(`create table e_restart (v text); insert into e_restart values ('before the crash')`);
      await server.kill();
      // The next query meets the dead socket (or the restart in progress): an outage, not a fault.
      const during = await pool.query('select 1').then(
        () => undefined,
        (err: unknown) => err,
      );
      if (during !== undefined) expect(isDatabaseUnavailable(during)).toBe(true);
      await waitFor(
        async () =>
          pool.query('select 1').then(
            () => true,
            () => false,
          ),
        'the restarted embedded database',
        30_000,
      );
      expect((await pool.query<{ v: string }>('select v from e_restart')).rows.map((r) => r.v)).toEqual(['before the crash']);
      expect(restarts).toEqual([1]);
      expect(crashes).toEqual([]);
    } finally {
      await pool.end();
      await server.close();
    }
  }, 90_000);

  it('rejects, without hanging, when the data folder cannot be opened', async () => {
    const notADir = path.join(root, 'a-file');
    await writeFile(notADir, 'x');
    await expect(startEmbeddedServer({ dataDir: notADir, onCrash: () => {} })).rejects.toThrow(/EEXIST|ENOTDIR/);
  });
});

describe('embedded database, the two lanes (db/lanes.ts)', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({});
    await database.db.execute(sql`create table lane_rows (id int primary key)`);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('runs a waiting alarm-lane query before main-lane requests that were queued earlier', async () => {
    const order: string[] = [];
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    let inTx!: () => void;
    const started = new Promise<void>((resolve) => (inTx = resolve));
    const slow = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      inTx();
      await held;
      order.push('main transaction');
    });
    await started;
    const mains = [1, 2, 3].map((i) => database.db.execute(sql`select ${i}::int`).then(() => order.push(`main ${i}`)));
    const alarm = database.alarmDb.execute(sql`select 'alarm'`).then(() => order.push('alarm'));
    letGo();
    await Promise.all([slow, alarm, ...mains]);
    expect(order).toEqual(['main transaction', 'alarm', 'main 1', 'main 2', 'main 3']);
  });

  it('keeps the lanes isolated: the alarm lane never sees a main-lane transaction that rolls back, and sees one that commits', async () => {
    const run = (id: number, fail: boolean) => {
      let inTx!: () => void;
      const started = new Promise<void>((resolve) => (inTx = resolve));
      const tx = database.db.transaction(async (t) => {
        await t.execute(sql`insert into lane_rows values (${id})`);
        inTx();
        for (let i = 0; i < 3; i++) await t.execute(sql`select 1`);
        if (fail) throw new Error('roll back');
      });
      return { started, tx };
    };
    const seen = async (id: number) => {
      const [row] = await database.alarmDb
        .select({ n: sql<number>`count(*)::int` })
        .from(sql`lane_rows`)
        .where(sql`id = ${id}`);
      return Number(row!.n);
    };

    const rolledBack = run(1, true);
    await rolledBack.started;
    const [rb, n1] = await Promise.allSettled([rolledBack.tx, seen(1)]);
    expect(rb.status).toBe('rejected');
    expect(n1).toEqual({ status: 'fulfilled', value: 0 });

    const committed = run(2, false);
    await committed.started;
    const [, n2] = await Promise.all([committed.tx, seen(2)]);
    expect(n2).toBe(1);
  });
});
