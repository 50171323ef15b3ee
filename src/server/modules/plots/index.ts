import { exportDepsOf } from '../../lib/export-route.js';
import type { ServerModule } from '../../lib/server-module.js';
import { plotRoutes } from './routes.js';
import { plotService } from './service.js';

/** Plot and property listings (a post kind). SUPER_SOCIETY's staff list and delete every society's. */
export const plotsModule: ServerModule = {
  name: 'plots',
  build: (deps) => ({
    routes: (app) =>
      app.register(plotRoutes, {
        auth: deps.auth,
        residentAuth: deps.residentAuth,
        plots: plotService({ db: deps.db, outbox: deps.outbox, clock: deps.clock, superSociety: deps.config.SUPER_SOCIETY }),
        exportDeps: exportDepsOf(deps),
      }),
  }),
};
