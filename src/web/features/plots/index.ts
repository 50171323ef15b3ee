/** Plots: /Plots. */
import { lazyScreen, type WebFeature } from '../../lib/web-feature';

export const plots: WebFeature = {
  module: 'plots',
  title: 'Plots',
  screens: { '/Plots': lazyScreen(() => import('./components/plots-screen').then((m) => m.PlotsScreen)) },
};
