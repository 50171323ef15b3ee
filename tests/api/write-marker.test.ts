/**
 * The "nothing written" probe (tests/support/write-marker.ts) sees every committed insert, update
 * and delete, also one made as the society role under row-level security, and not a statement
 * that changed nothing nor the sign-in and rate-limit counters it leaves out. On PGlite and on
 * PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts, societies } from '../../src/server/db/schema.js';
import { inSociety } from '../../src/server/db/society-scope.js';
import { writeMarker } from '../support/write-marker.js';
import { useHarness } from './harness.js';

describe('the write marker', () => {
  const h = useHarness();
  let marker: () => Promise<string>;
  beforeAll(async () => {
    marker = await writeMarker(h.database);
  });

  /** Runs `write` between two readings; returns whether they differ. */
  async function moved(write: () => Promise<unknown>): Promise<boolean> {
    const before = await marker();
    await write();
    return (await marker()) !== before;
  }

  it('moves with an insert, an update and a delete', async () => {
    const db = h.database.db;
    expect(await moved(() => db.insert(societies).values({ name: 'Marker Park', code: 'MKP' }))).toBe(true);
    expect(await moved(() => db.update(societies).set({ timeZone: 'UTC' }).where(eq(societies.code, 'MKP')))).toBe(true);
    expect(await moved(() => db.delete(societies).where(eq(societies.code, 'MKP')))).toBe(true);
  });

  it('moves with a write of the society role under row-level security', async () => {
    const [gv] = await h.database.db.select({ id: societies.id }).from(societies).where(eq(societies.name, 'Green Valley'));
    expect(
      await moved(() => inSociety(h.database.db, gv!.id, (tx) => tx.update(societies).set({ timeZone: 'Asia/Karachi' }).where(eq(societies.id, gv!.id)))),
    ).toBe(true);
  });

  it('stays with reads, a statement that matched no row, and the sign-in counts', async () => {
    const db = h.database.db;
    expect(await moved(() => db.select().from(societies))).toBe(false);
    expect(await moved(() => db.update(societies).set({ timeZone: 'UTC' }).where(eq(societies.code, 'NO-SUCH')))).toBe(false);
    // PGlite's marker (the next transaction id) moves with any write transaction; the table is left out on PostgreSQL only.
    if (h.database.kind === 'postgres') {
      expect(await moved(() => db.insert(loginAttempts).values({ key: 'a:marker@nobody.test', attemptId: crypto.randomUUID(), at: new Date() }))).toBe(false);
    }
  });

  it.skipIf(!process.env.DATABASE_URL)('on PostgreSQL, stays with a write that was rolled back', async () => {
    const rolledBack = () =>
      h.database.db
        .transaction(async (tx) => {
          await tx.insert(societies).values({ name: 'Marker Gone', code: 'MKG' });
          throw new Error('roll back');
        })
        .catch(() => undefined);
    expect(await moved(rolledBack)).toBe(false);
    expect(await h.database.db.select({ id: societies.id }).from(societies).where(eq(societies.code, 'MKG'))).toEqual([]);
  });
});
