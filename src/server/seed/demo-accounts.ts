/**
 * The demo staff accounts' addresses: one account per sub-role in each demo society, e.g.
 * security@greenvalley.test. A module of its own (no database code) so the browser tests can name
 * the accounts the seed made.
 */
import type { SubRole } from '../../shared/subroles.js';

/** Email handle (the part before @) of each sub-role's demo account, in the seed's order. */
export const DEMO_HANDLES: Readonly<Record<SubRole, string>> = {
  'button-one': 'security',
  'button-two': 'doctor',
  'button-three': 'grocery',
  complian: 'complaints',
  residence: 'residence',
  status: 'status',
  'button-five': 'video',
  notification: 'notification',
  billing: 'billing',
  discounts: 'discounts',
  plots: 'plots',
  cms: 'cms',
  'cms-all': 'cms-all',
  annoucements: 'announcements',
  logo: 'logo',
  'super-admin': 'super-admin',
};

/** The demo account of `subRole` in the society whose mail domain is `domain`: ('button-one', 'lakecity.test') → 'security@lakecity.test'. */
export function demoStaffEmail(subRole: SubRole, domain: string): string {
  return `${DEMO_HANDLES[subRole]}@${domain}`;
}
