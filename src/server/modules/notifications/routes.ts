import { ZIdParams, ZResidentListQuery } from '../../../shared/contracts/common.js';
import { ZReadAllResult, ZResidentNotification, ZResidentNotificationList } from '../../../shared/contracts/resident.js';
import { residentOf, residentScope, type ModuleRoutes } from '../../plugins/auth.js';
import { panelRoutes } from './panel-routes.js';
import type { PanelService } from './panel-service.js';
import type { NotificationsService } from './service.js';
import { residentDocs } from '../../lib/route-docs.js';

interface Opts {
  /** The resident's in-app records. */
  notifications: NotificationsService;
  /** The staff's notification panel, with its limits (index.ts builds it). */
  panel: PanelService;
}

/**
 * The resident's in-app notification records (spec sections 3 and 7): resident API, bearer
 * token; and the staff's notification panel (`panel-routes.ts`).
 */
export const notificationRoutes: ModuleRoutes<Opts> = async (root, { auth, residentAuth, notifications, panel }) => {
  await panelRoutes(root, auth, panel);

  await residentScope(root, residentAuth, (app) => {
    app.get('/api/resident/notifications', {
      schema: residentDocs(
        "The resident's in-app records, newest first, 10 per page (?page=, or the cursors after/before), with `unread`: how many of all of them are unread",
        { querystring: ZResidentListQuery },
        { 200: ZResidentNotificationList },
      ),
      handler: (req) => notifications.list(residentOf(req), req.query),
    });

    app.put('/api/resident/notifications/read-all', {
      schema: residentDocs(
        "Marks all of the resident's records read; `marked`: how many were unread (0 when none was, and again)",
        {},
        { 200: ZReadAllResult },
      ),
      handler: (req) => notifications.markAllRead(residentOf(req)),
    });

    app.get('/api/resident/messages/:id', {
      schema: residentDocs(
        "What a push of type 'message' opens: the resident's in-app record of notification-panel message {id} (refEntity 'notification_campaign', refId = id); 404 when they have none",
        { params: ZIdParams },
        { 200: ZResidentNotification },
      ),
      handler: (req) => notifications.message(residentOf(req), req.params.id),
    });

    app.put('/api/resident/notifications/:id/read', {
      schema: residentDocs(
        "Marks one of the resident's records read (again: no change) and returns it; 404 for a record that is not theirs",
        { params: ZIdParams },
        { 200: ZResidentNotification },
      ),
      handler: (req) => notifications.markRead(residentOf(req), req.params.id),
    });
  });
};
