import type { ServerModule } from '../../lib/server-module.js';
import { panelService } from './panel-service.js';
import { notificationRoutes } from './routes.js';
import { notificationsService } from './service.js';

/** The resident's in-app records and the staff's notification panel (with its two send limits). */
export const notificationsModule: ServerModule = {
  name: 'notifications',
  build: ({ db, outbox, clock, limits, auth, residentAuth }) => {
    const notifications = notificationsService(db);
    const panel = panelService({ db, outbox, clock, broadcasts: limits.broadcasts, pushes: limits.pushes });
    return { routes: (app) => app.register(notificationRoutes, { auth, residentAuth, notifications, panel }) };
  },
};
