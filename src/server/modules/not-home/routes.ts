import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorBody, ZIdParams, ZResidentListQuery } from '../../../shared/contracts/common.js';
import { ZAssignGuard, ZFileNotHome, ZNotHome, ZNotHomeList, ZNotHomeListQuery } from '../../../shared/contracts/not-home.js';
import { residentOf, residentScope, staffOf, staffScope } from '../../plugins/auth.js';
import type { AuthService } from '../auth/service.js';
import type { ResidentAuthService } from '../resident-auth/service.js';
import type { NotHomeService } from './service.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };

/** Not at home: staff (button-one) list and guard assignment; resident file, cancel, arrived and own list. */
export const notHomeRoutes: FastifyPluginAsyncZod<{ auth: AuthService; residentAuth: ResidentAuthService; notHome: NotHomeService }> = async (
  root,
  { auth, residentAuth, notHome },
) => {
  await root.register(staffScope(auth, 'notHome', (app) => {
    for (const url of ['/api/nothome', '/api/nothome/']) {
      app.get(url, {
        schema: { tags: ['not at home'], summary: 'List requests by state (active, cancelled, arrived), newest first', querystring: ZNotHomeListQuery, response: { 200: ZNotHomeList, ...errors } },
        handler: (req) => notHome.list(staffOf(req), req.query.state, req.query, req.query.guard === 'unassigned'),
      });
    }

    app.get('/api/nothome/:id', {
      schema: { tags: ['not at home'], summary: 'One request', params: ZIdParams, response: { 200: ZNotHome, ...errors } },
      handler: (req) => notHome.get(staffOf(req), req.params.id),
    });

    app.put('/api/nothome/update/:id', {
      schema: { tags: ['not at home'], summary: 'Assign a guard (spec section 5 messages)', params: ZIdParams, body: ZAssignGuard, response: { 200: ZNotHome, ...errors } },
      handler: (req) => notHome.assignGuard(staffOf(req), req.params.id, req.body),
    });
  }));

  await root.register(residentScope(residentAuth, (app) => {
    app.post('/api/nothome', {
      schema: { tags: ['resident'], summary: 'A resident will be away from `from` to `to`', security: [{ resident: [] }], body: ZFileNotHome, response: { 201: ZNotHome, ...errors } },
      handler: async (req, reply) => reply.code(201).send(await notHome.file(residentOf(req), req.body.from, req.body.to)),
    });

    app.get('/api/resident/nothome', {
      schema: {
        tags: ['resident'],
        summary: "The resident's own not-at-home requests, every state, newest first, 10 per page (?page=, or the cursors after/before)",
        security: [{ resident: [] }],
        querystring: ZResidentListQuery,
        response: { 200: ZNotHomeList, ...errors },
      },
      handler: (req) => notHome.mine(residentOf(req), req.query),
    });

    for (const [path, to] of [['cancel', 'cancelled'], ['arrived', 'arrived']] as const) {
      app.put(`/api/nothome/:id/${path}`, {
        schema: { tags: ['resident'], summary: `The resident ${path === 'cancel' ? 'cancels' : 'reports arrival for'} their own request`, security: [{ resident: [] }], params: ZIdParams, response: { 200: ZNotHome, ...errors } },
        handler: (req) => notHome.end(residentOf(req), req.params.id, to),
      });
    }
  }));
};
