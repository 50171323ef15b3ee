import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { recordAudit, staffActor } from '../audit/service.js';
import type { Db } from '../../db/client.js';
import { media, societies, staffSessions, staffUsers } from '../../db/schema.js';
import type { StaffContext } from '../../lib/caller-context.js';

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
    /** The account for an email (case-insensitive) with its password hash, disabled time and temporary password's end, or undefined. */
    async findByEmail(email: string) {
      const [row] = await db
        .select({
          ...staffColumns,
          passwordHash: staffUsers.passwordHash,
          disabledAt: staffUsers.disabledAt,
          temporaryPasswordUntil: staffUsers.temporaryPasswordUntil,
        })
        .from(staffUsers)
        .innerJoin(societies, eq(societies.id, staffUsers.societyId))
        .where(sql`lower(${staffUsers.email}) = ${email.toLowerCase()}`);
      return row;
    },
    async createSession(tokenHash: string, staffId: number, expiresAt: Date): Promise<void> {
      await db.insert(staffSessions).values({ tokenHash, staffId, expiresAt });
    },
    /** The account's password hash and what its policy check needs, or undefined. */
    async passwordOf(staffId: number): Promise<{ passwordHash: string; email: string } | undefined> {
      const [row] = await db.select({ passwordHash: staffUsers.passwordHash, email: staffUsers.email }).from(staffUsers).where(eq(staffUsers.id, staffId));
      return row;
    },
    /**
     * Sets a password the member chose (no longer temporary) and ends every other session of the
     * account, with its audit row, in one transaction. @returns the token hashes of the ended sessions.
     */
    async changePassword(staff: StaffContext, passwordHash: string, keepTokenHash: string, at: Date): Promise<string[]> {
      return db.transaction(async (tx) => {
        await tx.update(staffUsers).set({ passwordHash, temporaryPasswordUntil: null }).where(eq(staffUsers.id, staff.id));
        const ended = await tx
          .delete(staffSessions)
          .where(and(eq(staffSessions.staffId, staff.id), ne(staffSessions.tokenHash, keepTokenHash)))
          .returning({ tokenHash: staffSessions.tokenHash });
        await recordAudit(tx, { ...staffActor(staff), entity: 'staff', entityId: staff.id, action: 'change-password', at });
        return ended.map((e) => e.tokenHash);
      });
    },
    async recordSignIn(staffId: number, at: Date): Promise<void> {
      await db.update(staffUsers).set({ lastSignInAt: at }).where(eq(staffUsers.id, staffId));
    },
    /** The staff member of a session unexpired at `now` whose account is enabled, with the session's expiry, or undefined. */
    async findSession(tokenHash: string, now: Date): Promise<{ staff: StaffContext; expiresAt: Date } | undefined> {
      const [row] = await db
        .select({ ...staffColumns, expiresAt: staffSessions.expiresAt, temporaryPasswordUntil: staffUsers.temporaryPasswordUntil })
        .from(staffSessions)
        .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
        .innerJoin(societies, eq(societies.id, staffUsers.societyId))
        .where(and(eq(staffSessions.tokenHash, tokenHash), gt(staffSessions.expiresAt, now), isNull(staffUsers.disabledAt)));
      if (!row) return undefined;
      const { expiresAt, temporaryPasswordUntil, ...staff } = row;
      return { staff: { ...staff, subRole: staff.subRole ?? '', mustChangePassword: temporaryPasswordUntil !== null }, expiresAt };
    },
    async deleteSession(tokenHash: string): Promise<void> {
      await db.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
    },
    /** Ends every session of an account. */
    async deleteSessionsOf(staffId: number): Promise<void> {
      await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
    },
    /** The media row of the society's logo, or undefined when none is set. Owner connection. */
    async logoOf(societyId: number): Promise<{ id: string; mime: string; thumbKey: string | null } | undefined> {
      const [row] = await db
        .select({ id: media.id, mime: media.mime, thumbKey: media.thumbKey })
        .from(societies)
        .innerJoin(media, eq(media.id, societies.logoMediaId))
        .where(eq(societies.id, societyId));
      return row;
    },
    async deleteExpiredSessions(now: Date): Promise<void> {
      await db.delete(staffSessions).where(lt(staffSessions.expiresAt, now));
    },
  };
}
export type AuthRepo = ReturnType<typeof authRepo>;
