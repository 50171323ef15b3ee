import { exportDepsOf } from '../../lib/export-route.js';
import type { ServerModule } from '../../lib/server-module.js';
import { discountRoutes } from './routes.js';
import { discountService } from './service.js';

/** Discount offers (a post kind). SUPER_SOCIETY's staff list and delete every society's. */
export const discountsModule: ServerModule = {
  name: 'discounts',
  build: (deps) => ({
    routes: (app) =>
      app.register(discountRoutes, {
        auth: deps.auth,
        residentAuth: deps.residentAuth,
        discounts: discountService({ db: deps.db, outbox: deps.outbox, clock: deps.clock, superSociety: deps.config.SUPER_SOCIETY }),
        exportDeps: exportDepsOf(deps),
      }),
  }),
};
