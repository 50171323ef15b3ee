/**
 * /Audit (module 'audit', super-admin): every recorded action of the society, newest first. Not
 * in the spec; see docs/spec-deviations.md.
 */
import { z } from 'zod';
import type { Module } from '../subroles.js';
import { isCalendarDate } from './not-home.js';
import { atMostChars, listResponse, ZListQuery, zIdText } from './common.js';

/** The work area of each audited entity: the audit screen's "Module" filter and column. */
export const AUDIT_ENTITY_MODULES = {
  complaint: 'complaints',
  security: 'security',
  security_drill: 'security',
  nothome: 'notHome',
  grocery: 'grocery',
  doctor: 'doctor',
  resident: 'status',
  bill: 'billing',
  feed_post: 'feed',
  discount: 'discounts',
  plot: 'plots',
  announcement: 'announcements',
  logo: 'logo',
  'video-panel': 'videoPanel',
  notification_campaign: 'notificationPanel',
  staff: 'staff',
  society: 'staff',
  /** An export of the audit log itself (action 'export'). */
  audit: 'audit',
  /** A report figure's .xlsx (action 'export'). */
  report: 'reports',
  deadline: 'deadlines',
} as const satisfies Record<string, Module>;

/**
 * Every action an audit row records (`audit_log.action`), as the server writes it: the server's
 * audit writers accept only these (and {@link AuditActionText}'s texts with a value), so a new
 * action is added here, and then needs its words in shared/labels.ts (a type error until it has).
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'set',
  'proceed',
  'submit',
  'pressed again',
  'acknowledge',
  'escalate',
  'drill',
  'start',
  'end',
  'overdue',
  'read prescription',
  'doctor ready',
  'cancel',
  'arrive',
  'import',
  'register',
  'approve',
  'block',
  'export',
  'sign-in',
  'sign-in-failed',
  'sign-out-others',
  'sign-out-everywhere',
  'change-password',
  'reset-password',
  'two-factor-on',
  'two-factor-off',
  'require-two-factor',
  'two-factor-optional',
  'sub-role',
  'disable',
  'enable',
  'time-zone',
  'emergency',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * An action as stored: one of {@link AUDIT_ACTIONS}, or one that carries its value in the text: a
 * guard assigned to a not-at-home request ('assign guard Ali'), a Send to All with its count
 * ('send to all (56)'), a push to one resident ('send to resident 12').
 */
export type AuditActionText = AuditAction | `assign guard ${string}` | `send to all (${number})` | `send to resident ${number}`;

/** The modules the audit screen filters by (those that audit anything). */
export const AUDITED_MODULES = [...new Set(Object.values(AUDIT_ENTITY_MODULES))] as readonly Module[];

const DATE_MSG = 'Enter a date as YYYY-MM-DD.';
/** A day `YYYY-MM-DD` that is on the calendar (400 "Enter a date as YYYY-MM-DD." / "Not a date on the calendar."); also /Reports' days. */
export const zCalendarDay = z
  .string({ error: DATE_MSG })
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MSG)
  .refine(isCalendarDate, 'Not a date on the calendar.');

/**
 * GET /api/audit query: the shared list query (`q` searches by resident: the start of the name,
 * or the resident id), and the filters `actor` (a staff member's id), `module`, `action`, and the
 * days `from`–`to` (inclusive, in the society's time zone).
 */
export const ZAuditQuery = ZListQuery.extend({
  actor: zIdText('Not a valid staff member.').optional(),
  module: z.enum(AUDITED_MODULES as [Module, ...Module[]], { error: 'Not a module of the audit log.' }).optional(),
  action: z.string({ error: 'Action must be text.' }).trim().max(100, atMostChars(100)).optional(),
  from: zCalendarDay.optional(),
  to: zCalendarDay.optional(),
}).refine((q) => !q.from || !q.to || q.to >= q.from, { message: 'The end date cannot be before the start date.', path: ['to'] });
export type AuditQuery = z.infer<typeof ZAuditQuery>;

/** One recorded action. */
export const ZAuditRow = z.object({
  _id: z.number().int(),
  at: z.string().describe('ISO 8601'),
  actorKind: z.enum(['staff', 'resident', 'system', 'operator']),
  actorName: z.string(),
  module: z.string().nullable().describe('The work area of the item; null for an entity no module owns'),
  entity: z.string(),
  entityId: z.number().int(),
  /** A readable name of the item where there is one: a resident's id and name, a staff member's name. */
  item: z.string().nullable(),
  action: z.string(),
  fromStage: z.string().nullable(),
  toStage: z.string().nullable(),
  detail: z.string().nullable(),
});
export type AuditRow = z.infer<typeof ZAuditRow>;
export const ZAuditPage = listResponse(ZAuditRow);

/** GET /api/audit/filters: the choices of the filters: the society's staff and the actions recorded. */
export const ZAuditFilters = z.object({
  actors: z.array(z.object({ id: z.number().int(), name: z.string() })),
  actions: z.array(z.string()),
});
export type AuditFilters = z.infer<typeof ZAuditFilters>;
