/** Status: /Status. */
import { lazyScreen, type WebFeature } from '../../lib/web-feature';

export const status: WebFeature = {
  module: 'status',
  title: 'Status',
  screens: { '/Status': lazyScreen(() => import('./components/status-screen').then((m) => m.StatusScreen)) },
};
