import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAuditFilters, ZAuditPage, ZAuditQuery } from '../../../shared/contracts/audit.js';
import { routeDocs } from '../../lib/route-docs.js';
import { staffOf, staffScope } from '../../plugins/auth.js';
import type { AuthService } from '../auth/service.js';
import type { AuditLogService } from './service.js';
import { batchQuery, exportRoute, type ExportDeps } from '../../lib/export-route.js';
import { auditExportColumns, auditExportFilters } from './export-columns.js';

const docs = routeDocs('audit');

/** /Audit (module 'audit': super-admin): the society's audit log. */
export const auditRoutes: FastifyPluginAsyncZod<{ auth: AuthService; auditLog: AuditLogService; exportDeps: ExportDeps }> = async (
  root,
  { auth, auditLog, exportDeps },
) => {
  await staffScope(root, auth, 'audit', (app) => {
    app.get('/api/audit', {
      schema: docs(
        "Every recorded action of the society, newest first, 10 a page: filter by staff member (`actor`), `module`, `action` and days `from`–`to` (the society's time zone); `q` searches by resident (name start or resident id)",
        { querystring: ZAuditQuery },
        { 200: ZAuditPage },
      ),
      handler: (req) => auditLog.page(staffOf(req), req.query),
    });
    exportRoute(app, '/api/audit', exportDeps, {
      tag: 'audit',
      querystring: ZAuditQuery,
      entity: 'audit',
      name: 'audit-log',
      columns: auditExportColumns,
      filters: auditExportFilters,
      batch: (staff, q, after, size) => auditLog.page(staff, batchQuery(q, after, size)),
    });
    app.get('/api/audit/filters', {
      schema: docs("The audit log filters' choices: the society's staff members and the actions recorded", {}, { 200: ZAuditFilters }),
      handler: (req) => auditLog.filters(staffOf(req)),
    });
  });
};
