import { receivesAlarms } from '../../../shared/subroles.js';
import type { SecurityAlert } from '../../../shared/contracts/security.js';
import { MSG } from '../../../shared/messages.js';
import type { Db } from '../../db/client.js';
import { ForbiddenError, NotFoundError } from '../../lib/errors.js';
import type { EventBus } from '../../lib/events.js';
import { auditRepo } from '../audit/repo.js';
import type { StaffContext } from '../auth/repo.js';
import { deskRepo } from '../desk/repo.js';
import { deskService } from '../desk/service.js';
import type { OutboxWorker } from '../outbox/worker.js';
import { alarmRepo } from './alarm-repo.js';
import { securityDesk, toSecurityAlert } from './definition.js';

/**
 * The security desk (the shared three-stage mechanism) plus what alarms need beyond it:
 * - `pending(staff)`: unacknowledged alarms of the society — what a dashboard shows on sign-in and
 *   on every reconnect (super-admin: only escalated ones);
 * - `acknowledge(staff, id)`: recorded once (the first closer wins; later calls return the same
 *   record), audited, announced so other screens stop ringing;
 * - `escalateDue(afterS)`: the escalation job's step.
 */
export function securityService(deps: { db: Db; bus: EventBus; outbox: OutboxWorker }) {
  const { db, bus } = deps;
  const desk = deskService(securityDesk, deps);
  const repo = deskRepo(db, 'security');
  const alarms = alarmRepo(db);

  async function load(societyId: number, id: number): Promise<SecurityAlert> {
    const row = await repo.get(societyId, id);
    if (!row) throw new NotFoundError();
    return toSecurityAlert(row);
  }

  const service = {
    ...desk,
    async pending(staff: StaffContext): Promise<SecurityAlert[]> {
      const who = receivesAlarms(staff.subRole);
      if (who === 'none') throw new ForbiddenError(MSG.notAvailable);
      // Asked by every screen on sign-in, reconnect and every 30 s: one query for the ids, one for the rows.
      const ids = await alarms.unacknowledgedIds(staff.societyId, who === 'escalated');
      return (await repo.getMany(staff.societyId, ids)).map(toSecurityAlert);
    },
    async acknowledge(staff: StaffContext, id: number): Promise<SecurityAlert> {
      if (receivesAlarms(staff.subRole) === 'none') throw new ForbiddenError(MSG.notAvailable);
      const recorded = await db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        if (!(await deskRepo(t, 'security').get(staff.societyId, id))) throw new NotFoundError();
        const first = await alarmRepo(t).acknowledge(staff.societyId, id, staff.id, new Date());
        if (first) {
          await auditRepo(t).record({
            societyId: staff.societyId, actorKind: 'staff', actorId: staff.id, actorName: staff.name,
            entity: 'security', entityId: id, action: 'acknowledge', fromStage: null, toStage: null,
          });
        }
        return first;
      });
      const item = await load(staff.societyId, id);
      if (recorded) {
        bus.emit('alarm.acknowledged', {
          societyId: staff.societyId,
          ack: { _id: id, acknowledgedAt: item.acknowledgedAt!, acknowledgedBy: item.acknowledgedBy ?? staff.name, ackSeconds: item.ackSeconds ?? 0 },
        });
      }
      return item;
    },
    /** Proceeding an alarm also acknowledges it: a person has answered. */
    async proceedAlarm(staff: StaffContext, id: number, note: string): Promise<SecurityAlert> {
      const current = await load(staff.societyId, id);
      if (!current.acknowledgedAt && current.stage === 'new') await service.acknowledge(staff, id);
      return desk.proceed(staff, id, note);
    },
    async escalateDue(afterS: number): Promise<number> {
      const rows = await alarms.escalateDue(new Date(Date.now() - afterS * 1000));
      for (const r of rows) {
        await auditRepo(db).record({
          societyId: r.societyId, actorKind: 'system', actorId: null, actorName: 'Escalation',
          entity: 'security', entityId: r.id, action: 'escalate', fromStage: null, toStage: null,
        });
        bus.emit('alarm.escalated', { societyId: r.societyId, item: await load(r.societyId, r.id) });
      }
      return rows.length;
    },
  };
  return service;
}
export type SecurityService = ReturnType<typeof securityService>;
