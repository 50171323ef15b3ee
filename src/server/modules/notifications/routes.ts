import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorBody, ZIdParams, ZResidentListQuery } from '../../../shared/contracts/common.js';
import { ZResidentNotification, ZResidentNotificationList } from '../../../shared/contracts/resident.js';
import { residentOf, residentScope } from '../../plugins/auth.js';
import type { AuthService } from '../auth/service.js';
import type { ResidentAuthService } from '../resident-auth/service.js';
import { panelRoutes } from './panel-routes.js';
import type { PanelService } from './panel-service.js';
import type { NotificationsService } from './service.js';

interface Opts {
  /** Staff guard of the notification panel. */
  auth: AuthService;
  residentAuth: ResidentAuthService;
  /** The resident's in-app records. */
  notifications: NotificationsService;
  /** The staff's notification panel, with its limits (index.ts builds it). */
  panel: PanelService;
}

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/**
 * The resident's in-app notification records (spec sections 3 and 7): resident API, bearer
 * token; and the staff's notification panel (`panel-routes.ts`).
 */
export const notificationRoutes: FastifyPluginAsyncZod<Opts> = async (root, { auth, residentAuth, notifications, panel }) => {
  await root.register(panelRoutes(auth, panel));

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
