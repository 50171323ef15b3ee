import { and, eq, gt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { residentSessions, residents, societies } from '../../db/schema.js';
import type { ResidentSociety } from '../../../shared/contracts/resident.js';
import { inSociety } from '../../db/society-scope.js';
import { residentProfileColumns, type ResidentProfileRow } from '../residents/service.js';
import { registrationRepo } from './registration-repo.js';
import { recordAudit } from '../audit/service.js';

/** The resident behind a resident-API bearer token. */
export interface ResidentContext {
  id: number;
  residentCode: string;
  name: string;
  societyId: number;
  societyName: string;
  status: 'Pending' | 'Approve' | 'Block';
  /** A staff reset's temporary password not yet replaced: the guard holds the resident (plugins/auth.ts). */
  mustChangePassword: boolean;
}

const residentColumns = {
  id: residents.id,
  residentCode: residents.residentCode,
  name: residents.name,
  societyId: residents.societyId,
  societyName: societies.name,
  status: residents.status,
  mustChangePassword: residents.mustChangePassword,
};

/**
 * The database's check that a token served from the cache still holds as the cache has it
 * (drizzle/0026_session_holds.sql): the token exists and the resident's status is `status` (or
 * Approve where it was Pending). A SQL expression for a claim (lib/request-context.ts); raises
 * SQLSTATE SD401 otherwise.
 * @param tokenHash the bearer token's SHA-256 hex
 */
export function residentSessionHolds(tokenHash: string, status: ResidentContext['status']): SQL {
  return sql`app_resident_session_holds(${tokenHash}, ${status})`;
}

/**
 * Resident queries: accounts by phone and bearer-token sessions (the owner connection: sign-in
 * spans societies), and the signed-in resident's own profile (in their society's scope).
 */
export function residentAuthRepo(db: Db) {
  return {
    /** Self-registration's reads across societies, on the owner connection. */
    registration: registrationRepo(db),
    /** Runs `work` in one society-scoped transaction (row-level security; `inSociety`). */
    inSociety<T>(societyId: number, work: (tx: Db) => Promise<T>): Promise<T> {
      return inSociety(db, societyId, work);
    },
    async findByPhone(phone: string) {
      const [row] = await db
        .select({
          ...residentColumns,
          passwordHash: residents.passwordHash,
          temporaryPasswordUntil: residents.temporaryPasswordUntil,
        })
        .from(residents)
        .innerJoin(societies, eq(societies.id, residents.societyId))
        // The drill resident never signs in (it has no password either).
        .where(and(eq(residents.phone, phone), eq(residents.isDrill, false)));
      return row;
    },
    async createSession(tokenHash: string, residentId: number, expiresAt: Date): Promise<void> {
      await db.insert(residentSessions).values({ tokenHash, residentId, expiresAt });
    },
    /**
     * The one token of a resident on a temporary password: in one transaction, locks the resident
     * while their password is still the temporary one whose hash (`passwordHash`) the sign-in
     * verified, deletes every other token of theirs and stores this one. Two sign-ins at once
     * queue on the lock, so the later one ends the earlier one's token and one stays live.
     * @returns the hashes of the tokens deleted, or undefined (nothing stored) when the password
     *   is no longer that temporary one (chosen or reset again since it was checked).
     */
    async createOnlySession(tokenHash: string, residentId: number, passwordHash: string, expiresAt: Date): Promise<string[] | undefined> {
      return db.transaction(async (tx) => {
        const [held] = await tx
          .select({ id: residents.id })
          .from(residents)
          .where(and(eq(residents.id, residentId), eq(residents.passwordHash, passwordHash), eq(residents.mustChangePassword, true)))
          .for('update');
        if (!held) return undefined;
        const ended = await tx.delete(residentSessions).where(eq(residentSessions.residentId, residentId)).returning({ tokenHash: residentSessions.tokenHash });
        await tx.insert(residentSessions).values({ tokenHash, residentId, expiresAt });
        return ended.map((e) => e.tokenHash);
      });
    },
    /** The resident of a token unexpired at `now` and the token's expiry, or undefined. */
    async findSession(tokenHash: string, now: Date): Promise<(ResidentContext & { expiresAt: Date }) | undefined> {
      const [row] = await db
        .select({ ...residentColumns, expiresAt: residentSessions.expiresAt })
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
    /** The resident's password hash (null: none set), or undefined when the account is gone. */
    async passwordOf(residentId: number): Promise<{ passwordHash: string | null; phone: string } | undefined> {
      const [row] = await db.select({ passwordHash: residents.passwordHash, phone: residents.phone }).from(residents).where(eq(residents.id, residentId));
      return row;
    },
    /**
     * Sets a password the resident chose (no longer one staff must have them change) and deletes
     * every other token of theirs, keeping `keepTokenHash`, in one transaction run as the society
     * (`inSociety`); the audit row goes with it. @returns the hashes of the deleted tokens.
     */
    changePassword(resident: ResidentContext, passwordHash: string, keepTokenHash: string, at: Date): Promise<string[]> {
      return inSociety(db, resident.societyId, async (tx) => {
        await tx
          .update(residents)
          .set({ passwordHash, mustChangePassword: false, temporaryPasswordUntil: null })
          .where(and(eq(residents.societyId, resident.societyId), eq(residents.id, resident.id)));
        const ended = await tx
          .delete(residentSessions)
          .where(and(eq(residentSessions.residentId, resident.id), ne(residentSessions.tokenHash, keepTokenHash)))
          .returning({ tokenHash: residentSessions.tokenHash });
        await recordAudit(tx, {
          societyId: resident.societyId,
          actorKind: 'resident',
          actorId: resident.id,
          actorName: resident.name,
          entity: 'resident',
          entityId: resident.id,
          action: 'change-password',
          at,
        });
        return ended.map((e) => e.tokenHash);
      });
    },
    /**
     * The resident's own profile row with the society's name, read as the society role
     * (`inSociety`: row-level security) and filtered by resident and society; undefined if gone.
     */
    profile(societyId: number, residentId: number): Promise<ResidentProfileRow | undefined> {
      return inSociety(db, societyId, async (tx) => {
        const [row] = await tx
          .select({ ...residentProfileColumns, societyName: societies.name, timeZone: societies.timeZone })
          .from(residents)
          .innerJoin(societies, eq(societies.id, residents.societyId))
          .where(and(eq(residents.societyId, societyId), eq(residents.id, residentId)));
        return row;
      });
    },
    /**
     * The resident's own society's name, time zone and emergency contacts, read as the society role
     * (`inSociety`: row-level security lets it see its own society row only); undefined if gone.
     */
    society(societyId: number): Promise<ResidentSociety | undefined> {
      return inSociety(db, societyId, async (tx) => {
        const [row] = await tx
          .select({ name: societies.name, timeZone: societies.timeZone, emergencyContacts: societies.emergencyContacts })
          .from(societies)
          .where(eq(societies.id, societyId));
        return row;
      });
    },
  };
}
export type ResidentAuthRepo = ReturnType<typeof residentAuthRepo>;
