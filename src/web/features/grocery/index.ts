/** Grocery: new requests (/Grocery), open and delivered orders, and their live updates. */
import { lazyListener, lazyScreen, screensOf, type WebFeature } from '../../lib/web-feature';

export const grocery: WebFeature = {
  module: 'grocery',
  title: 'Grocery',
  screens: {
    '/Grocery': lazyScreen(() => import('./components/grocery-screens').then((m) => m.GroceryRequestsScreen)),
    ...screensOf(
      lazyScreen(() => import('./components/grocery-screens').then((m) => m.OrdersScreen)),
      {
        '/Orders': { stage: 'open' },
        '/CompletedGrocery': { stage: 'delivered' },
      },
    ),
  },
  liveUpdates: [lazyListener(() => import('./components/grocery-live-updates').then((m) => m.GroceryLiveUpdates))],
};
