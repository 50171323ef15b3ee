import { ZIdParams, ZResidentListQuery } from '../../../shared/contracts/common.js';
import {
  type Complaint,
  ZComplaint,
  ZComplaintDetail,
  ZComplaintList,
  ZComplaintListQuery,
  ZComplaintUpdate,
  ZFileComplaint,
} from '../../../shared/contracts/complaints.js';
import { residentOf, residentScope, staffOf, staffScope, type ModuleRoutes } from '../../plugins/auth.js';
import { residentDocs, routeDocs } from '../../lib/route-docs.js';
import type { deskService } from '../../desk/service.js';
import { batchQuery, exportRoute, type ExportDeps } from '../../lib/export-route.js';
import { complaintExportColumns } from './export-columns.js';

const docs = routeDocs('complaints');

/** Complaints: staff desk (cookie, sub-roles with 'complaints'); resident filing and own list (bearer). */
export const complaintRoutes: ModuleRoutes<{ complaints: ReturnType<typeof deskService<Complaint>>; exportDeps: ExportDeps }> = async (
  root,
  { auth, residentAuth, complaints, exportDeps },
) => {
  await staffScope(root, auth, 'complaints', (app) => {
    app.get('/api/complain', {
      schema: docs('List complaints of a stage, 10 per page, newest first', { querystring: ZComplaintListQuery }, { 200: ZComplaintList }),
      handler: (req) => complaints.list(staffOf(req), req.query.stage, req.query),
    });
    exportRoute(app, '/api/complain', exportDeps, {
      tag: 'complaints',
      querystring: ZComplaintListQuery,
      entity: 'complaint',
      name: (q) => `complaints-${q.stage}`,
      columns: complaintExportColumns,
      filters: (q) => [['Stage', q.stage]],
      batch: (staff, q, after, size) => complaints.list(staff, q.stage, batchQuery(q, after, size)),
    });
    app.get('/api/complain/:id', {
      schema: docs('One complaint with its history', { params: ZIdParams }, { 200: ZComplaintDetail }),
      handler: (req) => complaints.detail(staffOf(req), req.params.id),
    });
    app.put('/api/complain/:id', {
      schema: docs(
        'Proceed (new → processing) or submit a response (processing → completed)',
        { params: ZIdParams, body: ZComplaintUpdate },
        { 200: ZComplaint },
      ),
      handler: (req) => {
        const staff = staffOf(req);
        const b = req.body;
        return b.action === 'proceed' ? complaints.proceed(staff, req.params.id) : complaints.submit(staff, req.params.id, b.response);
      },
    });
  });

  await residentScope(root, residentAuth, (app) => {
    app.post('/api/complain', {
      schema: residentDocs('A resident files a complaint (resident API, bearer token)', { body: ZFileComplaint }, { 201: ZComplaint }),
      handler: async (req, reply) => reply.code(201).send(await complaints.file(residentOf(req), req.body.complain)),
    });
    app.get('/api/resident/complaints', {
      schema: residentDocs(
        "The resident's own complaints, every stage, newest first, 10 per page (?page=, or the cursors after/before)",
        { querystring: ZResidentListQuery },
        { 200: ZComplaintList },
      ),
      handler: (req) => complaints.mine(residentOf(req), req.query),
    });
    app.get('/api/resident/complaints/:id', {
      schema: residentDocs(
        "One of the resident's own complaints, as the list shows it (what a push about it opens); 404 for any other id",
        { params: ZIdParams },
        { 200: ZComplaint },
      ),
      handler: (req) => complaints.mineOne(residentOf(req), req.params.id),
    });
  });
};
