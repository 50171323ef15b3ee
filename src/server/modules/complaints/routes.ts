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

const docs = routeDocs('complaints');

/** Complaints: staff desk (cookie, sub-roles with 'complaints'); resident filing and own list (bearer). */
export const complaintRoutes: ModuleRoutes<{ complaints: ReturnType<typeof deskService<Complaint>> }> = async (root, { auth, residentAuth, complaints }) => {
  await staffScope(root, auth, 'complaints', (app) => {
    app.get('/api/complain', {
      schema: docs('List complaints of a stage, 10 per page, newest first', { querystring: ZComplaintListQuery }, { 200: ZComplaintList }),
      handler: (req) => complaints.list(staffOf(req), req.query.stage, req.query),
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
  });
};
