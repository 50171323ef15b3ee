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
    async findSession(tokenHash: string): Promise<ResidentContext | undefined> {
      const [row] = await db
        .select(residentColumns)
        .from(residentSessions)
        .innerJoin(residents, eq(residents.id, residentSessions.residentId))
        .innerJoin(societies, eq(societies.id, residents.societyId))
        .where(and(eq(residentSessions.tokenHash, tokenHash), gt(residentSessions.expiresAt, new Date())));
      return row;
    },
  };
}
export type ResidentAuthRepo = ReturnType<typeof residentAuthRepo>;
