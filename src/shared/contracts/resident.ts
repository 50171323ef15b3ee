/**
 * What the resident app reads about the resident themself, so residents see their own
 * requests: the profile, the in-app notification records and the resident's view of an alarm.
 * Complaints and not-at-home requests are read in their staff shapes (ZComplaint, ZNotHome):
 * every field of those is either the resident's own data or addressed to them (the staff's
 * response, the assigned guard, whom the 'Guard Assigned' push announces).
 */
import { z } from 'zod';
import { BIDI_CONTROL, EMERGENCY_CONTACTS_MAX, EMERGENCY_PHONE_PATTERN } from '../constants.js';
import { MSG } from '../messages.js';
import { ZResidentCard, atMostChars, listResponse } from './common.js';
import { zResidentPassword } from './residents-admin.js';
import { ZSecurityAlert, type SecurityAlert } from './security.js';

/**
 * GET /api/resident/me: the signed-in resident's own profile — the resident card the desks show
 * (spec section 3 field names: `phoneNo`, `fname`, `fmName`…, `address` = the joined "House h,
 * Street s, Block b"), the address's parts, the society and the account status. Never the password
 * hash or the push token. Also the society's time zone (the same `timeZone` staff get at sign-in) and
 * whether the password must be changed (a staff reset; docs/spec-deviations.md).
 */
export const ZResidentProfile = ZResidentCard.extend({
  house: z.string(),
  street: z.string(),
  block: z.string(),
  societyName: z.string(),
  status: z.enum(['Pending', 'Approve', 'Block']).describe('Approve, or Pending until staff approve a self-registration; a blocked resident gets 403'),
  timeZone: z.string().describe("The society's time zone (IANA name, societies.time_zone): the app shows every date and time in it"),
  mustChangePassword: z.boolean().describe('True after staff reset the password: the app asks for a new one (PUT /api/resident/password) before anything else'),
});
export type ResidentProfile = z.infer<typeof ZResidentProfile>;

/**
 * One of a society's emergency contacts (`societies.emergency_contacts`, set by the operator's
 * `society:emergency`): `label` 1–60 characters, trimmed, no bidi control; `phone` 11 digits or a
 * 2–5 digit service number ({@link EMERGENCY_PHONE_PATTERN}).
 */
export const ZEmergencyContact = z.object({
  label: z
    .string()
    .trim()
    .min(1, 'The label is empty.')
    .max(60, 'The label may have at most 60 characters.')
    .refine((s) => !BIDI_CONTROL.test(s), MSG.textBidiControl),
  phone: z.string().trim().regex(EMERGENCY_PHONE_PATTERN, 'The phone must be 11 digits (03001234567) or a service number of 2 to 5 digits (1122).'),
});
export type EmergencyContact = z.infer<typeof ZEmergencyContact>;

/** A society's emergency contacts, in the order the app lists them: at most {@link EMERGENCY_CONTACTS_MAX}. */
export const ZEmergencyContacts = z.array(ZEmergencyContact).max(EMERGENCY_CONTACTS_MAX, `At most ${EMERGENCY_CONTACTS_MAX} emergency contacts.`);

/**
 * GET /api/resident/society: the signed-in resident's own society — its name, time zone (IANA) and
 * emergency contacts, which the app keeps for its offline screen (docs/spec-deviations.md row 95).
 */
export const ZResidentSociety = z.object({
  name: z.string(),
  timeZone: z.string().describe("The society's time zone (IANA name, societies.time_zone)"),
  emergencyContacts: ZEmergencyContacts.describe("The society's emergency numbers, in the order to list them (0–8; set with the operator's society:emergency)"),
});
export type ResidentSociety = z.infer<typeof ZResidentSociety>;

/**
 * One in-app notification record (spec section 3 "Notification", texts in section 7), as the
 * resident app lists it. `pressedTime` is when it was written (ISO 8601); `refEntity`/`refId`
 * name the request it reports ('complaint' 12), null for a record about no request.
 */
export const ZResidentNotification = z.object({
  _id: z.number().int(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  isRead: z.boolean(),
  pressedTime: z.string().describe('Written at (ISO 8601)'),
  refEntity: z.string().nullable(),
  refId: z.number().int().nullable(),
});
export type ResidentNotification = z.infer<typeof ZResidentNotification>;

/**
 * GET /api/resident/notifications: one page of the resident's records, newest first, 10 a page
 * (`{items, total, totalExact}` as every list), plus `unread`: how many of all their records are
 * unread (the app's badge).
 */
export const ZResidentNotificationList = listResponse(ZResidentNotification).extend({
  unread: z.number().int().min(0),
});
export type ResidentNotificationList = z.infer<typeof ZResidentNotificationList>;

/**
 * PUT /api/resident/notifications/read-all: `marked` is how many of the resident's records were
 * unread and are now read (0 when none was; the badge is then 0).
 */
export const ZReadAllResult = z.object({ marked: z.number().int().min(0) });
export type ReadAllResult = z.infer<typeof ZReadAllResult>;

/**
 * A security alarm as the resident who raised it sees it (GET /api/resident/alarms, and
 * `/alarms/{id}`): an allowlist of {@link ZSecurityAlert}'s fields. Left out, because they are the
 * desk's working data and not addressed to the resident: `staffNote` (the staff's own note of the
 * issue, spec section 5 'Write security issue here!'), `ackSeconds` (a response-time measure) and
 * `notHomeActive` (a context flag for the guards). The resident app shows "Acknowledged by <name>
 * at <time>" and that the alarm was escalated (docs/spec-deviations.md row 93), live (contracts/resident-events.ts) and
 * after a reload, so `acknowledgedAt`, `acknowledgedBy` and `escalated`/`escalatedAt` are in. The
 * staff's `response` (written at Submit) is meant for them.
 */
export const ZResidentAlarm = ZSecurityAlert.pick({
  _id: true,
  securityComplain: true,
  response: true,
  stage: true,
  securityStatus: true,
  edit: true,
  pressedTime: true,
  pressCount: true,
  lastPressedTime: true,
  proceededAt: true,
  completedAt: true,
  acknowledgedAt: true,
  acknowledgedBy: true,
  escalated: true,
  escalatedAt: true,
  societyName: true,
  resident: true,
});
export type ResidentAlarm = z.infer<typeof ZResidentAlarm>;
export const ZResidentAlarmList = listResponse(ZResidentAlarm);

/** A staff-shaped alarm reduced to the resident's view (unknown keys dropped: the allowlist above). */
export function toResidentAlarm(alert: SecurityAlert): ResidentAlarm {
  return ZResidentAlarm.parse(alert);
}

/**
 * PUT /api/resident/password body: the current password and a new one under the registration's
 * rules (8–200 characters, {@link zResidentPassword}). A wrong current password is a 400 naming
 * `currentPassword`; the same password again a 400 naming `newPassword`.
 */
export const ZResidentPasswordChange = z.object({
  currentPassword: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, atMostChars(200)),
  newPassword: zResidentPassword(),
});
export type ResidentPasswordChange = z.infer<typeof ZResidentPasswordChange>;
