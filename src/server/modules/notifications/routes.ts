import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorBody, ZIdParams, ZResidentListQuery } from '../../../shared/contracts/common.js';
import { ZResidentNotification, ZResidentNotificationList } from '../../../shared/contracts/resident.js';
import type { Db } from '../../db/client.js';
import { residentOf, residentScope } from '../../plugins/auth.js';
import type { Clock } from '../../lib/clock.js';
import type { Limit } from '../../lib/rate-limit/limit.js';
import type { AuthService } from '../auth/service.js';
import type { OutboxWorker } from '../outbox/service.js';
import type { ResidentAuthService } from '../resident-auth/service.js';
import { panelRoutes } from './panel-routes.js';
import { panelService } from './panel-service.js';
import { notificationsService } from './service.js';

interface Opts {
  db: Db;
  /** Staff guard of the notification panel (issue 9). */
  auth: AuthService;
  residentAuth: ResidentAuthService;
  /** Poked after a panel message queued its pushes (issue 9). */
  outbox: OutboxWorker;
  clock: Clock;
  /** The panel's limits (app-limits.ts): Send to All per society, single pushes per staff member. */
  limits: { broadcasts: Limit; pushes: Limit };
}

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/**
 * The resident's in-app notification records (issue 8; spec sections 3 and 7): resident API, bearer
 * token; and the staff's notification panel (issue 9, `panel-routes.ts`).
 */
export const notificationRoutes: FastifyPluginAsyncZod<Opts> = async (root, { db, auth, residentAuth, outbox, clock, limits }) => {
  const notifications = notificationsService(db);
  await root.register(panelRoutes(auth, panelService({ db, outbox, clock, ...limits })));

  await root.register(residentScope(residentAuth, (app) => {
    app.get('/api/resident/notifications', {
      schema: {
        tags: ['resident'],
        summary: "The resident's in-app records, newest first, 10 per page (?page=, or the cursors after/before), with `unread`: how many of all of them are unread",
        security: [{ resident: [] }],
        querystring: ZResidentListQuery,
        response: { 200: ZResidentNotificationList, ...errors },
      },
      handler: (req) => notifications.list(residentOf(req), req.query),
    });

    app.put('/api/resident/notifications/:id/read', {
      schema: {
        tags: ['resident'],
        summary: "Marks one of the resident's records read (again: no change) and returns it; 404 for a record that is not theirs",
        security: [{ resident: [] }],
        params: ZIdParams,
        response: { 200: ZResidentNotification, ...errors },
      },
      handler: (req) => notifications.markRead(residentOf(req), req.params.id),
    });
  }));
};
