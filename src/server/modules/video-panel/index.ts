import type { ServerModule } from '../../lib/server-module.js';
import { videoPanelRoutes } from './routes.js';
import { videoPanelService } from './service.js';

/** The video panel: the society's video link, set by staff and read by residents. */
export const videoPanelModule: ServerModule = {
  name: 'video-panel',
  build: ({ db, clock, auth, residentAuth }) => ({
    routes: (app) => app.register(videoPanelRoutes, { auth, residentAuth, videoPanel: videoPanelService({ db, clock }) }),
  }),
};
