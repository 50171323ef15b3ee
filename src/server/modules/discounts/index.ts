import type { ServerModule } from '../../lib/server-module.js';
import { discountRoutes } from './routes.js';
import { discountService } from './service.js';

/** Discount offers (a post kind). SUPER_SOCIETY's staff list and delete every society's. */
export const discountsModule: ServerModule = {
  name: 'discounts',
  build: ({ db, outbox, clock, config, auth, residentAuth }) => ({
    routes: (app) =>
      app.register(discountRoutes, { auth, residentAuth, discounts: discountService({ db, outbox, clock, superSociety: config.SUPER_SOCIETY }) }),
  }),
};
