import type { ServerModule } from '../../lib/server-module.js';
import { announcementRoutes } from './routes.js';
import { announcementsService } from './service.js';

/** Announcements: staff post them (a push to every approved resident); residents mark them seen. */
export const announcementsModule: ServerModule = {
  name: 'announcements',
  build: ({ db, outbox, clock, auth, residentAuth }) => ({
    routes: (app) => app.register(announcementRoutes, { auth, residentAuth, announcements: announcementsService({ db, outbox, clock }) }),
  }),
};
