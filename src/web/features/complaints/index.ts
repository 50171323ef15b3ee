/** Complaints: the three-stage complaints desk (/Complaints, /Pending, /Completed) and its live list. */
import { lazyListener, lazyScreen, screensOf, type WebFeature } from '../../lib/web-feature';

export const complaints: WebFeature = {
  module: 'complaints',
  title: 'Complaints',
  screens: screensOf(
    lazyScreen(() => import('./components/complaint-stage-screen').then((m) => m.ComplaintStageScreen)),
    {
      '/Complaints': { stage: 'new' },
      '/Pending': { stage: 'processing' },
      '/Completed': { stage: 'completed' },
    },
  ),
  liveUpdates: [lazyListener(() => import('./components/complaint-live-updates').then((m) => m.ComplaintLiveUpdates))],
};
