import type { AssignGuard, NotHome, NotHomeState } from '../../../shared/contracts/nothome.js';
import type { ListResponse } from '../../../shared/contracts/common.js';
import { MSG, PUSH } from '../../../shared/messages.js';
import type { Db } from '../../db/client.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import type { EventBus } from '../../lib/events.js';
import { auditRepo } from '../audit/repo.js';
import type { StaffContext } from '../auth/repo.js';
import { outboxRepo } from '../outbox/repo.js';
import type { OutboxWorker } from '../outbox/worker.js';
import type { ResidentContext } from '../resident-auth/repo.js';
import { toNotHome } from './definition.js';
import { notHomeRepo } from './repo.js';

/** Today's date (YYYY-MM-DD) in the server's time zone. */
export function today(now = new Date()): string {
  const d = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 10);
}

/**
 * Not-at-home requests (spec sections 2, 3, 4, 5, 7): residents file, cancel and report arrival;
 * staff list by state and assign a guard; a job marks requests whose `to` date has passed as
 * arrived. Errors: 404 (not in the caller's society / not the resident's own), 409 (not active).
 */
export function notHomeService(deps: { db: Db; bus: EventBus; outbox: OutboxWorker }) {
  const { db, bus } = deps;
  const repo = notHomeRepo(db);

  async function load(societyId: number, id: number): Promise<NotHome> {
    const row = await repo.get(societyId, id);
    if (!row) throw new NotFoundError();
    return toNotHome(row);
  }
  async function audit(t: Db, societyId: number, actor: { kind: 'staff' | 'resident' | 'system'; id: number | null; name: string }, id: number, action: string, from: string | null, to: string | null) {
    await auditRepo(t).record({ societyId, actorKind: actor.kind, actorId: actor.id, actorName: actor.name, entity: 'nothome', entityId: id, action, fromStage: from, toStage: to });
  }

  return {
    async list(staff: StaffContext, state: NotHomeState, page: number, q: string, unassignedOnly = false): Promise<ListResponse<NotHome>> {
      const { items, total } = await repo.list(staff.societyId, state, page, q, unassignedOnly);
      return { items: items.map(toNotHome), total };
    },
    async get(staff: StaffContext, id: number): Promise<NotHome> {
      return load(staff.societyId, id);
    },
    /** Stored (with its audit row) before it is announced as 'receive-not-at-home'. */
    async file(resident: ResidentContext, from: string, to: string): Promise<NotHome> {
      const id = await db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        const newId = await notHomeRepo(t).insert(resident.societyId, resident.id, from, to);
        await audit(t, resident.societyId, { kind: 'resident', id: resident.id, name: resident.name }, newId, 'create', null, 'active');
        return newId;
      });
      const item = await load(resident.societyId, id);
      bus.emit('nothome.created', { societyId: resident.societyId, item });
      return item;
    },
    /** The resident cancels or reports arrival of their own active request. */
    async end(resident: ResidentContext, id: number, to: 'cancelled' | 'arrived'): Promise<NotHome> {
      if ((await repo.ownerOf(id)) !== resident.id) throw new NotFoundError(MSG.notHomeNotYours);
      await db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        if (!(await notHomeRepo(t).end(resident.id, id, to))) throw new ConflictError(MSG.notHomeOver);
        await audit(t, resident.societyId, { kind: 'resident', id: resident.id, name: resident.name }, id, to === 'cancelled' ? 'cancel' : 'arrive', 'active', to);
      });
      const item = await load(resident.societyId, id);
      bus.emit('nothome.updated', { societyId: resident.societyId, item });
      return item;
    },
    /** Assigns (or re-assigns) a guard to an active request; queues the 'Guard Assigned' push. */
    async assignGuard(staff: StaffContext, id: number, g: AssignGuard): Promise<NotHome> {
      const current = await load(staff.societyId, id);
      if (current.state !== 'active') throw new ConflictError(MSG.notHomeOver);
      await db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        const ok = await notHomeRepo(t).assignGuard(staff.societyId, id, {
          guardName: g.guardName,
          guardPhone: g.guardPhone,
          guardEmail: g.guardEmail,
          dateAndTime: `from ${current.from} to ${current.to}`,
          guardAssignedAt: new Date(),
          guardAssignedBy: staff.id,
        });
        if (!ok) throw new ConflictError(MSG.notHomeOver);
        const row = await notHomeRepo(t).get(staff.societyId, id);
        await outboxRepo(t).enqueuePush(staff.societyId, {
          to: row!.resident.pushToken,
          residentId: row!.resident.id,
          title: PUSH.guardAssigned.title,
          body: PUSH.guardAssigned.body,
          data: { documentId: String(id) },
        });
        await audit(t, staff.societyId, { kind: 'staff', id: staff.id, name: staff.name }, id, `assign guard ${g.guardName}`, 'active', 'active');
      });
      const item = await load(staff.societyId, id);
      bus.emit('nothome.updated', { societyId: staff.societyId, item });
      void deps.outbox.poke();
      return item;
    },
    /** The arrival job's step: requests whose `to` date has passed become arrived (Status false). */
    async arriveDue(now = new Date()): Promise<number> {
      const rows = await repo.arriveDue(today(now));
      for (const r of rows) {
        await audit(db, r.societyId, { kind: 'system', id: null, name: 'Arrival job' }, r.id, 'arrive', 'active', 'arrived');
        bus.emit('nothome.updated', { societyId: r.societyId, item: await load(r.societyId, r.id) });
      }
      return rows.length;
    },
  };
}
export type NotHomeService = ReturnType<typeof notHomeService>;
