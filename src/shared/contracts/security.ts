import { z } from 'zod';
import { ZAuditEntry, ZListQuery, ZResidentCard, listResponse } from './common.js';
import { ZStage, ZSubmit } from './desk.js';

/**
 * A security alarm (spec section 3 "Security alert"; states in section 4): new (edit false) →
 * processing (securityStatus false, edit true) → completed (securityStatus true).
 * Beyond the spec: the acknowledgement (who closed the alarm toast, when, how many seconds after
 * the press), the escalation mark, and whether the resident has an active not-at-home window.
 */
export const ZSecurityAlert = z.object({
  _id: z.number().int(),
  securityComplain: z.string().describe('The staff note of the issue (empty until Proceed)'),
  response: z.string().nullable(),
  stage: ZStage,
  securityStatus: z.boolean(),
  edit: z.boolean(),
  pressedTime: z.string().describe('SOS pressed at (ISO 8601)'),
  proceededAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  societyName: z.string(),
  resident: ZResidentCard,
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.string().nullable().describe('Name of the staff member who acknowledged'),
  ackSeconds: z.number().nullable().describe('Seconds from press to acknowledgement'),
  escalated: z.boolean(),
  escalatedAt: z.string().nullable(),
  notHomeActive: z.boolean().describe('The resident has an active not-at-home window: home should be empty'),
});
export type SecurityAlert = z.infer<typeof ZSecurityAlert>;

export const ZSecurityList = listResponse(ZSecurityAlert);
export const ZSecurityListQuery = ZListQuery.extend({ stage: ZStage.default('new') });
export const ZSecurityDetail = ZSecurityAlert.extend({ history: z.array(ZAuditEntry) });

/** PUT /api/security/:id — Proceed carries the staff's note 'Write security issue here!'. */
export const ZSecurityProceed = z.object({
  action: z.literal('proceed'),
  securityComplain: z.string().trim().max(2000).optional().default(''),
});
export const ZSecurityUpdate = z.discriminatedUnion('action', [ZSecurityProceed, ZSubmit]);

/** POST /api/security (resident API): the SOS press; the text is optional. */
export const ZRaiseAlarm = z.object({ securityComplain: z.string().trim().max(2000).optional().default('') });

/** Sent to the society's alarm rooms when a staff member acknowledges an alarm. */
export const ZAlarmAcknowledged = z.object({
  _id: z.number().int(),
  acknowledgedAt: z.string(),
  acknowledgedBy: z.string(),
  ackSeconds: z.number(),
});
export type AlarmAcknowledged = z.infer<typeof ZAlarmAcknowledged>;
