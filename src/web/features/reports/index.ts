/** Reports: /Reports, how each desk is doing (the desks' staff and super-admin). */
import { lazyScreen, type WebFeature } from '../../lib/web-feature';

export const reports: WebFeature = {
  module: 'reports',
  title: 'Reports',
  screens: { '/Reports': lazyScreen(() => import('./components/reports-screen').then((m) => m.ReportsScreen)) },
};
