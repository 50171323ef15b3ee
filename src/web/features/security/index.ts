/**
 * Security: the three-stage alarm desk (/Security, /ProcessSec, /CompletedSecurity) and its live
 * list. The alarm center (toasts, siren) is not a screen: the shell mounts it for every sub-role
 * that hears alarms, and it is part of the initial load (an alarm never waits for a lazy chunk), as
 * is the header's siren state (AlarmSoundIndicator).
 */
import { lazyListener, lazyScreen, screensOf, type WebFeature } from '../../lib/web-feature';

export { AlarmCenter } from './components/alarm-center';
export { AlarmSoundIndicator } from './components/alarm-sound-indicator';

export const security: WebFeature = {
  module: 'security',
  title: 'Security',
  screens: screensOf(
    lazyScreen(() => import('./components/security-stage-screen').then((m) => m.SecurityStageScreen)),
    {
      '/Security': { stage: 'new' },
      '/ProcessSec': { stage: 'processing' },
      '/CompletedSecurity': { stage: 'completed' },
    },
  ),
  liveUpdates: [lazyListener(() => import('./components/security-live-updates').then((m) => m.SecurityLiveUpdates))],
};
