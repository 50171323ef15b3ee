import { randomInt } from 'node:crypto';
import { isSubRole, SUB_ROLES } from '../../../shared/subroles.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import { recordAudit } from '../audit/service.js';
import type { AuditActionText } from '../../../shared/contracts/audit.js';
import { isTimeZone } from '../../../shared/calendar.js';
import { EMERGENCY_CONTACTS_MAX } from '../../../shared/constants.js';
import { ZEmergencyContact, type EmergencyContact } from '../../../shared/contracts/resident.js';
import { staffAccountsRepo, type SocietyRow, type StaffAccountRow } from './repo.js';

/** Who made a change: the operator's command on the server's machine (audited with actor id null). */
export interface OperatorActor {
  kind: 'operator';
  /** Shown in the audit log, e.g. 'operator root@vm'. */
  name: string;
}

export interface StaffAccountsDeps {
  db: Db;
  clock: Clock;
  /** How long a temporary password signs in, in hours (TEMP_PASSWORD_HOURS). */
  temporaryPasswordHours: number;
  /**
   * Ends every session of an account. In the server: `auth.revokeAccount` (cache and sockets too,
   * on every instance); in a command run without the server: the rows only (a running server's
   * next request on such a cached session finds it gone: lib/request-context.ts `claimSession`).
   */
  revokeSessions(staffId: number, opts?: { disabled?: boolean }): Promise<void>;
}

/** A society code: 2 to 6 upper-case Latin letters (it prefixes resident ids: HP0001). */
export const SOCIETY_CODE = /^[A-Z]{2,6}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Letters and digits that cannot be misread for one another (no 0/O, 1/l/I). */
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A temporary password: four groups of four from {@link PASSWORD_ALPHABET} (~79 bits), e.g. `k7mq-x2pa-r9dh-3tfe`. */
export function temporaryPassword(): string {
  return Array.from({ length: 4 }, () => Array.from({ length: 4 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('')).join('-');
}

/**
 * A new temporary password for an account: the text to show once, its hash to store, and the
 * moment it stops signing in (`hours` from now by `clock`).
 */
export async function issueTemporaryPassword(clock: Clock, hours: number): Promise<{ password: string; passwordHash: string; until: Date }> {
  const password = temporaryPassword();
  return { password, passwordHash: await hashPassword(password), until: new Date(clock.now().getTime() + hours * 3_600_000) };
}

function requiredText(value: string | undefined, field: string, max = 200): string {
  const v = value?.trim() ?? '';
  if (!v) throw new BadRequestError(`--${field} is required.`, field);
  if (v.length > max) throw new BadRequestError(`--${field} may have at most ${max} characters.`, field);
  return v;
}

/**
 * The `--set "Label=phone"` entries of `society:emergency`, parsed in order (the label is what
 * comes before the last '=', so a label may hold one). @param clear `--clear`: no entry then.
 * @throws BadRequestError naming the first bad entry and why, or a missing/conflicting option.
 */
export function parseEmergencyContacts(entries: readonly string[], clear: boolean): EmergencyContact[] {
  if (clear && entries.length > 0) throw new BadRequestError('Give either --set entries or --clear, not both.', 'set');
  if (clear) return [];
  if (entries.length === 0) throw new BadRequestError('Give one --set "Label=phone" per contact, or --clear.', 'set');
  if (entries.length > EMERGENCY_CONTACTS_MAX)
    throw new BadRequestError(`At most ${EMERGENCY_CONTACTS_MAX} --set entries; ${entries.length} were given.`, 'set');
  return entries.map((entry, i) => {
    const at = entry.lastIndexOf('=');
    const where = `--set entry ${i + 1} ("${entry}")`;
    if (at < 0) throw new BadRequestError(`${where} must be Label=phone, e.g. "Guard room=03001234567".`, 'set');
    const parsed = ZEmergencyContact.safeParse({ label: entry.slice(0, at), phone: entry.slice(at + 1) });
    if (!parsed.success) throw new BadRequestError(`${where}: ${parsed.error.issues[0]!.message}`, 'set');
    return parsed.data;
  });
}

/**
 * Societies and their staff accounts, as the operator command (`npm run admin`) manages them.
 * Every change is audited in the society it concerns, as the operator, in the change's
 * transaction. Emails are compared case-insensitively. Errors: 400 (BadRequestError) for a
 * missing or malformed value, naming it; 404 for an unknown society or email; 409 for a taken
 * code, name or email.
 */
export function staffAccountsService({ db, clock, temporaryPasswordHours, revokeSessions }: StaffAccountsDeps) {
  const repo = staffAccountsRepo(db);
  const audit = (tx: Db, actor: OperatorActor, societyId: number, entity: string, entityId: number, action: AuditActionText, toStage?: string) =>
    recordAudit(tx, {
      societyId,
      actorKind: actor.kind,
      actorId: null,
      actorName: actor.name,
      entity,
      entityId,
      action,
      toStage: toStage ?? null,
      at: clock.now(),
    });

  async function societyOf(code: string | undefined) {
    const c = requiredText(code, 'society').toUpperCase();
    const society = await repo.societyByCode(c);
    if (!society) throw new NotFoundError(`No society has the code ${c}.`);
    return society;
  }
  async function accountOf(email: string | undefined) {
    const e = requiredText(email, 'email');
    const account = await repo.staffByEmail(e);
    if (!account) throw new NotFoundError(`No staff member has the email ${e}.`);
    return account;
  }

  return {
    /**
     * Creates a society. @param input.code 2–6 letters (upper-cased), unique; @param input.name unique (case-insensitive).
     * @throws 400 for a missing name or a malformed code; 409 for a code or name already used.
     */
    async createSociety(input: { name?: string; code?: string }, actor: OperatorActor): Promise<{ id: number; name: string; code: string }> {
      const name = requiredText(input.name, 'name');
      const code = requiredText(input.code, 'code').toUpperCase();
      if (!SOCIETY_CODE.test(code)) throw new BadRequestError('--code must be 2 to 6 letters (A–Z).', 'code');
      if (await repo.societyByCode(code)) throw new ConflictError(`A society with the code ${code} already exists.`);
      if (await repo.societyNameTaken(name)) throw new ConflictError(`A society named ${name} already exists.`);
      const id = await db.transaction(async (tx) => {
        const societyId = await staffAccountsRepo(tx).insertSociety(name, code, clock.now());
        await audit(tx, actor, societyId, 'society', societyId, 'create');
        return societyId;
      });
      return { id, name, code };
    },

    /**
     * Sets the time zone the society lives in (`societies.time_zone`): its dates and times, "today"
     * and "this month" follow it. @param input.zone an IANA name both this Node and the database
     * know, e.g. Asia/Dubai. @returns the society and its zone before and after.
     * @throws 400 for a missing or unknown zone; 404 for an unknown society.
     */
    async setSocietyTimeZone(
      input: { society?: string; zone?: string },
      actor: OperatorActor,
    ): Promise<{ name: string; code: string; from: string; to: string }> {
      const society = await societyOf(input.society);
      const zone = requiredText(input.zone, 'zone');
      if (!isTimeZone(zone) || !(await repo.databaseKnowsTimeZone(zone))) {
        throw new BadRequestError(`--zone must be a time zone name such as Asia/Karachi or Europe/London; ${zone} is not one.`, 'zone');
      }
      const from = await db.transaction(async (tx) => {
        const before = await staffAccountsRepo(tx).setSocietyTimeZone(society.id, zone);
        await audit(tx, actor, society.id, 'society', society.id, 'time-zone', zone);
        return before;
      });
      return { name: society.name, code: society.code, from, to: zone };
    },

    /**
     * Replaces the society's emergency contacts (`societies.emergency_contacts`), which residents
     * read (GET /api/resident/society) and their app lists offline. @param input.set one
     * "Label=phone" per contact, in order (at most EMERGENCY_CONTACTS_MAX; ZEmergencyContact's
     * rules); @param input.clear true to remove them all (then no --set). Audited 'emergency' with
     * the new count. @returns the society, the stored list and the count it had.
     * @throws 400 naming the bad --set entry (or a missing/conflicting option); 404 for an unknown society.
     */
    async setSocietyEmergencyContacts(
      input: { society?: string; set?: readonly string[]; clear?: boolean },
      actor: OperatorActor,
    ): Promise<{ name: string; code: string; contacts: EmergencyContact[]; before: number }> {
      const society = await societyOf(input.society);
      const contacts = parseEmergencyContacts(input.set ?? [], input.clear ?? false);
      const before = await db.transaction(async (tx) => {
        const had = await staffAccountsRepo(tx).setSocietyEmergencyContacts(society.id, contacts);
        await audit(tx, actor, society.id, 'society', society.id, 'emergency', String(contacts.length));
        return had;
      });
      return { name: society.name, code: society.code, contacts, before };
    },

    /** Every society with its number of staff accounts, by code. */
    listSocieties(): Promise<SocietyRow[]> {
      return repo.listSocieties();
    },

    /**
     * Adds a staff member (role Admin) with a temporary password, valid for TEMP_PASSWORD_HOURS and
     * to be changed at the first sign-in. @returns the new id and the temporary password (shown once).
     * @throws 400 for a missing name, a malformed email or an unknown sub-role; 404 for an unknown
     * society; 409 for an email already used (by any society).
     */
    async createStaff(
      input: { society?: string; email?: string; name?: string; subRole?: string },
      actor: OperatorActor,
    ): Promise<{ id: number; temporaryPassword: string; account: Pick<StaffAccountRow, 'name' | 'email' | 'subRole'> }> {
      const society = await societyOf(input.society);
      const email = requiredText(input.email, 'email');
      if (!EMAIL.test(email)) throw new BadRequestError('--email is not an email address.', 'email');
      const name = requiredText(input.name, 'name');
      if (!isSubRole(input.subRole)) throw new BadRequestError(`--sub-role must be one of: ${SUB_ROLES.join(', ')}.`, 'sub-role');
      const subRole = input.subRole;
      if (await repo.staffByEmail(email)) throw new ConflictError(`A staff member with the email ${email} already exists.`);
      const { password, passwordHash, until } = await issueTemporaryPassword(clock, temporaryPasswordHours);
      const id = await db.transaction(async (tx) => {
        const staffId = await staffAccountsRepo(tx).insertStaff({
          societyId: society.id,
          name,
          email,
          subRole,
          passwordHash,
          temporaryPasswordUntil: until,
          at: clock.now(),
        });
        await audit(tx, actor, society.id, 'staff', staffId, 'create', subRole);
        return staffId;
      });
      return { id, temporaryPassword: password, account: { name, email, subRole } };
    },

    /** The staff accounts of a society (by its code), by name. @throws 404 for an unknown society. */
    async listStaff(code: string | undefined): Promise<StaffAccountRow[]> {
      return repo.listStaff((await societyOf(code)).id);
    },

    /**
     * Gives an account a new temporary password and ends its sessions. @returns the password (shown once).
     * @throws 404 for an unknown email.
     */
    async resetPassword(email: string | undefined, actor: OperatorActor): Promise<{ temporaryPassword: string }> {
      const account = await accountOf(email);
      const { password, passwordHash, until } = await issueTemporaryPassword(clock, temporaryPasswordHours);
      await db.transaction(async (tx) => {
        await staffAccountsRepo(tx).setTemporaryPassword(account.id, passwordHash, until);
        await audit(tx, actor, account.societyId, 'staff', account.id, 'reset-password');
      });
      await revokeSessions(account.id);
      return { temporaryPassword: password };
    },

    /**
     * Disables an account: it can no longer sign in, and its sessions end. Idempotent: an account
     * already disabled is left as it is (`changed: false`, nothing audited). @throws 404 for an unknown email.
     */
    async disable(email: string | undefined, actor: OperatorActor): Promise<{ changed: boolean }> {
      const account = await accountOf(email);
      if (account.disabledAt) return { changed: false };
      await db.transaction(async (tx) => {
        await staffAccountsRepo(tx).setDisabled(account.id, clock.now());
        await audit(tx, actor, account.societyId, 'staff', account.id, 'disable');
      });
      await revokeSessions(account.id, { disabled: true });
      return { changed: true };
    },
  };
}
export type StaffAccountsService = ReturnType<typeof staffAccountsService>;
