import { exportDepsOf } from '../../lib/export-route.js';
import type { ServerModule } from '../../lib/server-module.js';
import { reportsRoutes } from './routes.js';
import { reportsService } from './service.js';

/** /Reports: how each desk is doing, every figure an SQL aggregate under row security (ADR 0008). */
export const reportsModule: ServerModule = {
  name: 'reports',
  build: (deps) => {
    const reports = reportsService({ db: deps.db, clock: deps.clock });
    return { routes: (app) => app.register(reportsRoutes, { auth: deps.auth, reports, exportDeps: exportDepsOf(deps) }) };
  },
};
