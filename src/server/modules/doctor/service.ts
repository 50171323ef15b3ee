import type { ListResponse } from '../../../shared/contracts/common.js';
import type { DeskListQuery, Stage } from '../../../shared/contracts/desk.js';
import { pushData } from '../../../shared/contracts/push.js';
import type {
  Consultation,
  ConsultationListQuery,
  DoctorRequest,
  FreshMeetingLink,
  GenerateLink,
  Prescription,
  PrescriptionInput,
  ResidentConsultation,
} from '../../../shared/contracts/doctor.js';
import { MSG, PUSH } from '../../../shared/messages.js';
import type { Db } from '../../db/client.js';
import { inSociety } from '../../db/society-scope.js';
import { deskRepo } from '../../desk/repo.js';
import { deskService } from '../../desk/service.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.js';
import type { EventBus } from '../../lib/events.js';
import type { PageRequest } from '../../lib/list-page.js';
import { recordAudit } from '../audit/service.js';
import type { StaffContext } from '../auth/service.js';
import { queuePush, type OutboxWorker } from '../outbox/service.js';
import type { ResidentContext } from '../resident-auth/service.js';
import { consultationView } from './consultation-view.js';
import { doctorDesk } from './definition.js';
import { DEFAULT_MEET_BASE_URL, freshMeetingLink, looksLikeLink, meetingLinkAllowed, type MeetServers } from './meeting-link.js';
import { consultationRepo } from './repo.js';
import { prescriptionAudit, toPrescription, toResidentConsultation } from './prescription.js';

export interface DoctorDeps {
  db: Db;
  bus: EventBus;
  outbox: OutboxWorker;
  clock?: Clock;
  /** Video meeting server (config MEET_BASE_URL; default https://meet.jit.si). */
  meetBaseUrl?: string;
  /** Other hosts a typed https meeting link may point at (config MEET_ALLOWED_HOSTS; default none). */
  meetAllowedHosts?: readonly string[];
}

/** The only sub-role that may read prescriptions (not super-admin, not any other). */
const PRESCRIPTION_READER = 'button-two';

/**
 * The doctor desk (spec sections 2, 3, 4, 5, 7) on the desk mechanism: a resident's
 * request (new) gets a meeting link (processing, 'Link Generated', a consultation row made in the
 * same transaction), then a prescription (completed, 'Meeting Held'). Prescriptions are health
 * data: readable only by the society's button-two staff and the patient, every read audited.
 * Errors: 400 (zod, 'Please fill the required fields'), 403 (prescription read by another sub-role),
 * 404 (not in the caller's society, no consultation or prescription yet), 409 (wrong stage, a
 * second link or prescription, 'ready' after the prescription).
 */
export function doctorService(deps: DoctorDeps) {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;
  const meetBaseUrl = deps.meetBaseUrl ?? DEFAULT_MEET_BASE_URL;
  const meet: MeetServers = { baseUrl: meetBaseUrl, allowedHosts: deps.meetAllowedHosts ?? [] };
  const desk = deskService(doctorDesk, { ...deps, clock });
  const consultations = deskService(consultationView(meet), { ...deps, clock });

  /**
   * The resident's requests `requests` with their consultations and prescriptions; every
   * prescription returned is audited as read by the resident, in the transaction that read it.
   */
  async function asResidentSees(resident: ResidentContext, requests: readonly DoctorRequest[]): Promise<ResidentConsultation[]> {
    return inSociety(db, resident.societyId, async (tx) => {
      const byId = await consultationRepo(tx).byRequestIds(
        resident.societyId,
        requests.map((r) => r._id),
      );
      const out = requests.map((r) => toResidentConsultation(r, byId.get(r._id), meet));
      const at = clock.now();
      for (const item of out) {
        if (item.prescription)
          await recordAudit(tx, prescriptionAudit({ kind: 'resident', id: resident.id, name: resident.name, societyId: resident.societyId }, item._id, at));
      }
      return out;
    });
  }

  return {
    /** POST /api/doctor: stored with its audit row, then announced as 'receive-doctor'. */
    file: (resident: ResidentContext, description: string): Promise<DoctorRequest> => desk.file(resident, description),
    /** GET /api/doctor: one page of new requests (`edit` false), newest first. */
    listNew: (staff: StaffContext, req: DeskListQuery): Promise<ListResponse<DoctorRequest>> => desk.list(staff, 'new', req),
    /**
     * Re-announces an item that just became overdue: a new request as 'doctor-updated', an open
     * consultation as 'consultation-updated' (the deadline job's event, after its commit).
     */
    reannounceOverdue: (societyId: number, id: number, stage: Exclude<Stage, 'completed'>): Promise<void> =>
      (stage === 'new' ? desk : consultations).reannounce(societyId, id),
    /** GET /api/doctor/:id: one request with its history (404 outside the society). */
    detail: (staff: StaffContext, id: number) => desk.detail(staff, id),
    /** GET /api/doctor/meeting-link: a fresh unguessable room on MEET_BASE_URL; nothing stored. */
    freshLink: (): FreshMeetingLink => freshMeetingLink(meetBaseUrl),

    /**
     * PUT /api/doctor/:id/link: new → processing with its consultation, one transaction (stage,
     * consultation, in-app DOCTOR 'Meet ID has been generated', push 'Link Generated' — queued
     * with `to: null` when the resident has no push token — and audit). A second link, even a
     * concurrent one, is 409. A Meet ID written as a link must be on MEET_BASE_URL's host or one of
     * MEET_ALLOWED_HOSTS (400 MSG.meetingLinkHost naming `meetingId`, nothing written).
     * @returns the consultation ('Link Generated', prescription false).
     */
    async generateLink(staff: StaffContext, id: number, body: GenerateLink): Promise<Consultation> {
      if (looksLikeLink(body.meetingId) && !meetingLinkAllowed(body.meetingId, meet)) throw new BadRequestError(MSG.meetingLinkHost, 'meetingId');
      // Announced as 'consultation-updated' with kind 'created' (the resident listener tells the
      // link from later changes), read in the transaction that made it.
      return consultations.answerMove('created', staff.societyId, id, (afterMove) =>
        desk.proceed(staff, id, {
          inTx: async (tx) => {
            const made = await consultationRepo(tx).insert({
              requestId: id,
              societyId: staff.societyId,
              meetingId: body.meetingId,
              description: body.description,
              at: clock.now(),
              by: staff.id,
            });
            if (!made) throw new ConflictError(MSG.wrongStage);
          },
          afterMove,
        }),
      );
    },

    /** GET /api/consultations: open (/Prescription) or done (/CompletedDoctor), no prescription content. */
    listConsultations: (staff: StaffContext, req: ConsultationListQuery): Promise<ListResponse<Consultation>> =>
      consultations.list(staff, req.stage === 'open' ? 'processing' : 'completed', req),

    /**
     * POST /api/consultations/:id/ready (spec section 2 /Prescription: opening the meeting):
     * queues push 'Doctor is ready for meeting' once per consultation however often it is called
     * (compare-and-set on `ready_notified_at`, with the push and the audit row in its transaction).
     * 404 without a consultation, 409 once the prescription is written.
     */
    async ready(staff: StaffContext, id: number): Promise<Consultation> {
      const sid = staff.societyId;
      // The answer is read in the marking transaction; the event goes out after its commit.
      const marked = await inSociety(db, sid, async (tx) => {
        const row = await deskRepo(tx, 'doctor').get(sid, id);
        const repo = consultationRepo(tx);
        if (!row || !(await repo.get(sid, id))) throw new NotFoundError();
        const at = clock.now();
        if (!(await repo.markReady(sid, id, at))) {
          // Already sent (200, nothing more), or the meeting is over: read again after the update.
          if ((await repo.get(sid, id))?.prescribedAt) throw new ConflictError(MSG.wrongStage);
          return { sent: false, ...(await consultations.loadOwnedIn(tx, sid, id)) };
        }
        await queuePush(tx, sid, { to: row.resident.pushToken, residentId: row.resident.id, ...PUSH.doctorReady, data: pushData(doctorDesk.pushItem, id) });
        await recordAudit(tx, {
          societyId: sid,
          actorKind: 'staff',
          actorId: staff.id,
          actorName: staff.name,
          entity: 'doctor',
          entityId: id,
          action: 'doctor ready',
          fromStage: row.stage,
          toStage: row.stage,
          at,
        });
        return { sent: true, ...(await consultations.loadOwnedIn(tx, sid, id)) };
      });
      if (marked.sent) {
        void deps.outbox.poke();
        consultations.announce('updated', sid, marked.item, marked.residentId);
      }
      return marked.item;
    },

    /**
     * PUT /api/consultations/:id/prescription: processing → completed ('Meeting Held') with the
     * prescription written once, in one transaction with the in-app record 'Prescription has been
     * created. Tap to view', push 'Prescription Generated' and audit. Again → 409.
     */
    async prescribe(staff: StaffContext, id: number, p: PrescriptionInput): Promise<Consultation> {
      return consultations.answerMove('updated', staff.societyId, id, (afterMove) =>
        desk.submit(staff, id, null, {
          inTx: async (tx) => {
            if (!(await consultationRepo(tx).prescribe(staff.societyId, id, p, clock.now(), staff.id))) throw new ConflictError(MSG.wrongStage);
          },
          afterMove,
        }),
      );
    },

    /**
     * GET /api/consultations/:id/prescription: only button-two staff (403 'Prescriptions are
     * visible only to the doctor desk and the patient.' for every other sub-role, super-admin
     * included, before anything is read); 404 outside the society or before it is written. The
     * read and its audit row ('read prescription', who, when) are one transaction.
     */
    async readPrescription(staff: StaffContext, id: number): Promise<Prescription> {
      if (staff.subRole !== PRESCRIPTION_READER) throw new ForbiddenError(MSG.prescriptionPrivate);
      return inSociety(db, staff.societyId, async (tx) => {
        const c = await consultationRepo(tx).get(staff.societyId, id);
        const prescription = c && toPrescription(c);
        if (!prescription) throw new NotFoundError();
        await recordAudit(tx, prescriptionAudit({ kind: 'staff', id: staff.id, name: staff.name, societyId: staff.societyId }, id, clock.now()));
        return prescription;
      });
    },

    /**
     * GET /api/resident/consultations: the resident's own doctor requests, newest first, 10 a
     * page, each with its meeting (once generated) and prescription (once written). Every
     * prescription returned is audited as read by the resident, in the transaction that read it.
     */
    async residentConsultations(resident: ResidentContext, req: PageRequest): Promise<ListResponse<ResidentConsultation>> {
      const page = await desk.mine(resident, req);
      return { ...page, items: await asResidentSees(resident, page.items) };
    },

    /**
     * GET /api/resident/consultations/:id: one of the resident's own doctor requests, as the list
     * shows it (its prescription's read audited the same way). 404 for another resident's or
     * another society's.
     */
    async residentConsultation(resident: ResidentContext, id: number): Promise<ResidentConsultation> {
      const [item] = await asResidentSees(resident, [await desk.mineOne(resident, id)]);
      return item!;
    },
  };
}
export type DoctorService = ReturnType<typeof doctorService>;
