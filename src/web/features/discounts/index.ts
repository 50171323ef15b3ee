/** Discounts: /Discounts. */
import { lazyScreen, type WebFeature } from '../../lib/web-feature';

export const discounts: WebFeature = {
  module: 'discounts',
  title: 'Discounts',
  screens: { '/Discounts': lazyScreen(() => import('./components/discounts-screen').then((m) => m.DiscountsScreen)) },
};
