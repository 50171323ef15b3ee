import type { ListResponse } from '../../../shared/contracts/common.js';
import type { ResidentRow, ResidentSearchQuery, ResidentStatusDetail, ResidentVerify, StatusUpdate } from '../../../shared/contracts/residents-admin.js';
import { MSG, PUSH } from '../../../shared/messages.js';
import type { Db } from '../../db/client.js';
import { inSociety } from '../../db/society-scope.js';
import type { Clock } from '../../lib/clock.js';
import { NotFoundError } from '../../lib/errors.js';
import type { EventBus } from '../../lib/events.js';
import { auditHistory, recordAudit, staffActor } from '../audit/service.js';
import type { StaffContext } from '../auth/service.js';
import { residentAdminRepo, type AdminRow } from './admin-repo.js';
import { formatAddress } from './card.js';
import type { TemporaryPassword } from '../../../shared/contracts/staff-admin.js';
import { hashPassword } from '../../lib/password.js';
import { temporaryPassword } from '../staff/service.js';
import { queuePush, type OutboxWorker } from '../outbox/service.js';

export interface ResidentAdminDeps {
  db: Db;
  bus: EventBus;
  clock: Clock;
  /** Poked after a reset queued its push. */
  outbox: Pick<OutboxWorker, 'poke'>;
  /** How long a reset's temporary password signs in (TEMP_PASSWORD_HOURS), in milliseconds. */
  temporaryPasswordMs: number;
}

/** The spec's verification fields (section 2 "Resident verification"). */
export function toResidentVerify(r: AdminRow): ResidentVerify {
  return {
    Name: r.name,
    Address: formatAddress(r),
    Phone_Number: r.phone,
    Age: r.age,
    ResidentID: r.residentCode,
    Father_Name: r.fatherName,
    Father_Phone_Number: r.fatherPhone,
  };
}

/** A row of the /Status lists: the verify fields, the row id, the status and when they registered. */
export function toResidentRow(r: AdminRow): ResidentRow {
  return { ...toResidentVerify(r), _id: r.id, Status: r.status, registeredAt: r.createdAt.toISOString() };
}

/**
 * /Residence and /Status (spec sections 2, 5 "Status", 8): verify a resident by id, search
 * by name, list pending registrations, approve or block. Everything runs in the staff member's
 * society (`inSociety`): another society's resident is 404 'No matching document found.'.
 */
export function residentAdminService({ db, bus, clock, outbox, temporaryPasswordMs }: ResidentAdminDeps) {
  async function detail(staff: StaffContext, id: number): Promise<ResidentStatusDetail> {
    const row = await inSociety(db, staff.societyId, (tx) => residentAdminRepo(tx).byId(staff.societyId, id));
    if (!row) throw new NotFoundError(MSG.noMatchingDocument);
    const history = await inSociety(db, staff.societyId, (tx) => auditHistory(tx, staff.societyId, 'resident', id));
    return { ...toResidentRow(row), history };
  }

  return {
    /** GET /api/residents/verify (module 'residents'). @throws 404 MSG.noMatchingDocument. */
    async verify(staff: StaffContext, residentCode: string): Promise<ResidentVerify> {
      const row = await inSociety(db, staff.societyId, (tx) => residentAdminRepo(tx).byCode(staff.societyId, residentCode));
      if (!row) throw new NotFoundError(MSG.noMatchingDocument);
      return toResidentVerify(row);
    },
    /**
     * GET /api/residents (every resident) and /api/residents/pending (`pendingOnly`), module
     * 'status': newest first, 10 a page, `name` a case-insensitive prefix of the full name.
     */
    async list(staff: StaffContext, q: ResidentSearchQuery, pendingOnly: boolean): Promise<ListResponse<ResidentRow>> {
      const page = await inSociety(db, staff.societyId, (tx) => residentAdminRepo(tx).list(staff.societyId, q.q, q, pendingOnly));
      return { ...page, items: page.items.map(toResidentRow) };
    },
    /** GET /api/residents/:id (module 'status'): the resident and their account's history. @throws 404. */
    detail,
    /**
     * PUT /api/residents/:id/status (module 'status', spec section 5 "Status"): sets Approve or
     * Block with its audit row in one transaction (the row locked first); Block also deletes the
     * resident's bearer tokens, so their next call is 401 and a new sign-in 403. The same status
     * again changes nothing and writes no audit row. @throws 404 MSG.noMatchingDocument.
     */
    async setStatus(staff: StaffContext, id: number, { status }: StatusUpdate): Promise<ResidentStatusDetail> {
      const changed = await inSociety(db, staff.societyId, async (tx) => {
        const repo = residentAdminRepo(tx);
        const from = await repo.lockStatus(staff.societyId, id);
        if (from === undefined) throw new NotFoundError(MSG.noMatchingDocument);
        if (from === status) return false;
        await repo.setStatus(staff.societyId, id, status);
        if (status === 'Block') await repo.revokeSessions(id);
        await recordAudit(tx, {
          ...staffActor(staff),
          entity: 'resident',
          entityId: id,
          action: status === 'Block' ? 'block' : 'approve',
          fromStage: from,
          toStage: status,
          at: clock.now(),
        });
        return true;
      });
      // After the commit: a token re-read before it would still see the old status.
      if (changed) bus.emit('resident.account-changed', { residentId: id });
      return detail(staff, id);
    },
    /**
     * POST /api/residents/:id/reset-password (module 'status'; the resident app has no SMS or
     * e-mail channel, so a resident who forgot their password asks the office): a new temporary
     * password, answered once and never stored as text; every token of the resident is revoked
     * (their sockets close, their Web Push subscriptions end with them) and the next sign-in says
     * the password must be changed; until it is, that sign-in opens nothing else (resident-auth).
     * Audited as 'reset-password' with the staff member in the same transaction, which also queues
     * the push PUSH.passwordReset to the resident's device token, so a reset they did not ask for
     * does not go unnoticed. @throws 404 MSG.noMatchingDocument.
     */
    async resetPassword(staff: StaffContext, id: number): Promise<TemporaryPassword> {
      const password = temporaryPassword();
      const passwordHash = await hashPassword(password);
      await inSociety(db, staff.societyId, async (tx) => {
        const repo = residentAdminRepo(tx);
        const until = new Date(clock.now().getTime() + temporaryPasswordMs);
        const account = await repo.setTemporaryPassword(staff.societyId, id, passwordHash, until);
        if (!account) throw new NotFoundError(MSG.noMatchingDocument);
        const revoked = await repo.revokeSessions(id);
        // After the revocation: the subscriptions it ended get no row that could only fail.
        await queuePush(tx, staff.societyId, { to: account.pushToken, residentId: id, ...PUSH.passwordReset });
        await recordAudit(tx, {
          ...staffActor(staff),
          entity: 'resident',
          entityId: id,
          action: 'reset-password',
          detail: `${revoked} session(s) ended`,
          at: clock.now(),
        });
      });
      // After the commit: drops the resident's cached tokens and closes their sockets everywhere.
      bus.emit('resident.account-changed', { residentId: id });
      void outbox.poke();
      return { temporaryPassword: password };
    },
  };
}
export type ResidentAdminService = ReturnType<typeof residentAdminService>;
