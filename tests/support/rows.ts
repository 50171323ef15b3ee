/** Rows the API tests read straight from the database, to set up or check what the API did. */
import { count, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.js';
import { auditLog, residents } from '../../src/server/db/schema.js';

/** The resident with this code ('GV0005'); throws when there is none. */
export async function residentByCode(db: Db, code: string) {
  const [r] = await db.select().from(residents).where(eq(residents.residentCode, code));
  if (!r) throw new Error(`no resident ${code}`);
  return r;
}

/**
 * Audit rows of changes: every row but sign-ins and failed sign-ins, which a test's first request
 * as a staff member writes by design (its sign-in). What a refused call must not add to.
 */
export async function changeAuditRows(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(notInArray(auditLog.action, ['sign-in', 'sign-in-failed']));
  return Number(row?.n ?? 0);
}
