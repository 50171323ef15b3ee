import type { Consultation } from '../../../shared/contracts/doctor.js';
import type { Db } from '../../db/client.js';
import type { DeskRow } from '../../desk/repo.js';
import type { DeskDefinition } from '../../desk/service.js';
import { toResidentCard } from '../residents/service.js';
import { meetingUrlOf, type MeetServers } from './meeting-link.js';
import { consultationRepo, type ConsultationRow } from './repo.js';

/**
 * Row + consultation → Consultation (spec section 3 "Consultation"). The prescription's content
 * is left out on purpose: it is read only through the audited prescription route.
 */
export function toConsultation(row: DeskRow, c: ConsultationRow, meet: MeetServers): Consultation {
  const card = toResidentCard(row.resident);
  return {
    _id: row.id,
    meetingId: c.meetingId,
    meetingUrl: meetingUrlOf(c.meetingId, meet),
    description: c.description,
    requestDescription: row.body,
    meetingStatus: c.prescribedAt ? 'Meeting Held' : 'Link Generated',
    prescription: c.prescribedAt !== null,
    pressedTime: row.createdAt.toISOString(),
    linkGeneratedAt: c.linkGeneratedAt.toISOString(),
    readyNotifiedAt: c.readyNotifiedAt?.toISOString() ?? null,
    prescribedAt: c.prescribedAt?.toISOString() ?? null,
    patientName: card.name,
    patientPhone: card.phoneNo,
    patientAddress: card.address,
    patientEmail: card.email,
    Fname: card.fname,
    Fphone: card.fPhoneNo,
    FMname: card.fmName,
    FMphone: card.fmphoneNo,
    FMname1: card.fmName1,
    FMphone1: card.fmphoneNo1,
    societyName: row.societyName,
    resident: card,
    overdueSince: row.overdueSince?.toISOString() ?? null,
  };
}

/**
 * The doctor desk seen as consultations (/Prescription = processing, /CompletedDoctor =
 * completed): the same `desk_requests` rows with their `consultations` row, loaded in one query
 * inside the caller's society scope. Used for lists, loads and the 'consultation-updated'
 * announcement only; transitions go through `doctorDesk` (whose notices they send), so this view
 * has none. Every processing or completed doctor request has a consultation (made in the same
 * transaction as its stage change); a row without one is a broken invariant (500).
 */
export function consultationView(meet: MeetServers): DeskDefinition<Consultation> {
  return {
    desk: 'doctor',
    entity: 'doctor',
    pushItem: 'consultation',
    announceAs: (item) => ({ desk: 'consultation', item }),
    async toDtos(tx: Db, rows: readonly DeskRow[]) {
      if (rows.length === 0) return [];
      const byId = await consultationRepo(tx).byRequestIds(
        rows[0]!.societyId,
        rows.map((r) => r.id),
      );
      return rows.map((row) => {
        const c = byId.get(row.id);
        if (!c) throw new Error(`doctor request ${row.id} (${row.stage}) has no consultation`);
        return toConsultation(row, c, meet);
      });
    },
    onProceed: {},
    onSubmit: {},
  };
}
