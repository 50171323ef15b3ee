/**
 * Security: the three-stage alarm desk (/Security, /ProcessSec, /CompletedSecurity) and its live
 * list. The alarm center (toasts, siren) is not a screen: the shell mounts it for every sub-role
 * that hears alarms, and it is part of the initial load (an alarm never waits for a lazy chunk).
 */
import { lazy } from 'react';
import { lazyScreen, withProps, type WebFeature } from '../../lib/web-feature';

export { AlarmCenter } from './components/alarm-center';

const StageScreen = lazyScreen(() => import('./components/security-stage-screen').then((m) => m.SecurityStageScreen));

export const security: WebFeature = {
  module: 'security',
  title: 'Security',
  screens: {
    '/Security': withProps(StageScreen, { stage: 'new' }),
    '/ProcessSec': withProps(StageScreen, { stage: 'processing' }),
    '/CompletedSecurity': withProps(StageScreen, { stage: 'completed' }),
  },
  liveUpdates: [lazy(() => import('./components/security-live-updates').then((m) => ({ default: m.SecurityLiveUpdates })))],
};
