import type { SecurityAlert } from '../../../shared/contracts/security.js';
import { IN_APP, PUSH } from '../../../shared/messages.js';
import type { DeskRow } from '../../desk/repo.js';
import { toResidentCard } from '../residents/service.js';
import type { DeskDefinition } from '../../desk/service.js';

/**
 * Row → SecurityAlert, deriving securityStatus/edit from the stage (spec section 4). The resident's
 * words (`body`) and the staff's note (`staff_note`) stay separate fields.
 */
export function toSecurityAlert(row: DeskRow): SecurityAlert {
  const ackSeconds = row.acknowledgedAt ? Math.max(0, (row.acknowledgedAt.getTime() - row.createdAt.getTime()) / 1000) : null;
  return {
    _id: row.id,
    securityComplain: row.body,
    staffNote: row.staffNote || null,
    response: row.response,
    stage: row.stage,
    securityStatus: row.stage === 'completed',
    edit: row.stage !== 'new',
    pressedTime: row.createdAt.toISOString(),
    pressCount: row.pressCount,
    lastPressedTime: (row.lastPressedAt ?? row.createdAt).toISOString(),
    proceededAt: row.proceededAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    societyName: row.societyName,
    resident: toResidentCard(row.resident),
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    acknowledgedBy: row.acknowledgedByName,
    ackSeconds: ackSeconds === null ? null : Math.round(ackSeconds * 10) / 10,
    escalated: row.escalatedAt !== null,
    escalatedAt: row.escalatedAt?.toISOString() ?? null,
    notHomeActive: Boolean(row.notHomeActive),
  };
}

/** The security desk (spec sections 2, 4, 5, 7). */
export const securityDesk: DeskDefinition<'security'> = {
  desk: 'security',
  entity: 'security',
  toDto: toSecurityAlert,
  onProceed: { inApp: IN_APP.securityProceed, push: PUSH.securityOnTheWay },
  onSubmit: { inApp: IN_APP.securitySubmit, push: PUSH.securityCompleted },
};
