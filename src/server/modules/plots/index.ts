import type { ServerModule } from '../../lib/server-module.js';
import { plotRoutes } from './routes.js';
import { plotService } from './service.js';

/** Plot and property listings (a post kind). SUPER_SOCIETY's staff list and delete every society's. */
export const plotsModule: ServerModule = {
  name: 'plots',
  build: ({ db, outbox, clock, config, auth, residentAuth }) => ({
    routes: (app) => app.register(plotRoutes, { auth, residentAuth, plots: plotService({ db, outbox, clock, superSociety: config.SUPER_SOCIETY }) }),
  }),
};
