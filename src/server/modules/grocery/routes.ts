import { ZIdParams, ZResidentListQuery } from '../../../shared/contracts/common.js';
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
  ZResidentOrder,
  ZResidentOrderList,
} from '../../../shared/contracts/grocery.js';
import { residentOf, residentScope, staffOf, staffScope, type ModuleRoutes } from '../../plugins/auth.js';
import { residentDocs, routeDocs } from '../../lib/route-docs.js';
import type { GroceryService } from './service.js';
import { batchQuery, exportRoute, type ExportDeps } from '../../lib/export-route.js';
import { groceryRequestExportColumns, orderExportColumns } from './export-columns.js';

const docs = routeDocs('grocery');

/**
 * Grocery (spec sections 2–5, 7, 9): the staff desk (cookie, sub-roles with 'grocery':
 * button-three) — requests on /Grocery, orders on /Orders and /CompletedGrocery — and the
 * resident API (bearer): file a request, read one's own requests with their orders.
 */
export const groceryRoutes: ModuleRoutes<{ grocery: GroceryService; exportDeps: ExportDeps }> = async (root, { auth, residentAuth, grocery, exportDeps }) => {
  await staffScope(root, auth, 'grocery', (app) => {
    app.get('/api/grocery', {
      schema: docs('New grocery requests (edit false), 10 per page, newest first', { querystring: ZGroceryListQuery }, { 200: ZGroceryRequestList }),
      handler: (req) => grocery.listRequests(staffOf(req), req.query),
    });
    exportRoute(app, '/api/grocery', exportDeps, {
      tag: 'grocery',
      querystring: ZGroceryListQuery,
      entity: 'grocery',
      name: 'grocery-requests',
      columns: groceryRequestExportColumns,
      batch: (staff, q, after, size) => grocery.listRequests(staff, batchQuery(q, after, size)),
    });
    app.get('/api/grocery/:id', {
      schema: docs('One grocery request (any stage) with its history', { params: ZIdParams }, { 200: ZGroceryRequestDetail }),
      handler: (req) => grocery.requestDetail(staffOf(req), req.params.id),
    });
    app.post('/api/orders', {
      schema: docs(
        'Turn a grocery request into an order (new → processing); totals computed by the server; a second order → 409',
        { body: ZPlaceOrder },
        { 201: ZOrder },
      ),
      handler: async (req, reply) => reply.code(201).send(await grocery.place(staffOf(req), req.body)),
    });
    app.get('/api/orders', {
      schema: docs('Open or delivered orders, 10 per page, newest first', { querystring: ZOrderListQuery }, { 200: ZOrderList }),
      handler: (req) => grocery.listOrders(staffOf(req), req.query),
    });
    exportRoute(app, '/api/orders', exportDeps, {
      tag: 'grocery',
      querystring: ZOrderListQuery,
      entity: 'grocery',
      name: (q) => `orders-${q.stage}`,
      columns: orderExportColumns,
      filters: (q) => [['Stage', q.stage]],
      batch: (staff, q, after, size) => grocery.listOrders(staff, batchQuery(q, after, size)),
    });
    app.get('/api/orders/:id', {
      schema: docs('One order with its lines and history (404 while no order was placed)', { params: ZIdParams }, { 200: ZOrderDetail }),
      handler: (req) => grocery.orderDetail(staffOf(req), req.params.id),
    });
    app.put('/api/orders/:id', {
      schema: docs(
        "Replace an open order's lines ('update', push 'Order Updated') or deliver it ('deliver', push 'Order Completed'); a delivered order → 409",
        { params: ZIdParams, body: ZOrderUpdate },
        { 200: ZOrder },
      ),
      handler: (req) => grocery.change(staffOf(req), req.params.id, req.body),
    });
  });

  await residentScope(root, residentAuth, (app) => {
    app.post('/api/grocery', {
      schema: residentDocs(
        'A resident asks for groceries (resident API, bearer token); the list is optional',
        { body: ZFileGrocery.nullish() },
        { 201: ZGroceryRequest },
      ),
      handler: async (req, reply) => reply.code(201).send(await grocery.file(residentOf(req), req.body?.list ?? '')),
    });
    app.get('/api/resident/orders', {
      schema: residentDocs(
        "The resident's own grocery requests, newest first, each with its order (null until placed)",
        { querystring: ZResidentListQuery },
        { 200: ZResidentOrderList },
      ),
      handler: (req) => grocery.mine(residentOf(req), req.query),
    });
    app.get('/api/resident/orders/:id', {
      schema: residentDocs(
        "One of the resident's own grocery requests with its order (null until placed), as the list shows it (what a push about it opens); 404 for any other id",
        { params: ZIdParams },
        { 200: ZResidentOrder },
      ),
      handler: (req) => grocery.mineOne(residentOf(req), req.params.id),
    });
  });
};
