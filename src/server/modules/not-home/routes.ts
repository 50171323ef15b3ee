import { ZIdParams, ZResidentListQuery } from '../../../shared/contracts/common.js';
import { ZAssignGuard, ZFileNotHome, ZNotHome, ZNotHomeList, ZNotHomeListQuery } from '../../../shared/contracts/not-home.js';
import { residentOf, residentScope, staffOf, staffScope, type ModuleRoutes } from '../../plugins/auth.js';
import type { NotHomeService } from './service.js';
import { batchQuery, exportRoute, type ExportDeps } from '../../lib/export-route.js';
import { notHomeExportColumns } from './export-columns.js';
import { residentDocs, routeDocs } from '../../lib/route-docs.js';

const docs = routeDocs('not at home');

/** Not at home: staff (button-one) list and guard assignment; resident file, cancel, arrived and own list. */
export const notHomeRoutes: ModuleRoutes<{ notHome: NotHomeService; exportDeps: ExportDeps }> = async (root, { auth, residentAuth, notHome, exportDeps }) => {
  await staffScope(root, auth, 'notHome', (app) => {
    app.get('/api/nothome', {
      schema: docs('List requests by state (active, cancelled, arrived), newest first', { querystring: ZNotHomeListQuery }, { 200: ZNotHomeList }),
      handler: (req) => notHome.list(staffOf(req), req.query.state, req.query, req.query.guard === 'unassigned'),
    });
    exportRoute(app, '/api/nothome', exportDeps, {
      tag: 'not at home',
      querystring: ZNotHomeListQuery,
      entity: 'nothome',
      name: (q) => `not-at-home-${q.state}`,
      columns: notHomeExportColumns,
      filters: (q) => [
        ['State', q.state],
        ['Guard', q.guard],
      ],
      batch: (staff, q, after, size) => notHome.list(staff, q.state, batchQuery(q, after, size), q.guard === 'unassigned'),
    });

    app.get('/api/nothome/:id', {
      schema: docs('One request', { params: ZIdParams }, { 200: ZNotHome }),
      handler: (req) => notHome.get(staffOf(req), req.params.id),
    });

    app.put('/api/nothome/update/:id', {
      schema: docs('Assign a guard (spec section 5 messages)', { params: ZIdParams, body: ZAssignGuard }, { 200: ZNotHome }),
      handler: (req) => notHome.assignGuard(staffOf(req), req.params.id, req.body),
    });
  });

  await residentScope(root, residentAuth, (app) => {
    app.post('/api/nothome', {
      schema: residentDocs('A resident will be away from `from` to `to`', { body: ZFileNotHome }, { 201: ZNotHome }),
      handler: async (req, reply) => reply.code(201).send(await notHome.file(residentOf(req), req.body.from, req.body.to)),
    });

    app.get('/api/resident/nothome', {
      schema: residentDocs(
        "The resident's own not-at-home requests, every state, newest first, 10 per page (?page=, or the cursors after/before)",
        { querystring: ZResidentListQuery },
        { 200: ZNotHomeList },
      ),
      handler: (req) => notHome.mine(residentOf(req), req.query),
    });
    app.get('/api/resident/nothome/:id', {
      schema: residentDocs(
        "One of the resident's own not-at-home requests, as the list shows it (what a push about it opens); 404 for any other id",
        { params: ZIdParams },
        { 200: ZNotHome },
      ),
      handler: (req) => notHome.mineOne(residentOf(req), req.params.id),
    });

    for (const [path, to] of [
      ['cancel', 'cancelled'],
      ['arrived', 'arrived'],
    ] as const) {
      app.put(`/api/nothome/:id/${path}`, {
        schema: residentDocs(
          `The resident ${path === 'cancel' ? 'cancels' : 'reports arrival for'} their own request`,
          { params: ZIdParams },
          { 200: ZNotHome },
        ),
        handler: (req) => notHome.end(residentOf(req), req.params.id, to),
      });
    }
  });
};
