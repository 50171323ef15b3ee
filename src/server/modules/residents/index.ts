import type { ServerModule } from '../../lib/server-module.js';
import { residentAdminService } from './admin-service.js';
import { residentAdminRoutes } from './routes.js';

/** Residents administration: staff of the 'residents' module verify, approve and block residents. */
export const residentsModule: ServerModule = {
  name: 'residents',
  build: ({ db, bus, clock, auth }) => {
    const residentAdmin = residentAdminService({ db, bus, clock });
    return { routes: (app) => app.register(residentAdminRoutes, { auth, residentAdmin }) };
  },
};
