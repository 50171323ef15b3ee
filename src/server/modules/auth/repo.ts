import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { societies, staffSessions, staffUsers } from '../../db/schema.js';

/** The signed-in staff member as every service sees it. */
export interface StaffContext {
  id: number;
  name: string;
  role: string;
  subRole: string;
  societyId: number;
  societyName: string;
}

const staffColumns = {
  id: staffUsers.id,
  name: staffUsers.name,
  role: staffUsers.role,
  subRole: staffUsers.subRole,
  societyId: staffUsers.societyId,
  societyName: societies.name,
};

/** Staff queries: accounts and server-side sessions. */
export function authRepo(db: Db) {
  return {
    /** The account for an email (case-insensitive) with its password hash, or undefined. */
    async findByEmail(email: string) {
      const [row] = await db
        .select({ ...staffColumns, passwordHash: staffUsers.passwordHash })
        .from(staffUsers)
        .innerJoin(societies, eq(societies.id, staffUsers.societyId))
        .where(sql`lower(${staffUsers.email}) = ${email.toLowerCase()}`);
      return row;
    },
    async createSession(tokenHash: string, staffId: number, expiresAt: Date): Promise<void> {
      await db.insert(staffSessions).values({ tokenHash, staffId, expiresAt });
    },
    /** The staff member of an unexpired session, or undefined. */
    async findSession(tokenHash: string): Promise<StaffContext | undefined> {
      const [row] = await db
        .select(staffColumns)
        .from(staffSessions)
        .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
        .innerJoin(societies, eq(societies.id, staffUsers.societyId))
        .where(and(eq(staffSessions.tokenHash, tokenHash), gt(staffSessions.expiresAt, new Date())));
      return row ? { ...row, subRole: row.subRole ?? '' } : undefined;
    },
    async deleteSession(tokenHash: string): Promise<void> {
      await db.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
    },
    async deleteExpiredSessions(): Promise<void> {
      await db.delete(staffSessions).where(lt(staffSessions.expiresAt, new Date()));
    },
  };
}
export type AuthRepo = ReturnType<typeof authRepo>;
