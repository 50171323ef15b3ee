/** Rows the API tests read straight from the database, to set up or check what the API did. */
import { count, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.js';
import { auditLog, residents, societies } from '../../src/server/db/schema.js';
import { hashPassword } from '../../src/server/lib/password.js';

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

let made = 0;
/**
 * An approved resident of the test's own, whose password is `password`, in a society of its own
 * (named `name`, a fresh code, `timeZone`) or, given `societyId`, in that one: what a test that
 * must own its data starts from.
 */
export async function societyWithResident(db: Db, opts: { name: string; timeZone?: string; password?: string; societyId?: number }) {
  made++;
  // Unique within a test file (each has its own database): 'T' and the count in three letters.
  const code = `T${[676, 26, 1].map((d) => String.fromCharCode(65 + (Math.floor(made / d) % 26))).join('')}`;
  const societyId =
    opts.societyId ??
    (
      await db
        .insert(societies)
        .values({ name: opts.name, code, timeZone: opts.timeZone ?? 'Asia/Karachi' })
        .returning({ id: societies.id })
    )[0]!.id;
  const password = opts.password ?? 'resident-pass-1';
  const phone = `0398${String(made).padStart(7, '0')}`;
  const [resident] = await db
    .insert(residents)
    .values({ societyId, residentCode: `${code}0001`, name: `${opts.name} Resident`, phone, passwordHash: await hashPassword(password), status: 'Approve' })
    .returning({ id: residents.id });
  return { societyId, residentId: resident!.id, phone, password, code };
}
