/**
 * Words for the codes staff would otherwise read: sub-roles, resident statuses, stages and audit
 * actions. Each map is typed over its code list, so a new code is a type error until it has
 * words (tests/unit/labels.test.ts checks the lists at run time too). Type-only imports of the
 * contracts: this file carries no zod into the dashboard's first load.
 */
import type { AuditAction } from './contracts/audit.js';
import type { ResidentStatus } from './contracts/residents-admin.js';
import { isSubRole, type SubRole } from './subroles.js';

/** `map[key]` when the map itself has the key (never an inherited 'toString'). */
function own(map: Readonly<Record<string, string>>, key: string): string | undefined {
  return Object.hasOwn(map, key) ? map[key] : undefined;
}

/** What each sub-role does, in a staff member's words; the code follows in brackets ({@link subRoleLabel}). */
export const SUB_ROLE_NAMES: Record<SubRole, string> = {
  'button-one': 'Security desk',
  'button-two': 'Doctor desk',
  'button-three': 'Grocery desk',
  complian: 'Complaints desk',
  residence: 'Resident verification',
  status: 'Resident approval',
  'button-five': 'Video panel',
  notification: 'Push notifications',
  billing: 'Billing',
  discounts: 'Discounts',
  plots: 'Plots',
  cms: 'Feed posts',
  'cms-all': 'All content',
  annoucements: 'Announcements',
  logo: 'Logo',
  'super-admin': 'Super-admin',
};

/**
 * A sub-role as staff read it, the code kept in brackets for those who know the codes:
 * 'button-one' → 'Security desk (button-one)'; an unknown code is shown as it comes; null → '—'.
 */
export function subRoleLabel(subRole: string | null | undefined): string {
  if (!subRole) return '—';
  return isSubRole(subRole) ? `${SUB_ROLE_NAMES[subRole]} (${subRole})` : subRole;
}

/**
 * The phone shown for the drill resident of an SOS drill (a card with no person behind it): its
 * stored number is a unique placeholder ('drill:1'), not a number anyone can call.
 */
export const DRILL_PHONE = "Drill resident's phone";

/** A resident's status as the app says it (the stored values are the spec's 'Approve' and 'Block'). */
export const RESIDENT_STATUS_LABELS: Record<ResidentStatus, string> = { Pending: 'Pending', Approve: 'Approved', Block: 'Blocked' };

/** 'Approve' → 'Approved', 'Block' → 'Blocked', 'Pending' → 'Pending'; any other text as it comes. */
export function residentStatusLabel(status: string): string {
  return own(RESIDENT_STATUS_LABELS, status) ?? status;
}

/** Desk stages and not-at-home states in words. */
const STAGE_LABELS: Record<string, string> = {
  new: 'New',
  processing: 'Processing',
  completed: 'Completed',
  active: 'Active',
  cancelled: 'Cancelled',
  arrived: 'Arrived',
};

/** 'processing' → 'Processing', 'arrived' → 'Arrived'; null → '—'; unknown stages are shown as they come. */
export function stageLabel(stage: string | null | undefined): string {
  if (!stage) return '—';
  return own(STAGE_LABELS, stage) ?? stage;
}

/** Each audit action in words, as the audit log shows it. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  set: 'Changed',
  proceed: 'Proceeded',
  submit: 'Completed',
  'pressed again': 'SOS pressed again',
  acknowledge: 'Alarm acknowledged',
  escalate: 'Escalated to super-admin',
  drill: 'Drill alarm raised',
  start: 'Drill started',
  end: 'Drill ended',
  overdue: 'Became overdue',
  'read prescription': 'Prescription read',
  'doctor ready': 'Doctor ready to meet',
  cancel: 'Cancelled',
  arrive: 'Arrived home',
  import: 'Bills imported',
  register: 'Registered',
  approve: 'Approved',
  block: 'Blocked',
  export: 'Exported',
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
  'sign-out-others': 'Signed out other sessions',
  'sign-out-everywhere': 'Signed out everywhere',
  'change-password': 'Password changed',
  'reset-password': 'Password reset',
  'two-factor-on': 'Two-factor sign-in turned on',
  'two-factor-off': 'Two-factor sign-in turned off',
  'require-two-factor': 'Two-factor required for super-admins',
  'two-factor-optional': 'Two-factor made optional',
  'sub-role': 'Sub-role changed',
  disable: 'Account disabled',
  enable: 'Account enabled',
  'time-zone': 'Time zone set',
  emergency: 'Emergency numbers set',
};

/**
 * An audit action in words: 'two-factor-on' → 'Two-factor sign-in turned on'; the actions that
 * carry a value keep it: 'assign guard Ali' → 'Guard assigned: Ali', 'send to all (56)' → 'Sent
 * to all (56 residents)', 'send to resident 12' → 'Sent to resident 12'. An unknown action (a row
 * older than its words) is shown as stored.
 */
export function auditActionLabel(action: string): string {
  const known = own(AUDIT_ACTION_LABELS, action);
  if (known) return known;
  const guard = /^assign guard (.+)$/.exec(action);
  if (guard) return `Guard assigned: ${guard[1]}`;
  const all = /^send to all \((\d+)\)$/.exec(action);
  if (all) return `Sent to all (${all[1]} resident${all[1] === '1' ? '' : 's'})`;
  const one = /^send to resident (\d+)$/.exec(action);
  if (one) return `Sent to resident ${one[1]}`;
  return action;
}

/** The from/to values of an audit row in words: a sub-role (staff 'create', 'sub-role'), a resident status or a stage; others (a logo's media id, a time zone) as stored. */
export function auditValueLabel(value: string): string {
  if (isSubRole(value)) return subRoleLabel(value);
  if (own(RESIDENT_STATUS_LABELS, value)) return residentStatusLabel(value);
  return stageLabel(value);
}

/**
 * An audit row's "From → to" in words, '' when it has neither: '— → Complaints desk (complian)',
 * 'New → Processing', 'Pending → Approved'.
 */
export function auditChangeLabel(from: string | null, to: string | null): string {
  if (!from && !to) return '';
  return `${from ? auditValueLabel(from) : '—'} → ${to ? auditValueLabel(to) : '—'}`;
}
