import type { DoctorRequest, Prescription, ResidentConsultation } from '../../../shared/contracts/doctor.js';
import type { AuditRecord } from '../audit/service.js';
import { meetingUrlOf, type MeetServers } from './meeting-link.js';
import type { ConsultationRow } from './repo.js';

/** The prescription of a consultation, or null before it is written (all four fields are set together). */
export function toPrescription(c: ConsultationRow): Prescription | null {
  if (!c.prescribedAt || c.disease === null || c.medicine === null || c.testNeeded === null || c.thingsToDo === null) return null;
  return {
    _id: c.requestId,
    disease: c.disease,
    medicine: c.medicine,
    testNeeded: c.testNeeded,
    thingsToDo: c.thingsToDo,
    prescribedAt: c.prescribedAt.toISOString(),
    prescribedBy: c.prescribedByName ?? '',
  };
}

/** Who reads a prescription: the society's button-two staff member or the patient. */
export interface PrescriptionReader {
  kind: 'staff' | 'resident';
  id: number;
  name: string;
  societyId: number;
}

/** The audit row of one prescription read (entity 'doctor', action 'read prescription': who, when). */
export function prescriptionAudit(reader: PrescriptionReader, requestId: number, at: Date): AuditRecord {
  return {
    societyId: reader.societyId,
    actorKind: reader.kind,
    actorId: reader.id,
    actorName: reader.name,
    entity: 'doctor',
    entityId: requestId,
    action: 'read prescription',
    fromStage: null,
    toStage: null,
    at,
  };
}

/** A resident's own request with its meeting (null before the link) and prescription (null before it is written). */
export function toResidentConsultation(r: DoctorRequest, c: ConsultationRow | undefined, meet: MeetServers): ResidentConsultation {
  return {
    _id: r._id,
    description: r.description,
    stage: r.stage,
    pressedTime: r.pressedTime,
    societyName: r.societyName,
    meeting: c
      ? {
          meetingId: c.meetingId,
          meetingUrl: meetingUrlOf(c.meetingId, meet),
          meetingStatus: c.prescribedAt ? 'Meeting Held' : 'Link Generated',
          linkGeneratedAt: c.linkGeneratedAt.toISOString(),
          readyNotifiedAt: c.readyNotifiedAt?.toISOString() ?? null,
        }
      : null,
    prescription: c ? toPrescription(c) : null,
  };
}
