import { notHomeWindowProblem, type AssignGuard, type NotHome, type NotHomeState } from '../../../shared/contracts/not-home.js';
import type { ListQuery, ListResponse } from '../../../shared/contracts/common.js';
import type { AuditActionText } from '../../../shared/contracts/audit.js';
import { pushData } from '../../../shared/contracts/push.js';
import { MSG, PUSH } from '../../../shared/messages.js';
import type { Db } from '../../db/client.js';
import { inSociety } from '../../db/society-scope.js';
import { societyTimeZone } from '../../lib/society-time-zone.js';
import { calendarDay } from '../../../shared/calendar.js';
import type { PageRequest } from '../../lib/list-page.js';
import type { Clock } from '../../lib/clock.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.js';
import type { EventBus } from '../../lib/events.js';
import { recordAudit } from '../audit/service.js';
import type { StaffContext } from '../auth/service.js';
import { queuePush, type OutboxWorker } from '../outbox/service.js';
import type { ResidentContext } from '../resident-auth/service.js';
import { toNotHome } from './definition.js';
import { notHomeRepo } from './repo.js';

/** Requests the arrival job closes per transaction. */
export const ARRIVAL_BATCH = 100;

/**
 * Not-at-home requests (spec sections 2, 3, 4, 5, 7): residents file, cancel and report arrival;
 * staff list by state and assign a guard; a job marks requests whose `to` date has passed as
 * arrived. "Today" and every stored time come from `clock`.
 * Errors: 400 (dates out of bounds), 404 (not in the caller's society / not the resident's own),
 * 409 (not active).
 * @param deps.arrivalBatch requests per arrival-job transaction (default ARRIVAL_BATCH)
 */
export function notHomeService(deps: { db: Db; bus: EventBus; outbox: OutboxWorker; clock: Clock; arrivalBatch?: number }) {
  const { db, bus, clock } = deps;
  const arrivalBatch = deps.arrivalBatch ?? ARRIVAL_BATCH;

  /** The request as its DTO with its resident's row id, read in the society-scoped `tx` (404 outside the society). */
  async function loadOwnedIn(tx: Db, societyId: number, id: number): Promise<{ item: NotHome; residentId: number }> {
    const row = await notHomeRepo(tx).get(societyId, id);
    if (!row) throw new NotFoundError();
    return { item: toNotHome(row), residentId: row.residentId };
  }
  /** The request as its DTO with its resident's row id (404 outside the society). */
  async function loadOwned(societyId: number, id: number): Promise<{ item: NotHome; residentId: number }> {
    return inSociety(db, societyId, (tx) => loadOwnedIn(tx, societyId, id));
  }
  async function load(societyId: number, id: number): Promise<NotHome> {
    return (await loadOwned(societyId, id)).item;
  }
  type Actor = { kind: 'staff' | 'resident' | 'system'; id: number | null; name: string };
  async function audit(t: Db, societyId: number, actor: Actor, id: number, action: AuditActionText, from: string | null, to: string | null, at = clock.now()) {
    await recordAudit(t, {
      societyId,
      actorKind: actor.kind,
      actorId: actor.id,
      actorName: actor.name,
      entity: 'nothome',
      entityId: id,
      action,
      fromStage: from,
      toStage: to,
      at,
    });
  }

  return {
    /** One page of a state (`unassignedOnly`: no guard yet, the bell's list): `{items, total, totalExact}`. */
    async list(staff: StaffContext, state: NotHomeState, req: ListQuery, unassignedOnly = false): Promise<ListResponse<NotHome>> {
      const page = await inSociety(db, staff.societyId, (tx) => notHomeRepo(tx).list(staff.societyId, state, req, unassignedOnly));
      return { ...page, items: page.items.map(toNotHome) };
    },
    /** One page of the resident's own requests, every state, newest first (GET /api/resident/nothome). */
    async mine(resident: ResidentContext, req: PageRequest): Promise<ListResponse<NotHome>> {
      const page = await inSociety(db, resident.societyId, (tx) => notHomeRepo(tx).mine(resident.societyId, resident.id, req));
      return { ...page, items: page.items.map(toNotHome) };
    },
    async get(staff: StaffContext, id: number): Promise<NotHome> {
      return load(staff.societyId, id);
    },
    /**
     * One of the resident's own requests (`GET /api/resident/nothome/:id`), as `mine` lists it.
     * @throws NotFoundError for another resident's or another society's (never 403).
     */
    async mineOne(resident: ResidentContext, id: number): Promise<NotHome> {
      const row = await inSociety(db, resident.societyId, (tx) => notHomeRepo(tx).getOwn(resident.societyId, resident.id, id));
      if (!row) throw new NotFoundError();
      return toNotHome(row);
    },
    /**
     * Stored (with its audit row) before it is announced as 'receive-not-at-home'. `from` and `to`
     * are calendar dates (ZFileNotHome); 400 naming the field unless `from` is today or later, at
     * most a year away, and `to` at most a year after `from` (notHomeWindowProblem).
     */
    async file(resident: ResidentContext, from: string, to: string): Promise<NotHome> {
      // Each write below answers from what its transaction read, never from a second one that
      // could fail after the commit.
      const { item } = await inSociety(db, resident.societyId, async (t) => {
        // "Today" is the society's calendar day, wherever the server runs.
        const problem = notHomeWindowProblem(from, to, calendarDay(clock.now(), await societyTimeZone(t, resident.societyId)));
        if (problem) throw new BadRequestError(problem.message, problem.field);
        // Stored at the clock's time like every other time here (reports measure request → guard).
        const at = clock.now();
        const newId = await notHomeRepo(t).insert(resident.societyId, resident.id, from, to, at);
        await audit(t, resident.societyId, { kind: 'resident', id: resident.id, name: resident.name }, newId, 'create', null, 'active', at);
        return loadOwnedIn(t, resident.societyId, newId);
      });
      bus.emit('notHome.created', { societyId: resident.societyId, residentId: resident.id, item });
      return item;
    },
    /** The resident cancels or reports arrival of their own active request. */
    async end(resident: ResidentContext, id: number, to: 'cancelled' | 'arrived'): Promise<NotHome> {
      const { item } = await inSociety(db, resident.societyId, async (t) => {
        if ((await notHomeRepo(t).ownerOf(id)) !== resident.id) throw new NotFoundError(MSG.notHomeNotYours);
        if (!(await notHomeRepo(t).end(resident.id, id, to, clock.now()))) throw new ConflictError(MSG.notHomeOver);
        await audit(
          t,
          resident.societyId,
          { kind: 'resident', id: resident.id, name: resident.name },
          id,
          to === 'cancelled' ? 'cancel' : 'arrive',
          'active',
          to,
        );
        return loadOwnedIn(t, resident.societyId, id);
      });
      bus.emit('notHome.updated', { societyId: resident.societyId, residentId: resident.id, item });
      return item;
    },
    /** Assigns (or re-assigns) a guard to an active request; queues the 'Guard Assigned' push. */
    async assignGuard(staff: StaffContext, id: number, g: AssignGuard): Promise<NotHome> {
      const current = await load(staff.societyId, id);
      if (current.state !== 'active') throw new ConflictError(MSG.notHomeOver);
      const { item, residentId } = await inSociety(db, staff.societyId, async (t) => {
        const ok = await notHomeRepo(t).assignGuard(staff.societyId, id, {
          guardName: g.guardName,
          guardPhone: g.guardPhone,
          guardEmail: g.guardEmail,
          dateAndTime: `from ${current.from} to ${current.to}`,
          guardAssignedAt: clock.now(),
          guardAssignedBy: staff.id,
        });
        if (!ok) throw new ConflictError(MSG.notHomeOver);
        const row = await notHomeRepo(t).get(staff.societyId, id);
        await queuePush(t, staff.societyId, {
          to: row!.resident.pushToken,
          residentId: row!.resident.id,
          title: PUSH.guardAssigned.title,
          body: PUSH.guardAssigned.body,
          data: pushData('nothome', id),
        });
        await audit(t, staff.societyId, { kind: 'staff', id: staff.id, name: staff.name }, id, `assign guard ${g.guardName}`, 'active', 'active');
        return { item: toNotHome(row!), residentId: row!.resident.id };
      });
      bus.emit('notHome.updated', { societyId: staff.societyId, residentId, item });
      void deps.outbox.poke();
      return item;
    },
    /**
     * The arrival job's step: active requests whose `to` date is before today (in their society's
     * time zone) become arrived
     * (Status false). Bounded batches of `arrivalBatch`: each batch's state changes, audit rows and
     * DTOs in one transaction, its events after that commits; a failure rolls back only the batch
     * it hit (earlier ones stay done and announced) and rejects. @returns requests closed.
     */
    async arriveDue(): Promise<number> {
      const now = clock.now();
      const job = { kind: 'system' as const, id: null, name: 'Arrival job' };
      let closed = 0;
      for (;;) {
        const items = await db.transaction(async (tx) => {
          const t: Db = tx;
          const rows = await notHomeRepo(t).arriveBatch(now, arrivalBatch);
          for (const r of rows) await audit(t, r.societyId, job, r.id, 'arrive', 'active', 'arrived', now);
          return (await notHomeRepo(t).getMany(rows.map((r) => r.id))).map((row) => ({
            societyId: row.societyId,
            residentId: row.residentId,
            item: toNotHome(row),
          }));
        });
        for (const e of items) bus.emit('notHome.updated', e);
        closed += items.length;
        if (items.length < arrivalBatch) return closed;
      }
    },
  };
}
export type NotHomeService = ReturnType<typeof notHomeService>;
