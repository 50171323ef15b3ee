/** Not at home: the active, cancelled and completed lists (/NotHome, …) and their live updates. */
import { lazyListener, lazyScreen, screensOf, type WebFeature } from '../../lib/web-feature';

export const notHome: WebFeature = {
  module: 'notHome',
  title: 'Not at home',
  screens: screensOf(
    lazyScreen(() => import('./components/not-home-screen').then((m) => m.NotHomeScreen)),
    {
      '/NotHome': { state: 'active' },
      '/NotHomeCancelled': { state: 'cancelled' },
      '/NotHomeCompleted': { state: 'arrived' },
    },
  ),
  liveUpdates: [lazyListener(() => import('./components/not-home-live-updates').then((m) => m.NotHomeLiveUpdates))],
};
