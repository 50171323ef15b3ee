/** Not at home: the active, cancelled and completed lists (/NotHome, …) and their live updates. */
import { lazy } from 'react';
import { lazyScreen, withProps, type WebFeature } from '../../lib/web-feature';

const NotHomeScreen = lazyScreen(() => import('./components/not-home-screen').then((m) => m.NotHomeScreen));

export const notHome: WebFeature = {
  module: 'notHome',
  title: 'Not at home',
  screens: {
    '/NotHome': withProps(NotHomeScreen, { state: 'active' }),
    '/NotHomeCancelled': withProps(NotHomeScreen, { state: 'cancelled' }),
    '/NotHomeCompleted': withProps(NotHomeScreen, { state: 'arrived' }),
  },
  liveUpdates: [lazy(() => import('./components/not-home-live-updates').then((m) => ({ default: m.NotHomeLiveUpdates })))],
};
