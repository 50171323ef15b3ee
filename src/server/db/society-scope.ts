/**
 * Row-level security (issue 6; ADR 0002). Society-owned tables carry a policy that shows the role
 * `society_app` only the rows whose `society_id` equals the transaction's `app.society_id`
 * (drizzle/0002_row_level_security.sql). `inSociety` runs a unit of work as that role with that
 * setting, so a repo that forgets its society filter still sees nothing foreign, and a write with
 * another society's id fails. The connection's own role (the tables' owner) is not subject to the
 * policies: jobs that span societies, sign-in and migrations use it directly.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/** The non-owner role society-scoped work runs as (created by the migration). */
export const SOCIETY_ROLE = 'society_app';

/**
 * Runs `work` in one transaction as {@link SOCIETY_ROLE} with `app.society_id = societyId`.
 * Both settings are transaction-local: the pooled connection is back to normal after commit.
 * @param societyId the signed-in staff member's or resident's society (positive integer)
 * @returns what `work` returns; rolls back and rethrows if it throws.
 */
export function inSociety<T>(db: Db, societyId: number, work: (tx: Db) => Promise<T>): Promise<T> {
  if (!Number.isSafeInteger(societyId) || societyId <= 0) throw new Error(`invalid society id ${societyId}`);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.society_id', ${String(societyId)}, true), set_config('role', ${SOCIETY_ROLE}, true)`);
    return work(tx);
  });
}
