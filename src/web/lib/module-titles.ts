/** Display names of the work areas (navbar group headings, "not built yet" pages). */
import type { Module, RouteDef } from '../../shared/subroles';

export const MODULE_TITLES: Record<Module, string> = {
  grocery: 'Grocery',
  doctor: 'Doctor',
  complaints: 'Complaints',
  security: 'Security',
  notHome: 'Not at home',
  videoPanel: 'Video Panel',
  residents: 'Residents',
  feed: 'Feed',
  discounts: 'Discounts',
  billing: 'Billing',
  plots: 'Plots',
  notificationPanel: 'Notification Panel',
  status: 'Status',
  logo: 'Logo',
  announcements: 'Announcements',
};

/** 'Security' for /Security, 'Security: Processing' for /ProcessSec (menu labels repeat across modules). */
export function screenName(route: RouteDef): string {
  const module = MODULE_TITLES[route.module];
  return route.label.toLowerCase().includes(module.toLowerCase()) ? route.label : `${module}: ${route.label}`;
}
