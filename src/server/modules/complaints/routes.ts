import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorBody, ZIdParams, ZResidentListQuery } from '../../../shared/contracts/common.js';
import { type Complaint, ZComplaint, ZComplaintDetail, ZComplaintList, ZComplaintListQuery, ZComplaintUpdate, ZFileComplaint } from '../../../shared/contracts/complaints.js';
import { residentOf, residentScope, staffOf, staffScope } from '../../plugins/auth.js';
import type { AuthService } from '../auth/service.js';
import type { ResidentAuthService } from '../resident-auth/service.js';
import type { deskService } from '../../desk/service.js';

interface Opts {
  auth: AuthService;
  residentAuth: ResidentAuthService;
  complaints: ReturnType<typeof deskService<Complaint>>;
}

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };

/** Complaints: staff desk (cookie, sub-roles with 'complaints'); resident filing and own list (bearer). */
export const complaintRoutes: FastifyPluginAsyncZod<Opts> = async (root, { auth, residentAuth, complaints }) => {
  await root.register(staffScope(auth, 'complaints', (app) => {
    for (const url of ['/api/complain', '/api/complain/']) {
      app.get(url, {
        schema: {
          tags: ['complaints'],
          summary: 'List complaints of a stage, 10 per page, newest first',
          querystring: ZComplaintListQuery,
          response: { 200: ZComplaintList, ...errors },
        },
        handler: (req) => complaints.list(staffOf(req), req.query.stage, req.query),
      });
    }

    app.get('/api/complain/:id', {
      schema: { tags: ['complaints'], summary: 'One complaint with its history', params: ZIdParams, response: { 200: ZComplaintDetail, ...errors } },
      handler: (req) => complaints.detail(staffOf(req), req.params.id),
    });

    app.put('/api/complain/:id', {
      schema: {
        tags: ['complaints'],
        summary: 'Proceed (new → processing) or submit a response (processing → completed)',
        params: ZIdParams,
        body: ZComplaintUpdate,
        response: { 200: ZComplaint, ...errors },
      },
      handler: (req) => {
        const staff = staffOf(req);
        const b = req.body;
        return b.action === 'proceed' ? complaints.proceed(staff, req.params.id) : complaints.submit(staff, req.params.id, b.response);
      },
    });

  }));

  await root.register(residentScope(residentAuth, (app) => {
    app.post('/api/complain', {
      schema: {
        tags: ['resident'],
        summary: 'A resident files a complaint (resident API, bearer token)',
        security: [{ resident: [] }],
        body: ZFileComplaint,
        response: { 201: ZComplaint, ...errors },
      },
      handler: async (req, reply) => {
        const complaint = await complaints.file(residentOf(req), req.body.complain);
        return reply.code(201).send(complaint);
      },
    });

    app.get('/api/resident/complaints', {
      schema: {
        tags: ['resident'],
        summary: "The resident's own complaints, every stage, newest first, 10 per page (?page=, or the cursors after/before)",
        security: [{ resident: [] }],
        querystring: ZResidentListQuery,
        response: { 200: ZComplaintList, ...errors },
      },
      handler: (req) => complaints.mine(residentOf(req), req.query),
    });
  }));
};
