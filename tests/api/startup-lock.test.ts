/**
 * Instances starting together on one empty PostgreSQL database (db/prepare.ts): under the
 * start-up lock one migrates and loads the demo data, the other waits and finds it done — no
 * migration applied twice, no demo data loaded twice, no error. PostgreSQL only (`npm run test:pg`).
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { prepareDatabase } from '../../src/server/db/prepare.js';
import { rowsOf } from '../../src/server/db/raw-rows.js';

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('start-up lock (PostgreSQL)', () => {
  const opened: Database[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()));
  });

  it('three instances preparing one empty database at once: one seeds, all end migrated, nothing twice', async () => {
    const dbs = await Promise.all([0, 1, 2].map(() => openDatabase({ databaseUrl: url })));
    opened.push(...dbs);
    await dbs[0]!.db.execute(sql`drop schema if exists public cascade`);
    await dbs[0]!.db.execute(sql`drop schema if exists drizzle cascade`);
    await dbs[0]!.db.execute(sql`create schema public`);

    const seeded = await Promise.all(dbs.map((d) => prepareDatabase(d, { demo: true })));

    expect(seeded.filter(Boolean)).toHaveLength(1);
    // Every migration of the journal recorded exactly once.
    const journal = z.object({ entries: z.array(z.object({ tag: z.string() })) }).parse(JSON.parse(readFileSync('drizzle/meta/_journal.json', 'utf8')));
    const count = z.object({ n: z.number() });
    const [migrations] = rowsOf(await dbs[1]!.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`), count);
    expect(migrations?.n).toBe(journal.entries.length);
    const [societies] = rowsOf(await dbs[2]!.db.execute(sql`select count(*)::int as n from societies`), count);
    expect(societies?.n).toBe(2);
    // Another start later finds everything done.
    expect(await prepareDatabase(dbs[1]!, { demo: true })).toBe(false);
  });
});
