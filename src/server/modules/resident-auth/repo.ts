import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { residentSessions, residents, societies } from '../../db/schema.js';

/** The resident behind a resident-API bearer token. */
export interface ResidentContext {
  id: number;
  residentCode: string;
  name: string;
  societyId: number;
  societyName: string;
  status: 'Approve' | 'Block';
}

const residentColumns = {
  id: residents.id,
  residentCode: residents.residentCode,
  name: residents.name,
  societyId: residents.societyId,
  societyName: societies.name,
  status: residents.status,
};

/** Resident queries: accounts by phone and bearer-token sessions. */
export function residentAuthRepo(db: Db) {
  return {
    async findByPhone(phone: string) {
      const [row] = await db
        .select({ ...residentColumns, passwordHash: residents.passwordHash })
        .from(residents)
        .innerJoin(societies, eq(societies.id, residents.societyId))
        .where(eq(residents.phone, phone));
      return row;
    },
    async createSession(tokenHash: string, residentId: number, expiresAt: Date): Promise<void> {
      await db.insert(residentSessions).values({ tokenHash, residentId, expiresAt });
    },
    /** The resident of a token unexpired at `now`, or undefined. */
    async findSession(tokenHash: string, now: Date): Promise<ResidentContext | undefined> {
      const [row] = await db
        .select(residentColumns)
        .from(residentSessions)
        .innerJoin(residents, eq(residents.id, residentSessions.residentId))
        .innerJoin(societies, eq(societies.id, residents.societyId))
        .where(and(eq(residentSessions.tokenHash, tokenHash), gt(residentSessions.expiresAt, now)));
      return row;
    },
    /** Deletes a token unexpired at `now`; false when there was none. */
    async deleteSession(tokenHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .delete(residentSessions)
        .where(and(eq(residentSessions.tokenHash, tokenHash), gt(residentSessions.expiresAt, now)))
        .returning({ tokenHash: residentSessions.tokenHash });
      return rows.length > 0;
    },
  };
}
export type ResidentAuthRepo = ReturnType<typeof residentAuthRepo>;
