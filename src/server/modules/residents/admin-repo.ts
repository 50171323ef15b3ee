import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { residentSessions, residents } from '../../db/schema.js';
import { realResident } from './columns.js';
import { listPage, type PageRequest } from '../../lib/list-page.js';
import { prefixPattern } from '../../lib/text.js';

/** The columns /Residence and /Status show (ZResidentVerify, ZResidentRow). */
export const adminColumns = {
  id: residents.id,
  residentCode: residents.residentCode,
  name: residents.name,
  phone: residents.phone,
  age: residents.age,
  house: residents.house,
  street: residents.street,
  block: residents.block,
  fatherName: residents.fatherName,
  fatherPhone: residents.fatherPhone,
  status: residents.status,
  createdAt: residents.createdAt,
};
export type AdminRow = Pick<typeof residents.$inferSelect, keyof typeof adminColumns>;

/**
 * Resident administration queries. Call inside `inSociety`: every query also filters by
 * the society, and row-level security hides other societies' residents anyway.
 */
export function residentAdminRepo(db: Db) {
  const select = (where: SQL | undefined) => db.select(adminColumns).from(residents).where(and(where, realResident));
  return {
    /** The resident with this resident id (exact) in the society, or undefined. */
    async byCode(societyId: number, code: string): Promise<AdminRow | undefined> {
      const [row] = await select(and(eq(residents.societyId, societyId), eq(residents.residentCode, code)));
      return row;
    },
    async byId(societyId: number, id: number): Promise<AdminRow | undefined> {
      const [row] = await select(and(eq(residents.societyId, societyId), eq(residents.id, id)));
      return row;
    },
    /**
     * One page (10, newest first) of the society's residents whose full name starts with `name`
     * (case-insensitive; '' matches all), only Pending ones when `pendingOnly`. Counted up to the
     * list helper's cap (residents have no trigger-kept count).
     */
    list(societyId: number, name: string, req: PageRequest, pendingOnly: boolean) {
      const where = and(eq(residents.societyId, societyId), realResident, pendingOnly ? eq(residents.status, 'Pending') : undefined);
      return listPage({
        db,
        societyId,
        table: residents,
        id: residents.id,
        order: [residents.id],
        where,
        search: name ? sql`lower(${residents.name}) like ${prefixPattern(name.toLowerCase())}` : undefined,
        req,
        rows: (ids) => (ids.length === 0 ? Promise.resolve([]) : select(and(where, inArray(residents.id, ids)))),
        idOf: (row) => row.id,
      });
    },
    /** Locks the resident's row and returns its status, or undefined when not in the society. */
    async lockStatus(societyId: number, id: number): Promise<AdminRow['status'] | undefined> {
      const [row] = await db
        .select({ status: residents.status })
        .from(residents)
        .where(and(eq(residents.societyId, societyId), eq(residents.id, id), realResident))
        .for('update');
      return row?.status;
    },
    async setStatus(societyId: number, id: number, status: 'Approve' | 'Block'): Promise<void> {
      await db
        .update(residents)
        .set({ status })
        .where(and(eq(residents.societyId, societyId), eq(residents.id, id)));
    },
    /**
     * Replaces the resident's password with a temporary one's hash, to be changed at the next
     * sign-in and signing in only before `until` (a staff reset).
     * @returns the resident's device token (null: none), for the push telling them; undefined
     *   when the resident is not in the society.
     */
    async setTemporaryPassword(societyId: number, id: number, passwordHash: string, until: Date): Promise<{ pushToken: string | null } | undefined> {
      const [row] = await db
        .update(residents)
        .set({ passwordHash, mustChangePassword: true, temporaryPasswordUntil: until })
        .where(and(eq(residents.societyId, societyId), eq(residents.id, id), realResident))
        .returning({ pushToken: residents.pushToken });
      return row;
    },
    /** Deletes every bearer token of the resident (Block revokes them at once); returns how many. */
    async revokeSessions(residentId: number): Promise<number> {
      const rows = await db.delete(residentSessions).where(eq(residentSessions.residentId, residentId)).returning({ t: residentSessions.tokenHash });
      return rows.length;
    },
  };
}
