/** Doctor: new requests (/Doctor), open and done consultations, and their live updates. */
import { lazy } from 'react';
import { lazyScreen, withProps, type WebFeature } from '../../lib/web-feature';

const ConsultationsScreen = lazyScreen(() => import('./components/consultations-screen').then((m) => m.ConsultationsScreen));

export const doctor: WebFeature = {
  module: 'doctor',
  title: 'Doctor',
  screens: {
    '/Doctor': lazyScreen(() => import('./components/doctor-requests-screen').then((m) => m.DoctorRequestsScreen)),
    '/Prescription': withProps(ConsultationsScreen, { stage: 'open' }),
    '/CompletedDoctor': withProps(ConsultationsScreen, { stage: 'done' }),
  },
  liveUpdates: [lazy(() => import('./components/doctor-live-updates').then((m) => ({ default: m.DoctorLiveUpdates })))],
};
