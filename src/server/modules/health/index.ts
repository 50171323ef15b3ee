import type { ServerModule } from '../../lib/server-module.js';
import { healthRoutes } from './routes.js';

/** Health: `GET /api/health`, checked on the alarm lane so a busy main lane never reads as down. */
export const healthModule: ServerModule = {
  name: 'health',
  build: ({ database }) => ({
    routes: (app) => app.register(healthRoutes, { db: database.alarmDb, dbKind: database.kind }),
  }),
};
