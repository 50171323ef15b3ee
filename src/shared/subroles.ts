/**
 * The sub-role table: which modules each staff sub-role may use, its menu and its home screen.
 * One table read by the server (authorization, socket rooms) and the web app (menus, routes).
 * Source: spec sections 1, 2 ("Home", "Menus by sub-role") and 6.
 */

/** Every SubRole value the product knows (spelling as in the spec, including 'complian'). */
export const SUB_ROLES = [
  'button-one',
  'button-two',
  'button-three',
  'complian',
  'residence',
  'status',
  'button-five',
  'notification',
  'billing',
  'discounts',
  'plots',
  'cms',
  'cms-all',
  'annoucements',
  'logo',
  'super-admin',
] as const;
export type SubRole = (typeof SUB_ROLES)[number];

export const ROLES = ['Admin', 'Guard'] as const;
export type Role = (typeof ROLES)[number];

/** A work area. Permissions are granted per module; every staff endpoint names one. */
export const MODULES = [
  'grocery',
  'doctor',
  'complaints',
  'security',
  'notHome',
  'videoPanel',
  'residents',
  'feed',
  'discounts',
  'billing',
  'plots',
  'notificationPanel',
  'status',
  'logo',
  'announcements',
  'staff',
  'audit',
  'reports',
  'deadlines',
] as const;
export type Module = (typeof MODULES)[number];

export interface RouteDef {
  /** Exact path, as in spec section 2 (case matters: '/Pending', not '/pending'). */
  path: string;
  /** Menu label (spec names where it gives one, e.g. /Pending is labelled 'Processing'). */
  label: string;
  module: Module;
}

/** The 25 module routes of spec section 2, /Staff, /Audit, /Reports and /Deadlines (plus '/Login' and '/', which are not module routes). */
export const ROUTES = [
  { path: '/Grocery', label: 'Grocery List', module: 'grocery' },
  { path: '/Orders', label: 'Orders', module: 'grocery' },
  { path: '/CompletedGrocery', label: 'Completed', module: 'grocery' },
  { path: '/Doctor', label: 'Doctor', module: 'doctor' },
  { path: '/Prescription', label: 'Prescription', module: 'doctor' },
  { path: '/CompletedDoctor', label: 'Completed', module: 'doctor' },
  { path: '/Complaints', label: 'Complaints', module: 'complaints' },
  { path: '/Pending', label: 'Processing', module: 'complaints' },
  { path: '/Completed', label: 'Completed', module: 'complaints' },
  { path: '/Security', label: 'Security', module: 'security' },
  { path: '/ProcessSec', label: 'Processing', module: 'security' },
  { path: '/CompletedSecurity', label: 'Completed', module: 'security' },
  { path: '/NotHome', label: 'Not at home', module: 'notHome' },
  { path: '/NotHomeCancelled', label: 'Cancelled', module: 'notHome' },
  { path: '/NotHomeCompleted', label: 'Arrived', module: 'notHome' },
  { path: '/VideoPanel', label: 'Video Panel', module: 'videoPanel' },
  { path: '/Residence', label: 'Residents', module: 'residents' },
  { path: '/CMS', label: 'Feed', module: 'feed' },
  { path: '/Discounts', label: 'Discounts', module: 'discounts' },
  { path: '/Billing', label: 'Billing', module: 'billing' },
  { path: '/Plots', label: 'Plots', module: 'plots' },
  { path: '/NotificationPanel', label: 'Notification Panel', module: 'notificationPanel' },
  { path: '/Status', label: 'Status', module: 'status' },
  { path: '/Logo', label: 'Logo', module: 'logo' },
  { path: '/Annoucements', label: 'Announcements', module: 'announcements' },
  // Not in the spec: super-admin manages the society's staff accounts (spec-deviations.md).
  { path: '/Staff', label: 'Staff', module: 'staff' },
  // Not in the spec: super-admin reads every recorded action of the society (spec-deviations.md).
  { path: '/Audit', label: 'Audit log', module: 'audit' },
  // Not in the spec: how each desk is doing, for its own staff and super-admin (spec-deviations.md).
  { path: '/Reports', label: 'Reports', module: 'reports' },
  // Not in the spec: super-admin sets how long each desk stage may take (spec-deviations.md).
  { path: '/Deadlines', label: 'Deadlines', module: 'deadlines' },
] as const satisfies readonly RouteDef[];
export type RoutePath = (typeof ROUTES)[number]['path'];

/** Every path the web app registers: 29 module routes, '/Login' and '/' (31 in all). */
export const ALL_PATHS: readonly string[] = ['/Login', '/', ...ROUTES.map((r) => r.path)];

interface SubRoleDef {
  /** Menu entries in order (spec section 2 "Menus by sub-role"). */
  menu: readonly RoutePath[];
  /** The route whose screen '/' shows (spec section 2 "Home"). */
  home: RoutePath;
  /** Modules this sub-role may use; the server refuses (403) every other module. */
  modules: readonly Module[];
}

const COMPLAINT_PAGES = ['/Complaints', '/Pending', '/Completed'] as const;

export const SUB_ROLE_TABLE: Record<SubRole, SubRoleDef> = {
  'button-three': { menu: ['/Grocery', '/Orders', '/CompletedGrocery', '/Reports'], home: '/Grocery', modules: ['grocery', 'reports'] },
  'button-two': { menu: ['/Doctor', '/Prescription', '/CompletedDoctor', '/Reports'], home: '/Doctor', modules: ['doctor', 'reports'] },
  // Spec section 2: button-one's collapsed menu also shows the complaint pages.
  'button-one': {
    menu: ['/Security', '/ProcessSec', '/CompletedSecurity', '/NotHome', '/NotHomeCancelled', '/NotHomeCompleted', ...COMPLAINT_PAGES, '/Reports'],
    home: '/Security',
    modules: ['security', 'notHome', 'complaints', 'reports'],
  },
  complian: { menu: [...COMPLAINT_PAGES, '/Reports'], home: '/Complaints', modules: ['complaints', 'reports'] },
  discounts: { menu: ['/Discounts'], home: '/Discounts', modules: ['discounts'] },
  residence: { menu: ['/Residence'], home: '/Residence', modules: ['residents'] },
  billing: { menu: ['/Billing'], home: '/Billing', modules: ['billing'] },
  plots: { menu: ['/Plots'], home: '/Plots', modules: ['plots'] },
  notification: { menu: ['/NotificationPanel'], home: '/NotificationPanel', modules: ['notificationPanel'] },
  status: { menu: ['/Status'], home: '/Status', modules: ['status'] },
  logo: { menu: ['/Logo'], home: '/Logo', modules: ['logo'] },
  cms: { menu: ['/CMS'], home: '/CMS', modules: ['feed'] },
  'cms-all': { menu: ['/CMS', '/Plots', '/Discounts'], home: '/CMS', modules: ['feed', 'plots', 'discounts'] },
  annoucements: { menu: ['/Annoucements'], home: '/Annoucements', modules: ['announcements'] },
  'super-admin': {
    menu: ['/NotificationPanel', '/Billing', '/Residence', '/VideoPanel', '/Status', '/Staff', '/Audit', '/Reports', '/Deadlines'],
    home: '/NotificationPanel',
    modules: ['notificationPanel', 'billing', 'residents', 'videoPanel', 'status', 'staff', 'audit', 'reports', 'deadlines'],
  },
  // "anything else → video panel" (spec section 2 Home).
  'button-five': { menu: ['/VideoPanel'], home: '/VideoPanel', modules: ['videoPanel'] },
};

export function isSubRole(value: unknown): value is SubRole {
  return typeof value === 'string' && (SUB_ROLES as readonly string[]).includes(value);
}

/** The menu of a sub-role; an unknown sub-role gets the video panel (spec: "anything else"). */
export function menuFor(subRole: string): readonly RouteDef[] {
  const def = isSubRole(subRole) ? SUB_ROLE_TABLE[subRole] : SUB_ROLE_TABLE['button-five'];
  return def.menu.map((p) => ROUTES.find((r) => r.path === p)!);
}

/** The route whose screen '/' shows for a sub-role. */
export function homeFor(subRole: string): RoutePath {
  return isSubRole(subRole) ? SUB_ROLE_TABLE[subRole].home : '/VideoPanel';
}

/** True when the sub-role may use the module (server authorization and route guards). */
export function canUse(subRole: string, module: Module): boolean {
  return isSubRole(subRole) && SUB_ROLE_TABLE[subRole].modules.includes(module);
}

/** The module that owns a route path, or undefined for '/', '/Login' and unknown paths. */
export function moduleOfPath(path: string): Module | undefined {
  return ROUTES.find((r) => r.path === path)?.module;
}

/** Sub-roles that see the 'Re-directing' modal after sign-in (spec section 1). */
export const REDIRECT_MODAL_SUB_ROLES: readonly SubRole[] = ['button-one', 'button-two', 'button-three'];

/**
 * Who hears security alarms: button-one staff always; super-admin staff when an alarm is
 * escalated (unacknowledged for ESCALATE_AFTER_S). Both may acknowledge.
 */
export function receivesAlarms(subRole: string): 'all' | 'escalated' | 'none' {
  if (canUse(subRole, 'security')) return 'all';
  if (subRole === 'super-admin') return 'escalated';
  return 'none';
}

/** The desks a report can be about (their module names); security covers its not-at-home requests too. */
export const REPORT_DESKS = ['complaints', 'security', 'grocery', 'doctor'] as const;
export type ReportDesk = (typeof REPORT_DESKS)[number];

/**
 * The desks whose reports a sub-role may read: those of the desk modules it works in, and every
 * desk for super-admin, who oversees them all. Any other desk is refused (403).
 */
export function reportDesksOf(subRole: string): readonly ReportDesk[] {
  if (!canUse(subRole, 'reports')) return [];
  if (subRole === 'super-admin') return REPORT_DESKS;
  return REPORT_DESKS.filter((d) => canUse(subRole, d));
}

/**
 * Who may start an SOS drill: the staff who answer alarms (button-one) and super-admin, who
 * hears escalated ones. Mirrors `receivesAlarms`.
 */
export function mayRunDrills(subRole: string): boolean {
  return receivesAlarms(subRole) !== 'none';
}
