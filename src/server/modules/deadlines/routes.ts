import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDeadlines, ZDeadlinesUpdate, ZOverdueList, ZOverdueQuery } from '../../../shared/contracts/deadlines.js';
import { routeDocs } from '../../lib/route-docs.js';
import { staffOf, staffScope } from '../../plugins/auth.js';
import type { AuthService } from '../auth/service.js';
import type { DeadlinesService } from './service.js';

const docs = routeDocs('deadlines');

/** /Deadlines (module 'deadlines': super-admin): stage deadlines per desk and the overdue items. */
export const deadlinesRoutes: FastifyPluginAsyncZod<{ auth: AuthService; deadlines: DeadlinesService }> = async (root, { auth, deadlines }) => {
  await staffScope(root, auth, 'deadlines', (app) => {
    app.get('/api/deadlines', {
      schema: docs(
        'How long each stage may take, per desk (complaint, grocery, doctor), in hours: new → processing and processing → completed (null = off; defaults 24 and 72)',
        {},
        { 200: ZDeadlines },
      ),
      handler: (req) => deadlines.get(staffOf(req)),
    });
    app.put('/api/deadlines', {
      schema: docs(
        'Set the deadlines of one or more desks (whole hours 1–8760, or null for off; each desk once) and whether the resident is told when an item becomes overdue; audited',
        { body: ZDeadlinesUpdate },
        { 200: ZDeadlines },
      ),
      handler: (req) => deadlines.put(staffOf(req), req.body),
    });
    app.get('/api/deadlines/overdue', {
      schema: docs(
        'Items past their stage deadline and still in that stage, newest first, 10 per page; `q` is the start of the resident name or the resident id',
        { querystring: ZOverdueQuery },
        { 200: ZOverdueList },
      ),
      handler: (req) => deadlines.overdue(staffOf(req), req.query),
    });
  });
};
