/**
 * What the row-level security tests share: a demo society's id by name, raw SQL rows, the
 * message a refused write fails with, and rows of the tables more than one file writes.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../src/server/db/client.js';
import { societies } from '../../../src/server/db/schema.js';

/** A discount of society `societyId` whose brand is `brandName`, showing the media `mediaId`. */
export function discountRow(societyId: number, brandName: string, mediaId: string) {
  return { societyId, brandName, branch: 'Main', logoMediaId: mediaId, mediaId, description: 'rls', discount: 10, category: 'Education' as const };
}

/** A plot listing of society `societyId` described as `description`, showing the media `mediaId`. */
export function plotRow(societyId: number, description: string, mediaId: string) {
  return {
    societyId,
    type: 'House' as const,
    payment: 'Full Pay' as const,
    area: '5 Marla',
    baths: 2,
    rooms: 3,
    phone: '03001234567',
    description,
    location: 'Block A',
    price: '1000000.00',
    mediaIds: [mediaId],
  };
}

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
