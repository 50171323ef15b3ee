/** Deadlines: /Deadlines (super-admin), the header's Overdue bell and its live list. */
import { lazyListener, lazyScreen, type WebFeature } from '../../lib/web-feature';

export const deadlines: WebFeature = {
  module: 'deadlines',
  title: 'Deadlines',
  screens: { '/Deadlines': lazyScreen(() => import('./components/deadlines-screen').then((m) => m.DeadlinesScreen)) },
  liveUpdates: [lazyListener(() => import('./live/overdue-listener').then((m) => m.OverdueListener))],
  header: [lazyListener(() => import('./components/overdue-bell').then((m) => m.OverdueBell))],
};
