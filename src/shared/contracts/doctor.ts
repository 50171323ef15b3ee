import { z } from 'zod';
import { MSG } from '../messages.js';
import { ZAuditEntry, ZResidentCard, atMostChars, listResponse } from './common.js';
import { ZDeskListQuery, ZDeskRequestBase, ZOverdueSince, ZStage } from './desk.js';

const required = (max: number) => z.string({ error: MSG.fillRequired }).trim().min(1, MSG.fillRequired).max(max, atMostChars(max));

/**
 * A doctor consultation request as staff see it on /Doctor (spec section 3): `description` is the
 * resident's own words (may be empty); `edit` is true once a meeting link was generated.
 */
export const ZDoctorRequest = ZDeskRequestBase.extend({ description: z.string() });
export type DoctorRequest = z.infer<typeof ZDoctorRequest>;
export const ZDoctorRequestList = listResponse(ZDoctorRequest);
export const ZDoctorRequestDetail = ZDoctorRequest.extend({ history: z.array(ZAuditEntry) });
export const ZDoctorListQuery = ZDeskListQuery;

/** POST /api/doctor (resident API): `description` optional, at most 2,000 characters. */
export const ZFileDoctor = z.object({
  description: z.string({ error: 'The description must be text.' }).trim().max(2000, atMostChars(2000)).optional().default(''),
});

/**
 * PUT /api/doctor/:id/link (spec section 5 'Doctor Details'): Meet ID required ('Please fill the
 * required fields'); the staff's description for the doctor optional. A meeting id that is not an
 * http(s) URL is a room name on MEET_BASE_URL.
 */
export const ZGenerateLink = z.object({
  meetingId: required(300),
  description: z.string({ error: 'The description must be text.' }).trim().max(2000, atMostChars(2000)).optional().default(''),
});
export type GenerateLink = z.infer<typeof ZGenerateLink>;

/** GET /api/doctor/meeting-link: a fresh, unguessable room on MEET_BASE_URL for staff to use. */
export const ZFreshMeetingLink = z.object({ meetingId: z.string(), meetingUrl: z.string() });

/**
 * A consultation (spec section 3 "Consultation"): `_id` is the request id. 'Link Generated' with
 * `prescription` false until the prescription is saved, then 'Meeting Held'. The prescription's
 * content is NOT here: it is health data, read through the audited prescription route only.
 */
export const ZConsultation = z.object({
  _id: z.number().int().describe('The doctor request id (one consultation per request)'),
  meetingId: z.string(),
  /** The link to open: `meetingId` when it is an http(s) URL, else MEET_BASE_URL/<meetingId>. */
  meetingUrl: z.string(),
  description: z.string().describe("The staff's description for the doctor"),
  requestDescription: z.string().describe("The resident's own words"),
  meetingStatus: z.enum(['Link Generated', 'Meeting Held']),
  prescription: z.boolean(),
  pressedTime: z.string().describe('Requested at (ISO 8601)'),
  linkGeneratedAt: z.string(),
  readyNotifiedAt: z.string().nullable().describe("When 'Doctor is ready for meeting' was sent (once)"),
  prescribedAt: z.string().nullable(),
  patientName: z.string(),
  patientPhone: z.string(),
  patientAddress: z.string(),
  patientEmail: z.string(),
  Fname: z.string(),
  Fphone: z.string(),
  FMname: z.string(),
  FMphone: z.string(),
  FMname1: z.string(),
  FMphone1: z.string(),
  societyName: z.string(),
  resident: ZResidentCard,
  overdueSince: ZOverdueSince,
});
export type Consultation = z.infer<typeof ZConsultation>;
export const ZConsultationList = listResponse(ZConsultation);

/** Consultation list stages: open (/Prescription) and done (/CompletedDoctor). */
export const CONSULTATION_STAGES = ['open', 'done'] as const;
export const ZConsultationListQuery = ZDeskListQuery.extend({ stage: z.enum(CONSULTATION_STAGES, { error: 'Stage must be open or done.' }).default('open') });
export type ConsultationListQuery = z.infer<typeof ZConsultationListQuery>;

/** PUT /api/consultations/:id/prescription (spec section 5): all four required ('Please fill the required fields'). */
export const ZPrescriptionInput = z.object({
  disease: required(2000),
  medicine: required(2000),
  testNeeded: required(2000),
  thingsToDo: required(2000),
});
export type PrescriptionInput = z.infer<typeof ZPrescriptionInput>;

/** A prescription as read through the audited route (button-two staff of the society, or the patient). */
export const ZPrescription = ZPrescriptionInput.extend({
  _id: z.number().int(),
  prescribedAt: z.string(),
  prescribedBy: z.string().describe('Staff name'),
});
export type Prescription = z.infer<typeof ZPrescription>;

/**
 * A resident's own doctor request as the app shows it (`GET /api/resident/consultations`):
 * the request, its consultation once staff generated the link (null before), and the prescription
 * once written (null before). Health data of the resident themself: every prescription returned
 * here is written to the audit trail as read by the resident.
 */
export const ZResidentConsultation = z.object({
  _id: z.number().int().describe('The doctor request id'),
  description: z.string().describe("The resident's own words"),
  stage: ZStage,
  pressedTime: z.string().describe('Requested at (ISO 8601)'),
  societyName: z.string(),
  meeting: z
    .object({
      meetingId: z.string(),
      meetingUrl: z.string(),
      meetingStatus: z.enum(['Link Generated', 'Meeting Held']),
      linkGeneratedAt: z.string(),
      readyNotifiedAt: z.string().nullable(),
    })
    .nullable()
    .describe('null until staff generate the meeting link'),
  prescription: ZPrescription.nullable().describe('null until the prescription is written'),
});
export type ResidentConsultation = z.infer<typeof ZResidentConsultation>;
export const ZResidentConsultationList = listResponse(ZResidentConsultation);
export type FreshMeetingLink = z.infer<typeof ZFreshMeetingLink>;
