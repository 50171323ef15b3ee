import { exportDepsOf } from '../../lib/export-route.js';
import type { ServerModule } from '../../lib/server-module.js';
import { auditRoutes } from './routes.js';
import { auditLogService } from './service.js';

/**
 * The audit trail: `recordAudit` (service.ts) is how every module writes its rows, in the
 * change's own transaction; /Audit (super-admin) reads them.
 */
export const auditModule: ServerModule = {
  name: 'audit',
  build: (deps) => {
    const { db, auth } = deps;
    const auditLog = auditLogService({ db });
    return { routes: (app) => app.register(auditRoutes, { auth, auditLog, exportDeps: exportDepsOf(deps) }) };
  },
};
