import { z } from 'zod';
import { ZAuditEntry, ZListQuery, ZResidentCard, atMostChars, listResponse } from './common.js';
import { ZStage, ZSubmit } from './desk.js';

/**
 * A security alarm (spec section 3 "Security alert"; states in section 4): new (edit false) →
 * processing (securityStatus false, edit true) → completed (securityStatus true).
 * Beyond the spec: the staff's note kept apart from the resident's words, the presses merged into
 * the alarm while it was unacknowledged (count and last press), the acknowledgement (who closed
 * the alarm toast, when, how many seconds after the first press), the escalation mark, and
 * whether the resident has an active not-at-home window, and whether it is an SOS drill's
 * practice alarm (docs/spec-deviations.md row 91).
 */
export const ZSecurityAlert = z.object({
  _id: z.number().int(),
  securityComplain: z.string().describe("The resident's own words sent with the SOS ('' when none); never overwritten by staff"),
  staffNote: z.string().nullable().describe("The staff's note of the issue written at Proceed (null until then or when left empty)"),
  response: z.string().nullable(),
  stage: ZStage,
  securityStatus: z.boolean(),
  edit: z.boolean(),
  pressedTime: z.string().describe('SOS first pressed at (ISO 8601)'),
  pressCount: z.number().int().min(1).describe('Presses merged into this alarm while it was unacknowledged (1: pressed once)'),
  lastPressedTime: z.string().describe('The latest of those presses (ISO 8601; = pressedTime when pressed once)'),
  proceededAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  societyName: z.string(),
  resident: ZResidentCard,
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.string().nullable().describe('Name of the staff member who acknowledged'),
  ackSeconds: z.number().nullable().describe('Seconds from the first press to the acknowledgement (0.1 s precision)'),
  escalated: z.boolean(),
  escalatedAt: z.string().nullable(),
  notHomeActive: z.boolean().describe('The resident has an active not-at-home window: home should be empty'),
  drill: z.boolean().default(false).describe('A practice alarm of an SOS drill (POST /api/security/drills): the drill resident, no real person'),
  drillId: z.number().int().nullable().default(null).describe("The drill's id when `drill` (its report: GET /api/security/drills/{drillId})"),
});
export type SecurityAlert = z.infer<typeof ZSecurityAlert>;

export const ZSecurityList = listResponse(ZSecurityAlert);
export const ZSecurityListQuery = ZListQuery.extend({ stage: ZStage.default('new') });
export const ZSecurityDetail = ZSecurityAlert.extend({ history: z.array(ZAuditEntry) });

/**
 * PUT /api/security/:id — Proceed carries the staff's note ('Write security issue here!'), stored
 * as `staffNote`; the resident's words are kept. `securityComplain` is the spec's name for the
 * same note (spec section 7, PUT /api/security/{id}) and is used when `staffNote` is absent.
 */
export const ZSecurityProceed = z.object({
  action: z.literal('proceed'),
  staffNote: z.string().trim().max(2000, atMostChars(2000)).optional(),
  securityComplain: z.string().trim().max(2000, atMostChars(2000)).optional(),
});
export const ZSecurityUpdate = z.discriminatedUnion('action', [ZSecurityProceed, ZSubmit]);

/** POST /api/security (resident API): the SOS press; the text is optional. */
export const ZRaiseAlarm = z.object({ securityComplain: z.string().trim().max(2000, atMostChars(2000)).optional().default('') });

/** Alarms per page of GET /api/security/alarms. */
export const ALARM_INBOX_PAGE_SIZE = 100;

/**
 * GET /api/security/alarms: the list query without a search — `page` and `after` (the previous
 * page's `nextAfter`). `before` keeps its former meaning here for one release
 * (docs/spec-deviations.md): alarms with ids below it, i.e. the same as `after`.
 */
export const ZPendingAlarmsQuery = ZListQuery.pick({ page: true, after: true, before: true });

/**
 * GET /api/security/alarms: the society's unacknowledged alarms (super-admin: escalated ones),
 * newest first, {@link ALARM_INBOX_PAGE_SIZE} per page, in the list response (`total` counts them
 * all, exactly; `nextAfter` is the next page's cursor, null on the last page), plus
 * `connectedSecurityStaff` (presence) and `nextBefore`, the former name of `nextAfter` (one release).
 */
export const ZPendingAlarms = listResponse(ZSecurityAlert).extend({
  nextBefore: z.number().int().nullable().describe('Deprecated: the same as nextAfter (send it as `before` or `after`)'),
  connectedSecurityStaff: z.number().int(),
});
export type PendingAlarms = z.infer<typeof ZPendingAlarms>;

/** Sent to the society's alarm rooms when a staff member acknowledges an alarm. */
export const ZAlarmAcknowledged = z.object({
  _id: z.number().int(),
  acknowledgedAt: z.string(),
  acknowledgedBy: z.string(),
  ackSeconds: z.number(),
});
export type AlarmAcknowledged = z.infer<typeof ZAlarmAcknowledged>;
