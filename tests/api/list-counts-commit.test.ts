/**
 * List counters are kept at commit (migration 0009): a transaction that filed a request
 * does not hold its society's counter row until it ends, so a second filing in the same society
 * (an SOS press while another is being stored) goes through at once — and both are counted.
 * PostgreSQL only (`npm run test:pg`): the embedded database runs one transaction at a time.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { prepareDatabase } from '../../src/server/db/prepare.js';
import { deskRequests, listCounts, residents } from '../../src/server/db/schema.js';

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('list counters at commit (PostgreSQL)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: url });
    await database.db.execute(sql`drop schema if exists public cascade`);
    await database.db.execute(sql`drop schema if exists drizzle cascade`);
    await database.db.execute(sql`create schema public`);
    await prepareDatabase(database, { demo: true });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('a second filing in the society is not held by an open transaction that filed one; both are counted', async () => {
    const { db } = database;
    const [resident] = await db.select({ id: residents.id, societyId: residents.societyId }).from(residents).limit(1);
    const { id: residentId, societyId } = resident!;
    const count = async () =>
      (
        await db
          .select({ n: listCounts.n })
          .from(listCounts)
          .where(and(eq(listCounts.societyId, societyId), eq(listCounts.list, 'complaint:new')))
      )[0]?.n ?? 0;
    const before = await count();
    const file = (tx: Parameters<Parameters<typeof db.transaction>[0]>[0], body: string) =>
      tx.insert(deskRequests).values({ desk: 'complaint', societyId, residentId, body });

    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let filed!: () => void;
    const firstFiled = new Promise<void>((r) => (filed = r));
    const first = db.transaction(async (tx) => {
      await file(tx, 'first, held open');
      filed();
      await held;
    });
    await firstFiled;
    // Under the old per-row trigger this insert waited for `first` to end: lock_timeout fails it.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '2s'`);
      await file(tx, 'second, while the first is open');
    });
    expect(await count()).toBe(before + 1);
    release();
    await first;
    expect(await count()).toBe(before + 2);
  });
});
