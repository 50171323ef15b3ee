/**
 * What the row-level security tests share: a demo society's id by name, raw SQL rows, and the
 * message a refused write fails with.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../src/server/db/client.js';
import { societies } from '../../../src/server/db/schema.js';

/** Raw SQL rows: both drivers (PGlite and node-postgres) answer `execute` with `{rows}`. */
export async function rowsOf<T>(result: Promise<unknown>): Promise<T[]> {
  return ((await result) as { rows: T[] }).rows;
}

/** The id of the seeded society named `name` ('Green Valley', 'Lake City'). */
export async function societyIdOf(db: Db, name: string): Promise<number> {
  const [row] = await db.select({ id: societies.id }).from(societies).where(eq(societies.name, name));
  if (!row) throw new Error(`no society ${name}`);
  return row.id;
}

/** 'written' if `work` succeeded, else the database's message (the cause's, when drizzle wraps it). */
export function outcomeOf(work: Promise<unknown>): Promise<string> {
  return work.then(
    () => 'written',
    (err: Error) => String(err.cause instanceof Error ? err.cause.message : err.message),
  );
}
