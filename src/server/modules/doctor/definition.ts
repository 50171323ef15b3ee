import type { DoctorRequest } from '../../../shared/contracts/doctor.js';
import { IN_APP, PUSH } from '../../../shared/messages.js';
import type { DeskRow } from '../../desk/repo.js';
import { mapRows, type DeskDefinition } from '../../desk/service.js';
import { toResidentCard } from '../residents/service.js';

/** Row → DoctorRequest (spec section 3): `edit` turns true once the meeting link was generated. */
export function toDoctorRequest(row: DeskRow): DoctorRequest {
  return {
    _id: row.id,
    description: row.body,
    edit: row.stage !== 'new',
    stage: row.stage,
    pressedTime: row.createdAt.toISOString(),
    societyName: row.societyName,
    resident: toResidentCard(row.resident),
    overdueSince: row.overdueSince?.toISOString() ?? null,
  };
}

/**
 * The doctor desk (spec sections 2, 4, 5, 7): new = a resident's request (/Doctor); processing =
 * 'Link Generated' (/Prescription); completed = 'Meeting Held' (/CompletedDoctor). The
 * consultation's own data (meeting, prescription) lives in `consultations` (see consultation-view.ts).
 */
export const doctorDesk: DeskDefinition<DoctorRequest> = {
  desk: 'doctor',
  entity: 'doctor',
  pushItem: 'consultation',
  announceAs: (item) => ({ desk: 'doctor', item }),
  toDtos: mapRows(toDoctorRequest),
  onProceed: { inApp: IN_APP.linkGenerated, push: PUSH.linkGenerated },
  onSubmit: { inApp: IN_APP.prescriptionCreated, push: PUSH.prescriptionGenerated },
};
