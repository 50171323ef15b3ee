/** Rows the API tests read straight from the database, to set up or check what the API did. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.js';
import { residents } from '../../src/server/db/schema.js';

/** The resident with this code ('GV0005'); throws when there is none. */
export async function residentByCode(db: Db, code: string) {
  const [r] = await db.select().from(residents).where(eq(residents.residentCode, code));
  if (!r) throw new Error(`no resident ${code}`);
  return r;
}
