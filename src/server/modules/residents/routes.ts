import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../shared/contracts/common.js';
import {
  ZResidentRowList,
  ZResidentSearchQuery,
  ZResidentStatusDetail,
  ZResidentVerify,
  ZStatusUpdate,
  ZVerifyQuery,
} from '../../../shared/contracts/residents-admin.js';
import { ZTemporaryPassword } from '../../../shared/contracts/staff-admin.js';
import { staffOf, staffScope } from '../../plugins/auth.js';
import type { AuthService } from '../auth/service.js';
import type { ResidentAdminService } from './admin-service.js';
import { routeDocs } from '../../lib/route-docs.js';
import { batchQuery, exportRoute, type ExportDeps } from '../../lib/export-route.js';
import { residentRowExportColumns } from './export-columns.js';

interface Opts {
  auth: AuthService;
  residentAdmin: ResidentAdminService;
  exportDeps: ExportDeps;
}

const docs = routeDocs('residents');

/**
 * /Residence (module 'residents': residence and super-admin) and /Status (module 'status': status
 * and super-admin) staff routes. One module per guarded scope: /Status's own Verify reads
 * `GET /api/residents/:id`, so a status-only sub-role never needs the 'residents' module.
 */
export const residentAdminRoutes: FastifyPluginAsyncZod<Opts> = async (root, { auth, residentAdmin, exportDeps }) => {
  await staffScope(root, auth, 'residents', (app) => {
    app.get('/api/residents/verify', {
      schema: docs(
        "Verify a resident by Resident ID (spec section 2): Name, Address, Phone_Number, Age, ResidentID, Father_Name, Father_Phone_Number; 404 'No matching document found.' (also for another society's id)",
        { querystring: ZVerifyQuery },
        { 200: ZResidentVerify },
      ),
      handler: (req) => residentAdmin.verify(staffOf(req), req.query.residentId),
    });
  });

  await staffScope(root, auth, 'status', (app) => {
    app.get('/api/residents', {
      schema: docs(
        'Residents whose full name starts with `name` (case-insensitive; empty: all), newest first, 10 per page (?page=, or the cursors after/before)',
        { querystring: ZResidentSearchQuery },
        { 200: ZResidentRowList },
      ),
      handler: (req) => residentAdmin.list(staffOf(req), req.query, false),
    });
    exportRoute(app, '/api/residents', exportDeps, {
      tag: 'residents',
      querystring: ZResidentSearchQuery,
      entity: 'resident',
      name: 'residents',
      columns: residentRowExportColumns,
      batch: (staff, q, after, size) => residentAdmin.list(staff, batchQuery(q, after, size), false),
    });

    app.get('/api/residents/pending', {
      schema: docs(
        'Pending registrations (self-registered, not yet approved or blocked), newest first, 10 per page; `name` narrows as in GET /api/residents',
        { querystring: ZResidentSearchQuery },
        { 200: ZResidentRowList },
      ),
      handler: (req) => residentAdmin.list(staffOf(req), req.query, true),
    });
    exportRoute(app, '/api/residents/pending', exportDeps, {
      tag: 'residents',
      querystring: ZResidentSearchQuery,
      entity: 'resident',
      name: 'residents-pending',
      columns: residentRowExportColumns,
      batch: (staff, q, after, size) => residentAdmin.list(staff, batchQuery(q, after, size), true),
    });

    app.get('/api/residents/:id', {
      schema: docs("One resident of the society (/Status's Verify) with the history of their account", { params: ZIdParams }, { 200: ZResidentStatusDetail }),
      handler: (req) => residentAdmin.detail(staffOf(req), req.params.id),
    });

    app.put('/api/residents/:id/status', {
      schema: docs(
        "Approve or Block a resident (spec section 5 'Status'); audited; Block revokes the resident's tokens at once",
        { params: ZIdParams, body: ZStatusUpdate },
        { 200: ZResidentStatusDetail },
      ),
      handler: (req) => residentAdmin.setStatus(staffOf(req), req.params.id, req.body),
    });

    app.post('/api/residents/:id/reset-password', {
      schema: docs(
        "Reset a resident's forgotten password: a temporary password answered once (give it to the resident), every token of theirs revoked, and a new password asked at their next sign-in; audited. 404 for another society's resident",
        { params: ZIdParams },
        { 200: ZTemporaryPassword },
      ),
      handler: (req) => residentAdmin.resetPassword(staffOf(req), req.params.id),
    });
  });
};
