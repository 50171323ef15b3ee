/** Doctor: new requests (/Doctor), open and done consultations, and their live updates. */
import { lazyListener, lazyScreen, screensOf, type WebFeature } from '../../lib/web-feature';

export const doctor: WebFeature = {
  module: 'doctor',
  title: 'Doctor',
  screens: {
    '/Doctor': lazyScreen(() => import('./components/doctor-requests-screen').then((m) => m.DoctorRequestsScreen)),
    ...screensOf(
      lazyScreen(() => import('./components/consultations-screen').then((m) => m.ConsultationsScreen)),
      {
        '/Prescription': { stage: 'open' },
        '/CompletedDoctor': { stage: 'done' },
      },
    ),
  },
  liveUpdates: [lazyListener(() => import('./components/doctor-live-updates').then((m) => m.DoctorLiveUpdates))],
};
