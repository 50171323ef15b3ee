/** Complaints: the three-stage complaints desk (/Complaints, /Pending, /Completed) and its live list. */
import { lazy } from 'react';
import { lazyScreen, withProps, type WebFeature } from '../../lib/web-feature';

const StageScreen = lazyScreen(() => import('./components/complaint-stage-screen').then((m) => m.ComplaintStageScreen));

export const complaints: WebFeature = {
  module: 'complaints',
  title: 'Complaints',
  screens: {
    '/Complaints': withProps(StageScreen, { stage: 'new' }),
    '/Pending': withProps(StageScreen, { stage: 'processing' }),
    '/Completed': withProps(StageScreen, { stage: 'completed' }),
  },
  liveUpdates: [lazy(() => import('./components/complaint-live-updates').then((m) => ({ default: m.ComplaintLiveUpdates })))],
};
