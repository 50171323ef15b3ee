/** Billing: /Billing. */
import { lazyScreen, type WebFeature } from '../../lib/web-feature';

export const billing: WebFeature = {
  module: 'billing',
  title: 'Billing',
  screens: { '/Billing': lazyScreen(() => import('./components/billing-screen').then((m) => m.BillingScreen)) },
};
