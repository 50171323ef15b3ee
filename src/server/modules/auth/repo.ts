import { and, desc, eq, gt, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '../../../shared/constants.js';
import { recordAudit, staffActor } from '../audit/service.js';
import type { Db } from '../../db/client.js';
import { media, societies, staffSessions, staffSignInChallenges, staffUsers, TWO_FACTOR_OFF } from '../../db/schema.js';
import type { StaffContext } from '../../lib/caller-context.js';

const staffColumns = {
  id: staffUsers.id,
  name: staffUsers.name,
  role: staffUsers.role,
  subRole: staffUsers.subRole,
  societyId: staffUsers.societyId,
  societyName: societies.name,
};

/**
 * True for a super-admin of a society that requires two-factor sign-in who has not turned it on:
 * held at their own account's routes until they do (plugins/auth.ts).
 */
const mustEnrolTwoFactor = sql<boolean>`(${societies.requireTwoFactor} and ${staffUsers.subRole} = 'super-admin' and ${staffUsers.twoFactorEnabledAt} is null)`;

/** Where a sign-in came from, kept with its session (My account lists them). */
export interface SignInOrigin {
  address: string;
  userAgent: string;
}

/** Wrong codes a sign-in challenge takes before it ends (the sign-in throttle counts them too). */
export const MAX_CHALLENGE_ATTEMPTS = 5;

/**
 * The database's check that a session served from the cache still holds as the cache has it
 * (drizzle/0026_session_holds.sql): the session exists, the account is enabled, has the same
 * sub-role, and is not held (temporary password, two-factor to enrol) unless `staff` already was.
 * A SQL expression for a claim (lib/request-context.ts); raises SQLSTATE SD401 otherwise.
 * @param tokenHash the session token's SHA-256 hex
 */
export function staffSessionHolds(tokenHash: string, staff: Pick<StaffContext, 'subRole' | 'mustChangePassword' | 'mustEnrolTwoFactor'>): SQL {
  return sql`app_staff_session_holds(${tokenHash}, ${staff.subRole}, ${staff.mustChangePassword || staff.mustEnrolTwoFactor})`;
}

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
          twoFactorOn: sql<boolean>`${staffUsers.twoFactorEnabledAt} is not null`,
          mustEnrolTwoFactor,
        })
        .from(staffUsers)
        .innerJoin(societies, eq(societies.id, staffUsers.societyId))
        .where(sql`lower(${staffUsers.email}) = ${email.toLowerCase()}`);
      return row;
    },
    async createSession(tokenHash: string, staffId: number, expiresAt: Date, origin: SignInOrigin, at: Date): Promise<void> {
      await db.insert(staffSessions).values({ tokenHash, staffId, expiresAt, createdAt: at, ...origin });
    },
    /**
     * The one session of an account on a temporary password: in one transaction, locks the account
     * while its password is still the temporary one whose hash (`passwordHash`) the sign-in
     * verified, ends every other session of it and stores this one. Two sign-ins at once queue on
     * the lock, so the later one ends the earlier one's session and one stays live.
     * @returns the token hashes of the sessions ended, or undefined (nothing stored) when the
     *   password is no longer that temporary one (changed or reset since it was checked).
     */
    async createOnlySession(tokenHash: string, staffId: number, passwordHash: string, expiresAt: Date, origin: SignInOrigin, at: Date) {
      return db.transaction(async (tx) => {
        const [held] = await tx
          .select({ id: staffUsers.id })
          .from(staffUsers)
          .where(and(eq(staffUsers.id, staffId), eq(staffUsers.passwordHash, passwordHash), isNotNull(staffUsers.temporaryPasswordUntil)))
          .for('update');
        if (!held) return undefined;
        const ended = await tx.delete(staffSessions).where(eq(staffSessions.staffId, staffId)).returning({ tokenHash: staffSessions.tokenHash });
        await tx.insert(staffSessions).values({ tokenHash, staffId, expiresAt, createdAt: at, ...origin });
        return ended.map((e) => e.tokenHash);
      });
    },
    /** The member's live sessions, newest first. */
    sessionsOf(staffId: number, now: Date) {
      return db
        .select({
          tokenHash: staffSessions.tokenHash,
          createdAt: staffSessions.createdAt,
          expiresAt: staffSessions.expiresAt,
          address: staffSessions.address,
          userAgent: staffSessions.userAgent,
        })
        .from(staffSessions)
        .where(and(eq(staffSessions.staffId, staffId), gt(staffSessions.expiresAt, now)))
        .orderBy(desc(staffSessions.createdAt));
    },
    /** Ends every session of the member but `keepTokenHash`; @returns the ended sessions' token hashes. */
    async deleteOtherSessions(staffId: number, keepTokenHash: string): Promise<string[]> {
      const ended = await db
        .delete(staffSessions)
        .where(and(eq(staffSessions.staffId, staffId), ne(staffSessions.tokenHash, keepTokenHash)))
        .returning({ tokenHash: staffSessions.tokenHash });
      return ended.map((e) => e.tokenHash);
    },
    async createChallenge(tokenHash: string, staffId: number, expiresAt: Date, origin: SignInOrigin): Promise<void> {
      await db.insert(staffSignInChallenges).values({ tokenHash, staffId, expiresAt, ...origin });
    },
    /**
     * Claims an unexpired challenge: deletes it and returns what completing it needs (its account's
     * email and TOTP secret, the origin it began from, its wrong codes so far), in one statement, so
     * two requests with the same challenge never both hold it. The caller checks the code, then
     * opens the session (a right code) or gives the challenge back ({@link releaseChallenge}).
     * @returns undefined when it is unknown, expired, held by another request or of a disabled account.
     */
    async claimChallenge(tokenHash: string, now: Date) {
      const [claimed] = await db
        .delete(staffSignInChallenges)
        .where(and(eq(staffSignInChallenges.tokenHash, tokenHash), gt(staffSignInChallenges.expiresAt, now)))
        .returning();
      if (!claimed) return undefined;
      const [account] = await db
        .select({ email: staffUsers.email, secret: staffUsers.twoFactorSecret })
        .from(staffUsers)
        .where(and(eq(staffUsers.id, claimed.staffId), isNull(staffUsers.disabledAt)));
      return account && { ...claimed, ...account };
    },
    /**
     * Gives a claimed challenge back, as it was (`wrongCode` false: the code was never checked, a
     * throttled or failed attempt) or with one more wrong code; at MAX_CHALLENGE_ATTEMPTS wrong
     * codes it is not given back, and the member signs in again with the password.
     */
    async releaseChallenge(claimed: typeof staffSignInChallenges.$inferSelect, wrongCode: boolean): Promise<void> {
      const attempts = claimed.attempts + (wrongCode ? 1 : 0);
      if (attempts >= MAX_CHALLENGE_ATTEMPTS) return;
      const { tokenHash, staffId, expiresAt, address, userAgent } = claimed;
      await db.insert(staffSignInChallenges).values({ tokenHash, staffId, expiresAt, address, userAgent, attempts }).onConflictDoNothing();
    },
    /**
     * Accepts a TOTP step once: records it when it is later than the last accepted one.
     * @returns false when that step (or a later one) was used already: a replayed code.
     */
    async acceptStep(staffId: number, step: number): Promise<boolean> {
      const rows = await db
        .update(staffUsers)
        .set({ twoFactorLastStep: step })
        .where(and(eq(staffUsers.id, staffId), or(isNull(staffUsers.twoFactorLastStep), lt(staffUsers.twoFactorLastStep, step))))
        .returning({ id: staffUsers.id });
      return rows.length > 0;
    },
    /** Uses up a recovery code (by its hash): true once, false when it is not (or no longer) one of the account's. */
    async consumeRecoveryCode(staffId: number, hash: string): Promise<boolean> {
      const rows = await db
        .update(staffUsers)
        .set({ twoFactorRecoveryHashes: sql`array_remove(${staffUsers.twoFactorRecoveryHashes}, ${hash})` })
        .where(and(eq(staffUsers.id, staffId), sql`${hash} = any(${staffUsers.twoFactorRecoveryHashes})`))
        .returning({ id: staffUsers.id });
      return rows.length > 0;
    },
    /** What enrolment needs of the account: its email, whether two-factor is on, the pending secret, and whether the society requires it. */
    async twoFactorOf(staffId: number) {
      const [row] = await db
        .select({
          email: staffUsers.email,
          passwordHash: staffUsers.passwordHash,
          on: sql<boolean>`${staffUsers.twoFactorEnabledAt} is not null`,
          pendingSecret: staffUsers.twoFactorPendingSecret,
          required: sql<boolean>`(${societies.requireTwoFactor} and ${staffUsers.subRole} = 'super-admin')`,
        })
        .from(staffUsers)
        .innerJoin(societies, eq(societies.id, staffUsers.societyId))
        .where(eq(staffUsers.id, staffId));
      return row;
    },
    async setPendingSecret(staffId: number, secret: string): Promise<void> {
      await db.update(staffUsers).set({ twoFactorPendingSecret: secret }).where(eq(staffUsers.id, staffId));
    },
    /**
     * Turns two-factor on with the pending secret (its first code's step recorded) and the recovery
     * codes' hashes, audited, in one transaction — only while that secret is still pending and
     * two-factor off, so of two confirmations at once one turns it on and its codes are the ones kept.
     * @returns false (nothing changed) when another confirmation or enrolment came first.
     */
    async enableTwoFactor(staff: StaffContext, secret: string, step: number, recoveryHashes: string[], at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const on = await tx
          .update(staffUsers)
          .set({
            twoFactorSecret: secret,
            twoFactorPendingSecret: null,
            twoFactorEnabledAt: at,
            twoFactorLastStep: step,
            twoFactorRecoveryHashes: recoveryHashes,
          })
          .where(and(eq(staffUsers.id, staff.id), eq(staffUsers.twoFactorPendingSecret, secret), isNull(staffUsers.twoFactorEnabledAt)))
          .returning({ id: staffUsers.id });
        if (on.length === 0) return false;
        await recordAudit(tx, { ...staffActor(staff), entity: 'staff', entityId: staff.id, action: 'two-factor-on', at });
        return true;
      });
    },
    /** Turns two-factor off (secret, recovery codes and pending secret gone), audited, in one transaction. */
    async disableTwoFactor(staff: StaffContext, at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(staffUsers).set(TWO_FACTOR_OFF).where(eq(staffUsers.id, staff.id));
        await recordAudit(tx, { ...staffActor(staff), entity: 'staff', entityId: staff.id, action: 'two-factor-off', at });
      });
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
    /** Writes an audit row outside any other change (a sign-in, a failed one, sessions ended). */
    async audit(entry: Parameters<typeof recordAudit>[1]): Promise<void> {
      await recordAudit(db, entry);
    },
    async recordSignIn(staffId: number, at: Date): Promise<void> {
      await db.update(staffUsers).set({ lastSignInAt: at }).where(eq(staffUsers.id, staffId));
    },
    /** The staff member of a session unexpired at `now` whose account is enabled, with the session's expiry, or undefined. */
    async findSession(tokenHash: string, now: Date): Promise<{ staff: StaffContext; expiresAt: Date } | undefined> {
      const [row] = await db
        .select({ ...staffColumns, expiresAt: staffSessions.expiresAt, temporaryPasswordUntil: staffUsers.temporaryPasswordUntil, mustEnrolTwoFactor })
        .from(staffSessions)
        .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
        .innerJoin(societies, eq(societies.id, staffUsers.societyId))
        .where(and(eq(staffSessions.tokenHash, tokenHash), gt(staffSessions.expiresAt, now), isNull(staffUsers.disabledAt)));
      if (!row) return undefined;
      const { expiresAt, temporaryPasswordUntil, ...staff } = row;
      return { staff: { ...staff, subRole: staff.subRole ?? '', mustChangePassword: temporaryPasswordUntil !== null }, expiresAt };
    },
    /**
     * Whether the token is a live session of a disabled account: disabling keeps the rows (inert,
     * as {@link findSession} skips them) so that the member is told why they were signed out.
     */
    async isSessionOfDisabled(tokenHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .select({ id: staffUsers.id })
        .from(staffSessions)
        .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
        .where(and(eq(staffSessions.tokenHash, tokenHash), gt(staffSessions.expiresAt, now), isNotNull(staffUsers.disabledAt)))
        .limit(1);
      return rows.length > 0;
    },
    async deleteSession(tokenHash: string): Promise<void> {
      await db.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
    },
    /** Ends every session of an account. */
    async deleteSessionsOf(staffId: number): Promise<void> {
      await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
    },
    /**
     * What every staff screen of the society shows: its time zone (IANA name) and the media row of
     * its logo (null when none is set). Owner connection.
     */
    async societyLook(societyId: number): Promise<{ timeZone: string; logo: { id: string; mime: string; thumbKey: string | null } | null }> {
      const [row] = await db
        .select({ timeZone: societies.timeZone, id: media.id, mime: media.mime, thumbKey: media.thumbKey })
        .from(societies)
        .leftJoin(media, eq(media.id, societies.logoMediaId))
        .where(eq(societies.id, societyId));
      if (!row) return { timeZone: DEFAULT_TIME_ZONE, logo: null };
      const { timeZone, id, mime, thumbKey } = row;
      return { timeZone, logo: id !== null && mime !== null ? { id, mime, thumbKey } : null };
    },
    async deleteExpiredSessions(now: Date): Promise<void> {
      await db.delete(staffSessions).where(lt(staffSessions.expiresAt, now));
    },
  };
}
export type AuthRepo = ReturnType<typeof authRepo>;
