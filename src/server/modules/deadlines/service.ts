import type { ListResponse } from '../../../shared/contracts/common.js';
import type { Deadlines, DeadlinesUpdate, DeadlineSetting, OverdueItem } from '../../../shared/contracts/deadlines.js';
import type { ListQuery } from '../../../shared/contracts/common.js';
import type { Db } from '../../db/client.js';
import { inSociety } from '../../db/society-scope.js';
import type { Clock } from '../../lib/clock.js';
import type { StaffContext } from '../../lib/caller-context.js';
import { recordAudit, staffActor } from '../audit/service.js';
import { deadlinesRepo } from './repo.js';

/** "24 h / 72 h, tell the resident" as one audit detail ("off" for a stage without a deadline). */
function describe(s: DeadlineSetting): string {
  const h = (n: number | null) => (n === null ? 'off' : `${n} h`);
  return `${h(s.firstActionHours)} / ${h(s.completionHours)}${s.notifyResident ? ', tell the resident' : ''}`;
}

/**
 * /Deadlines (module 'deadlines', super-admin): the society's stage deadlines for the complaint,
 * grocery and doctor desks, and its overdue items. Everything inside the caller's society
 * (`inSociety`). The job that escalates overdue items is job.ts.
 */
export function deadlinesService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /** GET /api/deadlines: every desk's settings (defaults 24 h / 72 h where never set). */
    get(staff: StaffContext): Promise<Deadlines> {
      return inSociety(db, staff.societyId, async (tx) => ({ desks: await deadlinesRepo(tx).settings(staff.societyId) }));
    },
    /**
     * PUT /api/deadlines: writes the desks sent, each audited (entity 'deadline', entity id 0,
     * detail "complaint: 24 h / 72 h → 12 h / off"), in one transaction; an unchanged desk is
     * neither written nor audited. A shorter deadline applies from the job's next run.
     * @returns every desk's settings after the change
     */
    put(staff: StaffContext, body: DeadlinesUpdate): Promise<Deadlines> {
      return inSociety(db, staff.societyId, async (tx) => {
        const repo = deadlinesRepo(tx);
        const before = await repo.settings(staff.societyId);
        const at = clock.now();
        for (const next of body.desks) {
          const was = before.find((s) => s.desk === next.desk)!;
          if (describe(was) === describe(next)) continue;
          await repo.save(staff.societyId, next, staff.id, at);
          await recordAudit(tx, {
            ...staffActor(staff),
            entity: 'deadline',
            entityId: 0,
            action: 'update',
            fromStage: null,
            toStage: null,
            detail: `${next.desk}: ${describe(was)} → ${describe(next)}`,
            at,
          });
        }
        return { desks: await repo.settings(staff.societyId) };
      });
    },
    /** GET /api/deadlines/overdue: the society's items still in the stage that went overdue, newest first, 10 a page. */
    overdue(staff: StaffContext, query: ListQuery): Promise<ListResponse<OverdueItem>> {
      return inSociety(db, staff.societyId, (tx) => deadlinesRepo(tx).overduePage(staff.societyId, query.q, query));
    },
  };
}
export type DeadlinesService = ReturnType<typeof deadlinesService>;
