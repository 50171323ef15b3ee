import type { ListResponse } from '../../../shared/contracts/common.js';
import type { AuditActionText } from '../../../shared/contracts/audit.js';
import type { TwoFactorPolicy } from '../../../shared/contracts/auth.js';
import type { StaffCreate, StaffCreated, StaffMember, StaffStatus, StaffUpdate, TemporaryPassword } from '../../../shared/contracts/staff-admin.js';
import { MSG } from '../../../shared/messages.js';
import type { Db } from '../../db/client.js';
import { violatedUnique } from '../../db/pg-errors.js';
import { inSociety } from '../../db/society-scope.js';
import type { Clock } from '../../lib/clock.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.js';
import type { PageRequest } from '../../lib/list-page.js';
import { recordAudit, staffActor } from '../audit/service.js';
import type { AuthService, StaffContext } from '../auth/service.js';
import { staffAccountsRepo, staffAdminRepo, type StaffAccountRow } from './repo.js';
import { issueTemporaryPassword } from './service.js';

export interface StaffAdminDeps {
  db: Db;
  clock: Clock;
  /** Ends an account's sessions and sockets (disable, reset, sign out) or re-reads them (a new sub-role), on every instance. */
  auth: Pick<AuthService, 'revokeAccount' | 'refreshAccount'>;
  /** How long a temporary password signs in, in hours (TEMP_PASSWORD_HOURS). */
  temporaryPasswordHours: number;
}

function statusOf(row: StaffAccountRow): StaffStatus {
  if (row.disabledAt) return 'Disabled';
  return row.temporaryPasswordUntil ? 'Invited' : 'Active';
}

/** A row of /Staff as the API answers it. */
export function toStaffMember(row: StaffAccountRow, viewer: StaffContext): StaffMember {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    subRole: row.subRole ?? '',
    status: statusOf(row),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    twoFactor: row.twoFactorEnabledAt !== null,
    self: row.id === viewer.id,
  };
}

/**
 * /Staff (module 'staff', super-admin): the society's dashboard accounts. Everything runs in the
 * super-admin's society (`inSociety`): another society's account is 404 like a missing one.
 * Every change is audited (entity 'staff') in its transaction and takes effect at once, on every
 * instance: a disabled, reset or signed-out member's sessions and sockets end; a new sub-role is
 * read at the member's next request, and their sockets reconnect to its rooms.
 * A super-admin changes their own account only through My account (403 MSG.staffSelf), and no
 * change may leave the society without an enabled super-admin (409 MSG.staffLastSuperAdmin).
 */
export function staffAdminService({ db, clock, auth, temporaryPasswordHours }: StaffAdminDeps) {
  const notSelf = (staff: StaffContext, id: number) => {
    if (id === staff.id) throw new ForbiddenError(MSG.staffSelf);
  };
  async function member(staff: StaffContext, id: number): Promise<StaffMember> {
    const row = await inSociety(db, staff.societyId, (tx) => staffAdminRepo(tx).byId(staff.societyId, id));
    if (!row) throw new NotFoundError(MSG.staffNotFound);
    return toStaffMember(row, staff);
  }

  return {
    /** GET /api/staff: newest first, 10 a page; `q` a part of the name or email. */
    async list(staff: StaffContext, query: PageRequest & { q: string }): Promise<ListResponse<StaffMember>> {
      const page = await inSociety(db, staff.societyId, (tx) => staffAdminRepo(tx).list(staff.societyId, query.q, query));
      return { ...page, items: page.items.map((row) => toStaffMember(row, staff)) };
    },

    /**
     * POST /api/staff: adds a member (role Admin) with a temporary password, valid for
     * TEMP_PASSWORD_HOURS and to be changed at the first sign-in. @returns its id and the password (shown once).
     * @throws 409 MSG.staffEmailTaken (any society: emails sign in, compared case-insensitively).
     */
    async create(staff: StaffContext, input: StaffCreate): Promise<StaffCreated> {
      if (await staffAccountsRepo(db).staffByEmail(input.email)) throw new ConflictError(MSG.staffEmailTaken, 'email');
      const { password, passwordHash, until } = await issueTemporaryPassword(clock, temporaryPasswordHours);
      try {
        const id = await inSociety(db, staff.societyId, async (tx) => {
          const created = await staffAdminRepo(tx).insert({
            societyId: staff.societyId,
            ...input,
            passwordHash,
            temporaryPasswordUntil: until,
            at: clock.now(),
          });
          await recordAudit(tx, { ...staffActor(staff), entity: 'staff', entityId: created, action: 'create', toStage: input.subRole, at: clock.now() });
          return created;
        });
        return { _id: id, temporaryPassword: password };
      } catch (err) {
        // The same email added at the same moment: the unique index answers for the check above.
        if (violatedUnique(err) !== undefined) throw new ConflictError(MSG.staffEmailTaken, 'email');
        throw err;
      }
    },

    /**
     * PUT /api/staff/:id: a new sub-role and/or disable (true) or enable (false). What is already
     * so changes nothing and writes no audit row. @returns the member as now.
     * @throws 403 MSG.staffSelf; 404 MSG.staffNotFound; 409 MSG.staffLastSuperAdmin when it would
     *   demote or disable the society's last enabled super-admin.
     */
    async update(staff: StaffContext, id: number, change: StaffUpdate): Promise<StaffMember> {
      notSelf(staff, id);
      const effect = await inSociety(db, staff.societyId, async (tx) => {
        const repo = staffAdminRepo(tx);
        // Read first: a refused change must not even lock the society's super-admins.
        if (!(await repo.byId(staff.societyId, id))) throw new NotFoundError(MSG.staffNotFound);
        const { account, otherSuperAdmins } = await repo.lockForChange(staff.societyId, id);
        if (!account) throw new NotFoundError(MSG.staffNotFound);
        const newSubRole = change.subRole !== undefined && change.subRole !== account.subRole ? change.subRole : undefined;
        const disable = change.disabled === true && !account.disabledAt;
        const enable = change.disabled === false && account.disabledAt !== null;
        const losesSuperAdmin = account.subRole === 'super-admin' && !account.disabledAt && (disable || newSubRole !== undefined);
        if (losesSuperAdmin && otherSuperAdmins === 0) throw new ConflictError(MSG.staffLastSuperAdmin);
        const at = clock.now();
        const audit = (action: AuditActionText, fromStage: string | null, toStage: string | null) =>
          recordAudit(tx, { ...staffActor(staff), entity: 'staff', entityId: id, action, fromStage, toStage, at });
        if (newSubRole !== undefined) {
          await repo.setSubRole(id, newSubRole);
          await audit('sub-role', account.subRole, newSubRole);
        }
        if (disable || enable) {
          await repo.setDisabled(id, disable ? at : null);
          await audit(disable ? 'disable' : 'enable', null, null);
        }
        return { disable, enable, refresh: newSubRole !== undefined };
      });
      // After the commit, so that a session read again sees the change. A disabled account's
      // sessions stay, inert, to tell the member why; enabling it deletes them for good.
      if (effect.disable) await auth.revokeAccount(id, { disabled: true });
      else if (effect.enable) await auth.revokeAccount(id);
      else if (effect.refresh) auth.refreshAccount(id);
      return member(staff, id);
    },

    /**
     * POST /api/staff/:id/reset-password: a new temporary password (the old one stops working),
     * two-factor sign-in off (a member who lost their device enrols again), and every session of
     * the member ends. @returns the password (shown once). @throws 403 MSG.staffSelf; 404.
     */
    async resetPassword(staff: StaffContext, id: number): Promise<TemporaryPassword> {
      notSelf(staff, id);
      const { password, passwordHash, until } = await issueTemporaryPassword(clock, temporaryPasswordHours);
      await inSociety(db, staff.societyId, async (tx) => {
        const repo = staffAdminRepo(tx);
        if (!(await repo.byId(staff.societyId, id))) throw new NotFoundError(MSG.staffNotFound);
        await repo.setTemporaryPassword(id, passwordHash, until);
        await recordAudit(tx, { ...staffActor(staff), entity: 'staff', entityId: id, action: 'reset-password', at: clock.now() });
      });
      await auth.revokeAccount(id);
      return { temporaryPassword: password };
    },

    /** GET /api/society/two-factor-policy: whether every super-admin of the society must use two-factor sign-in. */
    async twoFactorPolicy(staff: StaffContext): Promise<TwoFactorPolicy> {
      return { requireForSuperAdmins: await inSociety(db, staff.societyId, (tx) => staffAdminRepo(tx).twoFactorPolicy(staff.societyId)) };
    },

    /**
     * PUT /api/society/two-factor-policy: requires (or no longer requires) two-factor sign-in of
     * every super-admin of the society, audited. Those without it are held at their own account
     * from their next request until they turn it on (or released when it is no longer required).
     * @throws 409 MSG.twoFactorOwnFirst when requiring it while the caller has not turned it on.
     */
    async setTwoFactorPolicy(staff: StaffContext, { requireForSuperAdmins }: TwoFactorPolicy): Promise<TwoFactorPolicy> {
      const affected = await inSociety(db, staff.societyId, async (tx) => {
        const repo = staffAdminRepo(tx);
        if ((await repo.twoFactorPolicy(staff.societyId)) === requireForSuperAdmins) return [];
        const without = await repo.superAdminsWithoutTwoFactor(staff.societyId);
        if (requireForSuperAdmins && without.includes(staff.id)) throw new ConflictError(MSG.twoFactorOwnFirst);
        await repo.setTwoFactorPolicy(staff.societyId, requireForSuperAdmins);
        await recordAudit(tx, {
          ...staffActor(staff),
          entity: 'society',
          entityId: staff.societyId,
          action: requireForSuperAdmins ? 'require-two-factor' : 'two-factor-optional',
          at: clock.now(),
        });
        return without;
      });
      for (const id of affected) auth.refreshAccount(id);
      return { requireForSuperAdmins };
    },

    /** DELETE /api/staff/:id/sessions: signs the member out everywhere (sessions and sockets). @throws 403 MSG.staffSelf; 404. */
    async signOutEverywhere(staff: StaffContext, id: number): Promise<void> {
      notSelf(staff, id);
      await inSociety(db, staff.societyId, async (tx) => {
        if (!(await staffAdminRepo(tx).byId(staff.societyId, id))) throw new NotFoundError(MSG.staffNotFound);
        await recordAudit(tx, { ...staffActor(staff), entity: 'staff', entityId: id, action: 'sign-out-everywhere', at: clock.now() });
      });
      await auth.revokeAccount(id);
    },
  };
}
export type StaffAdminService = ReturnType<typeof staffAdminService>;
