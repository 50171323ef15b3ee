/**
 * Logo: /Logo, and the listener every sub-role mounts: a new logo shows on every staff header of
 * the society at once.
 */
import { lazyListener, lazyScreen, type WebFeature } from '../../lib/web-feature';

export const logo: WebFeature = {
  module: 'logo',
  title: 'Logo',
  screens: { '/Logo': lazyScreen(() => import('./components/logo-screen').then((m) => m.LogoScreen)) },
  liveUpdates: [lazyListener(() => import('./components/logo-live-updates').then((m) => m.LogoLiveUpdates))],
  heardByEveryone: true,
};
