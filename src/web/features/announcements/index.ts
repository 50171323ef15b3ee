/** Announcements: /Annoucements. */
import { lazyScreen, type WebFeature } from '../../lib/web-feature';

export const announcements: WebFeature = {
  module: 'announcements',
  title: 'Announcements',
  screens: { '/Annoucements': lazyScreen(() => import('./components/announcements-screen').then((m) => m.AnnouncementsScreen)) },
};
