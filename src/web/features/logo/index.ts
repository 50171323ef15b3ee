/**
 * Logo: /Logo, and the listener every sub-role mounts: a new logo shows on every staff header of
 * the society at once.
 */
import { lazy } from 'react';
import { lazyScreen, type WebFeature } from '../../lib/web-feature';

export const logo: WebFeature = {
  module: 'logo',
  title: 'Logo',
  screens: { '/Logo': lazyScreen(() => import('./components/logo-screen').then((m) => m.LogoScreen)) },
  liveUpdates: [lazy(() => import('./components/logo-live-updates').then((m) => ({ default: m.LogoLiveUpdates })))],
  heardByEveryone: true,
};
