/**
 * Every web feature of the desk, in one list: the router, the menu's group headings, the page
 * titles and the live listeners walk it. A new screen is its feature folder (with its
 * `index.ts`, see lib/web-feature.ts) plus one line here. Each index is light (its screens and
 * listeners are lazy), so this list is part of the initial load without their code.
 */
import type { ComponentType } from 'react';
import type { Module, RouteDef, RoutePath } from '../../shared/subroles';
import type { WebFeature } from '../lib/web-feature';
import { announcements } from '../features/announcements';
import { audit } from '../features/audit';
import { billing } from '../features/billing';
import { complaints } from '../features/complaints';
import { deadlines } from '../features/deadlines';
import { discounts } from '../features/discounts';
import { doctor } from '../features/doctor';
import { feed } from '../features/feed';
import { grocery } from '../features/grocery';
import { logo } from '../features/logo';
import { notHome } from '../features/not-home';
import { notificationPanel } from '../features/notification-panel';
import { plots } from '../features/plots';
import { reports } from '../features/reports';
import { residents } from '../features/residents';
import { security } from '../features/security';
import { staff } from '../features/staff';
import { status } from '../features/status';
import { videoPanel } from '../features/video-panel';

export const FEATURES: readonly WebFeature[] = [
  grocery,
  doctor,
  complaints,
  security,
  notHome,
  videoPanel,
  residents,
  feed,
  discounts,
  billing,
  plots,
  notificationPanel,
  status,
  logo,
  announcements,
  staff,
  audit,
  reports,
  deadlines,
];

const byModule = new Map<Module, WebFeature>(FEATURES.map((feature) => [feature.module, feature]));

/** The built screens by path, from every feature (a path none names is "not built yet"). */
export const SCREENS: Partial<Record<RoutePath, ComponentType>> = Object.assign({}, ...FEATURES.map((feature) => feature.screens));

/** A work area's display name (navbar group headings, "not built yet" pages). */
export function moduleTitle(module: Module): string {
  return byModule.get(module)?.title ?? module;
}

/** 'Security' for /Security, 'Security: Processing' for /ProcessSec (menu labels repeat across modules). */
export function screenName(route: RouteDef): string {
  const module = moduleTitle(route.module);
  return route.label.toLowerCase().includes(module.toLowerCase()) ? route.label : `${module}: ${route.label}`;
}
