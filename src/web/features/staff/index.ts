/** Staff: /Staff, the society's staff accounts (super-admin). */
import { lazyScreen, type WebFeature } from '../../lib/web-feature';

export const staff: WebFeature = {
  module: 'staff',
  title: 'Staff',
  screens: { '/Staff': lazyScreen(() => import('./components/staff-screen').then((m) => m.StaffScreen)) },
};
