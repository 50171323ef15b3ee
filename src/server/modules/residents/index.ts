import { exportDepsOf } from '../../lib/export-route.js';
import type { ServerModule } from '../../lib/server-module.js';
import { residentAdminService } from './admin-service.js';
import { residentAdminRoutes } from './routes.js';

/** Residents administration: staff of the 'residents' module verify, approve and block residents. */
export const residentsModule: ServerModule = {
  name: 'residents',
  build: (deps) => {
    const { db, bus, clock, outbox, auth, config } = deps;
    const residentAdmin = residentAdminService({ db, bus, clock, outbox, temporaryPasswordMs: config.TEMP_PASSWORD_HOURS * 3_600_000 });
    return { routes: (app) => app.register(residentAdminRoutes, { auth, residentAdmin, exportDeps: exportDepsOf(deps) }) };
  },
};
