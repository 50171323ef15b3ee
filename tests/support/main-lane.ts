/** Saturating the main database lane, as a flood of slow list work does. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.js';
import { waitFor } from './wait-for.js';

/**
 * Opens `holders` transactions on `db` (the main lane) and holds each one's connection until
 * `release()`; resolves once all are held (`what` names that wait when it times out, and then
 * every holder is released before the error is thrown).
 */
export async function holdMainLane(db: Db, holders: number, what = 'every main-lane connection taken'): Promise<{ release(): Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let holding = 0;
  const done = Array.from({ length: holders }, () =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      holding++;
      await released;
    }),
  );
  const releaseAll = async () => {
    release();
    await Promise.all(done);
  };
  try {
    await waitFor(() => holding === holders, what);
  } catch (err) {
    await releaseAll();
    throw err;
  }
  return { release: releaseAll };
}
