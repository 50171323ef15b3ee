import type { ServerModule } from '../../lib/server-module.js';
import { clientErrorRoutes } from './routes.js';
import { clientErrorService } from './service.js';

/** Client errors: `POST /api/client-errors`, the browser apps' error boundaries reporting to the server's log. */
export const clientErrorsModule: ServerModule = {
  name: 'client-errors',
  build: ({ log, limits, config }) => ({
    routes: (app) =>
      app.register(clientErrorRoutes, {
        clientErrors: clientErrorService({ log, limit: limits.clientErrors }),
        perAddressPerMinute: config.CLIENT_ERRORS_PER_ADDRESS_PER_MINUTE,
      }),
  }),
};
