/** Notification Panel: /NotificationPanel. */
import { lazyScreen, type WebFeature } from '../../lib/web-feature';

export const notificationPanel: WebFeature = {
  module: 'notificationPanel',
  title: 'Notification Panel',
  screens: { '/NotificationPanel': lazyScreen(() => import('./components/notification-panel-screen').then((m) => m.NotificationPanelScreen)) },
};
