import type { Complaint } from '../../../shared/contracts/complaints.js';
import { IN_APP, PUSH } from '../../../shared/messages.js';
import type { DeskRow } from '../../desk/repo.js';
import { toResidentCard } from '../residents/service.js';
import { mapRows, type DeskDefinition } from '../../desk/service.js';

const COMPLAIN_STATUS = { new: 'new', processing: 'pending', completed: 'completed' } as const;

/** Row → Complaint, deriving the spec's complainStatus/status/edit from the stage (section 4). */
export function toComplaint(row: DeskRow): Complaint {
  return {
    _id: row.id,
    complain: row.body,
    response: row.response,
    stage: row.stage,
    complainStatus: COMPLAIN_STATUS[row.stage],
    status: row.stage === 'completed',
    edit: row.stage !== 'new',
    pressedTime: row.createdAt.toISOString(),
    pressedTime1: row.proceededAt?.toISOString() ?? null,
    pressedTime2: row.completedAt?.toISOString() ?? null,
    societyName: row.societyName,
    resident: toResidentCard(row.resident),
    overdueSince: row.overdueSince?.toISOString() ?? null,
  };
}

/** The complaints desk (spec sections 2, 4, 5, 7). */
export const complaintDesk: DeskDefinition<Complaint> = {
  desk: 'complaint',
  entity: 'complaint',
  pushItem: 'complaint',
  announceAs: (item) => ({ desk: 'complaint', item }),
  toDtos: mapRows(toComplaint),
  onProceed: { inApp: IN_APP.complaintProceed, push: PUSH.complaintReviewed },
  onSubmit: { inApp: IN_APP.complaintSubmit, push: PUSH.complaintResolved },
};
