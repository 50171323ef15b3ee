import type { SecurityAlert } from '../../../shared/contracts/security.js';
import { DRILL_PHONE } from '../../../shared/labels.js';
import { IN_APP, PUSH } from '../../../shared/messages.js';
import type { DeskRow } from '../../desk/repo.js';
import { toResidentCard } from '../residents/service.js';
import type { DeskDefinition } from '../../desk/service.js';
import type { Db } from '../../db/client.js';
import { alarmRepo, type AlarmDetails } from './alarm-repo.js';

/**
 * Row → SecurityAlert, deriving securityStatus/edit from the stage (spec section 4). The resident's
 * words (`body`) and the staff's note (`staff_note`) stay separate fields.
 */
export function toSecurityAlert(row: DeskRow, a: AlarmDetails): SecurityAlert {
  const ackSeconds = a.acknowledgedAt ? Math.max(0, (a.acknowledgedAt.getTime() - row.createdAt.getTime()) / 1000) : null;
  return {
    _id: row.id,
    securityComplain: row.body,
    staffNote: a.staffNote || null,
    response: row.response,
    stage: row.stage,
    securityStatus: row.stage === 'completed',
    edit: row.stage !== 'new',
    pressedTime: row.createdAt.toISOString(),
    pressCount: a.pressCount,
    lastPressedTime: (a.lastPressedAt ?? row.createdAt).toISOString(),
    proceededAt: row.proceededAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    societyName: row.societyName,
    // The drill resident's stored phone is a placeholder ('drill:1'): say what it is instead.
    resident: row.isDrill ? { ...toResidentCard(row.resident), phoneNo: DRILL_PHONE } : toResidentCard(row.resident),
    acknowledgedAt: a.acknowledgedAt?.toISOString() ?? null,
    acknowledgedBy: a.acknowledgedByName,
    ackSeconds: ackSeconds === null ? null : Math.round(ackSeconds * 10) / 10,
    escalated: a.escalatedAt !== null,
    escalatedAt: a.escalatedAt?.toISOString() ?? null,
    notHomeActive: Boolean(a.notHomeActive),
    drill: row.isDrill,
    drillId: a.drillId,
  };
}

/**
 * Rows → SecurityAlerts with the alarms' own columns, loaded in one query inside `tx` (the
 * caller's society scope). All rows are of one society.
 */
export async function toSecurityAlerts(tx: Db, rows: readonly DeskRow[]): Promise<SecurityAlert[]> {
  if (rows.length === 0) return [];
  const details = await alarmRepo(tx).details(
    rows[0]!.societyId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toSecurityAlert(row, details.get(row.id)!));
}

/** The security desk (spec sections 2, 4, 5, 7). */
export const securityDesk: DeskDefinition<SecurityAlert> = {
  desk: 'security',
  entity: 'security',
  pushItem: 'alarm',
  announceAs: (item) => ({ desk: 'security', item }),
  toDtos: toSecurityAlerts,
  onProceed: { inApp: IN_APP.securityProceed, push: PUSH.securityOnTheWay },
  onSubmit: { inApp: IN_APP.securitySubmit, push: PUSH.securityCompleted },
};
