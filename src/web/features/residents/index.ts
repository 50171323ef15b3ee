/** Residents: /Residence. */
import { lazyScreen, type WebFeature } from '../../lib/web-feature';

export const residents: WebFeature = {
  module: 'residents',
  title: 'Residents',
  screens: { '/Residence': lazyScreen(() => import('./components/residence-screen').then((m) => m.ResidenceScreen)) },
};
