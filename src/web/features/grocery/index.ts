/** Grocery: new requests (/Grocery), open and delivered orders, and their live updates. */
import { lazy } from 'react';
import { lazyScreen, withProps, type WebFeature } from '../../lib/web-feature';

const OrdersScreen = lazyScreen(() => import('./components/grocery-screens').then((m) => m.OrdersScreen));

export const grocery: WebFeature = {
  module: 'grocery',
  title: 'Grocery',
  screens: {
    '/Grocery': lazyScreen(() => import('./components/grocery-screens').then((m) => m.GroceryRequestsScreen)),
    '/Orders': withProps(OrdersScreen, { stage: 'open' }),
    '/CompletedGrocery': withProps(OrdersScreen, { stage: 'delivered' }),
  },
  liveUpdates: [lazy(() => import('./components/grocery-live-updates').then((m) => ({ default: m.GroceryLiveUpdates })))],
};
