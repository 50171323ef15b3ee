/** Video Panel: /VideoPanel. */
import { lazyScreen, type WebFeature } from '../../lib/web-feature';

export const videoPanel: WebFeature = {
  module: 'videoPanel',
  title: 'Video Panel',
  screens: { '/VideoPanel': lazyScreen(() => import('./components/video-panel-screen').then((m) => m.VideoPanelScreen)) },
};
