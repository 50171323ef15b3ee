/**
 * Live events to the resident app (Socket.IO). A resident socket authenticates with the
 * resident bearer token (`io(url, {auth: {token}})`) and the server joins it to that resident's
 * own room only (realtime/rooms.ts `residentRoom`): every event here is about one of the
 * resident's own items, and never reaches another resident. A practice alarm of an SOS drill is
 * never sent to anyone here (it belongs to the drill resident, who cannot sign in).
 *
 * Events are small: the item's id, what changed and what the app shows of that change. The app
 * catches up from the resident API on every (re)connect (`GET /api/resident/<kind>` and
 * `GET /api/resident/<kind>/:id`), so an event missed while disconnected costs nothing. An event
 * may repeat a state the app already has (it is a "now it is so", not a delta).
 *
 * | event                           | when                                                    |
 * | ------------------------------- | ------------------------------------------------------- |
 * | `resident-alarm-acknowledged`   | a staff member acknowledged the resident's alarm (once) |
 * | `resident-alarm-escalated`      | it stayed unacknowledged ESCALATE_AFTER_S: raised again |
 * | `resident-alarm-updated`        | its stage moved: Proceed (processing), resolved (completed) |
 * | `resident-complaint-updated`    | a complaint's stage moved; `response` once completed     |
 * | `resident-not-at-home-updated`  | a guard was assigned; the request was cancelled or closed |
 * | `resident-order-updated`        | a grocery order was placed, its lines changed, delivered |
 * | `resident-consultation-updated` | a meeting link was made, the doctor is ready, a prescription written |
 * | `resident-bill`                 | a bill was entered for the resident (`POST /api/bills`)  |
 */
import { z } from 'zod';
import { ZResidentBill } from './billing.js';
import type { Complaint } from './complaints.js';
import { ZStage } from './desk.js';
import type { Consultation } from './doctor.js';
import { ZOrderLine, type Order } from './grocery.js';
import { ZNotHomeState, type NotHome } from './not-home.js';
import type { AlarmAcknowledged, SecurityAlert } from './security.js';

/** `resident-alarm-acknowledged`: who closed the alarm on their screen and when (the app shows "Acknowledged by <name> at <time>"). */
export const ZResidentAlarmAcknowledged = z.object({
  _id: z.number().int().describe("The alarm's _id (GET /api/resident/alarms/{_id})"),
  acknowledgedAt: z.string().describe('ISO 8601'),
  acknowledgedBy: z.string().describe("The acknowledging staff member's name"),
});
export type ResidentAlarmAcknowledged = z.infer<typeof ZResidentAlarmAcknowledged>;

/** `resident-alarm-escalated`: the alarm was raised again to more staff (super-admin). */
export const ZResidentAlarmEscalated = z.object({
  _id: z.number().int(),
  escalatedAt: z.string().nullable().describe('ISO 8601'),
});
export type ResidentAlarmEscalated = z.infer<typeof ZResidentAlarmEscalated>;

/** `resident-alarm-updated`: the alarm's stage now (completed: resolved) and the staff's response once written. */
export const ZResidentAlarmUpdated = z.object({
  _id: z.number().int(),
  stage: ZStage,
  response: z.string().nullable(),
  proceededAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type ResidentAlarmUpdated = z.infer<typeof ZResidentAlarmUpdated>;

/** `resident-complaint-updated`: the complaint's stage now, and the staff's response once completed. */
export const ZResidentComplaintUpdated = z.object({
  _id: z.number().int().describe("The complaint's _id (GET /api/resident/complaints/{_id})"),
  stage: ZStage,
  complainStatus: z.enum(['new', 'pending', 'completed']),
  response: z.string().nullable(),
  proceededAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type ResidentComplaintUpdated = z.infer<typeof ZResidentComplaintUpdated>;

/** `resident-not-at-home-updated`: the request's state and its assigned guard (null until assigned). */
export const ZResidentNotHomeUpdated = z.object({
  _id: z.number().int().describe("The request's _id (GET /api/resident/nothome/{_id})"),
  state: ZNotHomeState,
  guardName: z.string().nullable(),
  guardPhone: z.string().nullable(),
  guardEmail: z.string().nullable(),
});
export type ResidentNotHomeUpdated = z.infer<typeof ZResidentNotHomeUpdated>;

/** `resident-order-updated`: what happened to the order, and the order as it now is (lines and total). */
export const ZResidentOrderUpdated = z.object({
  _id: z.number().int().describe('The grocery request id (GET /api/resident/orders/{_id})'),
  change: z.enum(['placed', 'updated', 'delivered']),
  stage: ZStage,
  items: z.array(ZOrderLine),
  deliveryCharge: z.number(),
  allTotal: z.number().describe('rupees'),
});
export type ResidentOrderUpdated = z.infer<typeof ZResidentOrderUpdated>;

/**
 * `resident-consultation-updated`: the meeting link once made, whether the doctor said they are
 * ready, and whether a prescription exists. The prescription's content is not in the event: a
 * resident's read of it is audited (GET /api/resident/consultations/{_id} reads it).
 */
export const ZResidentConsultationUpdated = z.object({
  _id: z.number().int().describe('The doctor request id (GET /api/resident/consultations/{_id})'),
  change: z.enum(['link', 'ready', 'prescription']),
  stage: ZStage,
  meetingUrl: z.string(),
  readyNotifiedAt: z.string().nullable(),
  prescription: z.boolean().describe('A prescription has been written: fetch the item to read it'),
});
export type ResidentConsultationUpdated = z.infer<typeof ZResidentConsultationUpdated>;

/** `resident-bill`: a new bill, as GET /api/resident/bills lists it. */
export const ZResidentBillEvent = ZResidentBill;

/** Every resident event with its payload schema (a client can validate what it hears). */
export const RESIDENT_EVENTS = {
  'resident-alarm-acknowledged': ZResidentAlarmAcknowledged,
  'resident-alarm-escalated': ZResidentAlarmEscalated,
  'resident-alarm-updated': ZResidentAlarmUpdated,
  'resident-complaint-updated': ZResidentComplaintUpdated,
  'resident-not-at-home-updated': ZResidentNotHomeUpdated,
  'resident-order-updated': ZResidentOrderUpdated,
  'resident-consultation-updated': ZResidentConsultationUpdated,
  'resident-bill': ZResidentBillEvent,
} as const;
export type ResidentEventName = keyof typeof RESIDENT_EVENTS;

/** The resident events as Socket.IO's event map (merged into shared/events.ts ServerToClientEvents). */
export type ResidentServerToClientEvents = { [E in ResidentEventName]: (payload: z.infer<(typeof RESIDENT_EVENTS)[E]>) => void };

// The server's mappings from the staff-side DTOs (which carry more than a resident may see).

/** An acknowledgement as the resident hears it. */
export const residentAlarmAcknowledged = (a: AlarmAcknowledged): ResidentAlarmAcknowledged => ({
  _id: a._id,
  acknowledgedAt: a.acknowledgedAt,
  acknowledgedBy: a.acknowledgedBy,
});

/** An escalation as the resident hears it. */
export const residentAlarmEscalated = (a: SecurityAlert): ResidentAlarmEscalated => ({ _id: a._id, escalatedAt: a.escalatedAt });

/** An alarm's stage change as the resident hears it. */
export const residentAlarmUpdated = (a: SecurityAlert): ResidentAlarmUpdated => ({
  _id: a._id,
  stage: a.stage,
  response: a.response,
  proceededAt: a.proceededAt,
  completedAt: a.completedAt,
});

/** A complaint's change as the resident hears it. */
export const residentComplaintUpdated = (c: Complaint): ResidentComplaintUpdated => ({
  _id: c._id,
  stage: c.stage,
  complainStatus: c.complainStatus,
  response: c.response,
  proceededAt: c.pressedTime1,
  completedAt: c.pressedTime2,
});

/** A not-at-home change as the resident hears it. */
export const residentNotHomeUpdated = (n: NotHome): ResidentNotHomeUpdated => ({
  _id: n._id,
  state: n.state,
  guardName: n.guardName,
  guardPhone: n.guardPhone,
  guardEmail: n.guardEmail,
});

/** An order's change as the resident hears it; `placed`: the announcement that made the order. */
export const residentOrderUpdated = (o: Order, placed: boolean): ResidentOrderUpdated => ({
  _id: o._id,
  change: placed ? 'placed' : o.Status === 'Delivered' ? 'delivered' : 'updated',
  stage: o.Status === 'Delivered' ? 'completed' : 'processing',
  items: o.items,
  deliveryCharge: o.deliveryCharge,
  allTotal: o.allTotal,
});

/** A consultation's change as the resident hears it; `linked`: the announcement that made it. */
export const residentConsultationUpdated = (c: Consultation, linked: boolean): ResidentConsultationUpdated => ({
  _id: c._id,
  change: linked ? 'link' : c.prescription ? 'prescription' : 'ready',
  stage: c.prescription ? 'completed' : 'processing',
  meetingUrl: c.meetingUrl,
  readyNotifiedAt: c.readyNotifiedAt,
  prescription: c.prescription,
});
