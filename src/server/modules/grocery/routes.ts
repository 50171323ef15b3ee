import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorBody, ZIdParams, ZResidentListQuery } from '../../../shared/contracts/common.js';
import {
  ZFileGrocery,
  ZGroceryListQuery,
  ZGroceryRequest,
  ZGroceryRequestDetail,
  ZGroceryRequestList,
  ZOrder,
  ZOrderDetail,
  ZOrderList,
  ZOrderListQuery,
  ZOrderUpdate,
  ZPlaceOrder,
  ZResidentOrderList,
} from '../../../shared/contracts/grocery.js';
import { residentOf, residentScope, staffOf, staffScope } from '../../plugins/auth.js';
import type { AuthService } from '../auth/service.js';
import type { ResidentAuthService } from '../resident-auth/service.js';
import type { GroceryService } from './service.js';

interface Opts {
  auth: AuthService;
  residentAuth: ResidentAuthService;
  grocery: GroceryService;
}

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };

/**
 * Grocery (spec sections 2–5, 7, 9): the staff desk (cookie, sub-roles with 'grocery':
 * button-three) — requests on /Grocery, orders on /Orders and /CompletedGrocery — and the
 * resident API (bearer): file a request, read one's own requests with their orders.
 */
export const groceryRoutes: FastifyPluginAsyncZod<Opts> = async (root, { auth, residentAuth, grocery }) => {
  await root.register(staffScope(auth, 'grocery', (app) => {
    for (const url of ['/api/grocery', '/api/grocery/']) {
      app.get(url, {
        schema: { tags: ['grocery'], summary: 'New grocery requests (edit false), 10 per page, newest first', querystring: ZGroceryListQuery, response: { 200: ZGroceryRequestList, ...errors } },
        handler: (req) => grocery.listRequests(staffOf(req), req.query),
      });
    }

    app.get('/api/grocery/:id', {
      schema: { tags: ['grocery'], summary: 'One grocery request (any stage) with its history', params: ZIdParams, response: { 200: ZGroceryRequestDetail, ...errors } },
      handler: (req) => grocery.requestDetail(staffOf(req), req.params.id),
    });

    app.post('/api/orders', {
      schema: {
        tags: ['grocery'],
        summary: 'Turn a grocery request into an order (new → processing); totals computed by the server; a second order → 409',
        body: ZPlaceOrder,
        response: { 201: ZOrder, ...errors },
      },
      handler: async (req, reply) => reply.code(201).send(await grocery.place(staffOf(req), req.body)),
    });

    for (const url of ['/api/orders', '/api/orders/']) {
      app.get(url, {
        schema: { tags: ['grocery'], summary: 'Open or delivered orders, 10 per page, newest first', querystring: ZOrderListQuery, response: { 200: ZOrderList, ...errors } },
        handler: (req) => grocery.listOrders(staffOf(req), req.query),
      });
    }

    app.get('/api/orders/:id', {
      schema: { tags: ['grocery'], summary: 'One order with its lines and history (404 while no order was placed)', params: ZIdParams, response: { 200: ZOrderDetail, ...errors } },
      handler: (req) => grocery.orderDetail(staffOf(req), req.params.id),
    });

    app.put('/api/orders/:id', {
      schema: {
        tags: ['grocery'],
        summary: "Replace an open order's lines ('update', push 'Order Updated') or deliver it ('deliver', push 'Order Completed'); a delivered order → 409",
        params: ZIdParams,
        body: ZOrderUpdate,
        response: { 200: ZOrder, ...errors },
      },
      handler: (req) => grocery.change(staffOf(req), req.params.id, req.body),
    });
  }));

  await root.register(residentScope(residentAuth, (app) => {
    app.post('/api/grocery', {
      schema: {
        tags: ['resident'],
        summary: 'A resident asks for groceries (resident API, bearer token); the list is optional',
        security: [{ resident: [] }],
        body: ZFileGrocery.nullish(),
        response: { 201: ZGroceryRequest, ...errors },
      },
      handler: async (req, reply) => reply.code(201).send(await grocery.file(residentOf(req), req.body?.list ?? '')),
    });

    app.get('/api/resident/orders', {
      schema: {
        tags: ['resident'],
        summary: "The resident's own grocery requests, newest first, each with its order (null until placed)",
        security: [{ resident: [] }],
        querystring: ZResidentListQuery,
        response: { 200: ZResidentOrderList, ...errors },
      },
      handler: (req) => grocery.mine(residentOf(req), req.query),
    });
  }));
};
