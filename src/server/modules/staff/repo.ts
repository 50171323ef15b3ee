import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { societies, staffSessions, staffUsers, TWO_FACTOR_OFF } from '../../db/schema.js';
import type { EmergencyContact } from '../../../shared/contracts/resident.js';
import { listPage, type PageRequest } from '../../lib/list-page.js';
import { likePattern } from '../../lib/text.js';
import { rowsOf } from '../../db/raw-rows.js';
import { z } from 'zod';

/** A society as the operator lists it. */
export interface SocietyRow {
  id: number;
  name: string;
  code: string;
  staff: number;
}

/** A staff account as the operator and the Staff screen list it (never the password hash). */
export interface StaffAccountRow {
  id: number;
  societyId: number;
  name: string;
  email: string;
  subRole: string | null;
  disabledAt: Date | null;
  temporaryPasswordUntil: Date | null;
  lastSignInAt: Date | null;
  twoFactorEnabledAt: Date | null;
}

const accountColumns = {
  id: staffUsers.id,
  societyId: staffUsers.societyId,
  name: staffUsers.name,
  email: staffUsers.email,
  subRole: staffUsers.subRole,
  disabledAt: staffUsers.disabledAt,
  temporaryPasswordUntil: staffUsers.temporaryPasswordUntil,
  lastSignInAt: staffUsers.lastSignInAt,
  twoFactorEnabledAt: staffUsers.twoFactorEnabledAt,
};

/**
 * Societies and staff accounts across societies, on the owner connection: the operator's
 * commands (operator/commands.ts) act for no society, as the machine's administrator.
 */
export function staffAccountsRepo(db: Db) {
  return {
    /** The society of a code (upper-case), or undefined. */
    async societyByCode(code: string): Promise<{ id: number; name: string; code: string } | undefined> {
      const [row] = await db.select({ id: societies.id, name: societies.name, code: societies.code }).from(societies).where(eq(societies.code, code));
      return row;
    },
    /** True when a society has this name, compared case-insensitively. */
    async societyNameTaken(name: string): Promise<boolean> {
      const [row] = await db
        .select({ id: societies.id })
        .from(societies)
        .where(sql`lower(${societies.name}) = ${name.toLowerCase()}`)
        .limit(1);
      return row !== undefined;
    },
    async insertSociety(name: string, code: string, at: Date): Promise<number> {
      const [row] = await db.insert(societies).values({ name, code, createdAt: at }).returning({ id: societies.id });
      return row!.id;
    },
    /** Sets the society's time zone; @returns the zone it had. */
    async setSocietyTimeZone(societyId: number, zone: string): Promise<string> {
      const [before] = await db.select({ zone: societies.timeZone }).from(societies).where(eq(societies.id, societyId)).for('update');
      await db.update(societies).set({ timeZone: zone }).where(eq(societies.id, societyId));
      return before?.zone ?? zone;
    },
    /** Replaces the society's emergency contacts (already parsed by ZEmergencyContacts); @returns how many it had. */
    async setSocietyEmergencyContacts(societyId: number, contacts: EmergencyContact[]): Promise<number> {
      const [before] = await db.select({ contacts: societies.emergencyContacts }).from(societies).where(eq(societies.id, societyId)).for('update');
      await db.update(societies).set({ emergencyContacts: contacts }).where(eq(societies.id, societyId));
      return before?.contacts.length ?? 0;
    },
    /** Whether the database can compute in `zone` (pg_timezone_names). */
    async databaseKnowsTimeZone(zone: string): Promise<boolean> {
      const result = await db.execute(sql`select count(*)::int as n from pg_timezone_names where name = ${zone}`);
      return (rowsOf(result, z.object({ n: z.coerce.number() }))[0]?.n ?? 0) > 0;
    },
    /** Every society with its number of staff accounts, by code. */
    listSocieties(): Promise<SocietyRow[]> {
      return db
        .select({
          id: societies.id,
          name: societies.name,
          code: societies.code,
          // A join, not a correlated subquery: Drizzle writes a one-table select's columns
          // unqualified, so `${societies.id}` inside a subquery on staff_users would be its own id.
          staff: count(staffUsers.id),
        })
        .from(societies)
        .leftJoin(staffUsers, eq(staffUsers.societyId, societies.id))
        .groupBy(societies.id)
        .orderBy(asc(societies.code));
    },
    /** The account of an email, compared case-insensitively, or undefined. */
    async staffByEmail(email: string): Promise<StaffAccountRow | undefined> {
      const [row] = await db
        .select(accountColumns)
        .from(staffUsers)
        .where(sql`lower(${staffUsers.email}) = ${email.toLowerCase()}`);
      return row;
    },
    async insertStaff(row: {
      societyId: number;
      name: string;
      email: string;
      subRole: string;
      passwordHash: string;
      temporaryPasswordUntil: Date;
      at: Date;
    }): Promise<number> {
      const [saved] = await db
        .insert(staffUsers)
        .values({
          societyId: row.societyId,
          name: row.name,
          email: row.email,
          role: 'Admin',
          subRole: row.subRole,
          passwordHash: row.passwordHash,
          temporaryPasswordUntil: row.temporaryPasswordUntil,
          createdAt: row.at,
        })
        .returning({ id: staffUsers.id });
      return saved!.id;
    },
    /** The society's staff accounts by name. */
    listStaff(societyId: number): Promise<StaffAccountRow[]> {
      return db.select(accountColumns).from(staffUsers).where(eq(staffUsers.societyId, societyId)).orderBy(asc(staffUsers.name), asc(staffUsers.id));
    },
    /** Replaces the password with a temporary one valid until `until`, and turns two-factor sign-in off (the member enrols again). */
    async setTemporaryPassword(id: number, passwordHash: string, until: Date): Promise<void> {
      await db
        .update(staffUsers)
        .set({ passwordHash, temporaryPasswordUntil: until, ...TWO_FACTOR_OFF })
        .where(eq(staffUsers.id, id));
    },
    async setDisabled(id: number, at: Date | null): Promise<void> {
      await db.update(staffUsers).set({ disabledAt: at }).where(eq(staffUsers.id, id));
    },
    /** Ends every session of the account; returns how many there were. */
    async deleteSessionsOf(id: number): Promise<number> {
      const gone = await db.delete(staffSessions).where(eq(staffSessions.staffId, id)).returning({ t: staffSessions.tokenHash });
      return gone.length;
    },
  };
}
export type StaffAccountsRepo = ReturnType<typeof staffAccountsRepo>;

/**
 * The Staff screen's queries, for one society's super-admin. Call inside `inSociety`: every query
 * also filters by the society, and row-level security hides other societies' accounts anyway.
 * Only dashboard accounts (role 'Admin') are listed and changed; a guard account is not one.
 */
export function staffAdminRepo(db: Db) {
  const admins = (societyId: number): SQL => and(eq(staffUsers.societyId, societyId), eq(staffUsers.role, 'Admin'))!;
  const accounts = staffAccountsRepo(db);
  return {
    /** One page (10, newest first) of the society's accounts whose name or email contains `q` (case-insensitive; '' all). */
    list(societyId: number, q: string, req: PageRequest) {
      const where = admins(societyId);
      const pattern = likePattern(q);
      return listPage({
        db,
        exactCount: true,
        table: staffUsers,
        id: staffUsers.id,
        order: [staffUsers.id],
        where,
        search: q ? sql`(${staffUsers.name} ilike ${pattern} or ${staffUsers.email} ilike ${pattern})` : undefined,
        req,
        rows: (ids) =>
          ids.length === 0
            ? Promise.resolve([])
            : db
                .select(accountColumns)
                .from(staffUsers)
                .where(and(where, inArray(staffUsers.id, ids))),
        idOf: (row) => row.id,
      });
    },
    async byId(societyId: number, id: number): Promise<StaffAccountRow | undefined> {
      const [row] = await db
        .select(accountColumns)
        .from(staffUsers)
        .where(and(admins(societyId), eq(staffUsers.id, id)));
      return row;
    },
    /**
     * Locks the account for a change together with the society's enabled super-admins, in one
     * statement and in id order (two super-admins changing each other at once wait for one
     * another instead of deadlocking, and the second sees the first's change).
     * @returns the account (undefined when it is not one of the society's) and how many enabled
     *   super-admins the society has besides it.
     */
    async lockForChange(societyId: number, id: number): Promise<{ account: StaffAccountRow | undefined; otherSuperAdmins: number }> {
      const rows = await db
        .select(accountColumns)
        .from(staffUsers)
        .where(and(admins(societyId), or(eq(staffUsers.id, id), and(eq(staffUsers.subRole, 'super-admin'), isNull(staffUsers.disabledAt)))))
        .orderBy(asc(staffUsers.id))
        .for('update');
      return {
        account: rows.find((r) => r.id === id),
        otherSuperAdmins: rows.filter((r) => r.id !== id && r.subRole === 'super-admin' && !r.disabledAt).length,
      };
    },
    async setSubRole(id: number, subRole: string): Promise<void> {
      await db.update(staffUsers).set({ subRole }).where(eq(staffUsers.id, id));
    },
    /** Whether the society requires two-factor sign-in of its super-admins. */
    async twoFactorPolicy(societyId: number): Promise<boolean> {
      const [row] = await db.select({ required: societies.requireTwoFactor }).from(societies).where(eq(societies.id, societyId));
      return row?.required ?? false;
    },
    async setTwoFactorPolicy(societyId: number, required: boolean): Promise<void> {
      await db.update(societies).set({ requireTwoFactor: required }).where(eq(societies.id, societyId));
    },
    /** The society's super-admins without two-factor sign-in (held while the society requires it). */
    async superAdminsWithoutTwoFactor(societyId: number): Promise<number[]> {
      const rows = await db
        .select({ id: staffUsers.id })
        .from(staffUsers)
        .where(and(admins(societyId), eq(staffUsers.subRole, 'super-admin'), isNull(staffUsers.twoFactorEnabledAt)));
      return rows.map((r) => r.id);
    },
    // The writes the operator's commands make too.
    setDisabled: accounts.setDisabled,
    setTemporaryPassword: accounts.setTemporaryPassword,
    /** Inserts an account (role Admin); a taken email throws the unique index's violation. */
    insert: accounts.insertStaff,
  };
}
export type StaffAdminRepo = ReturnType<typeof staffAdminRepo>;
