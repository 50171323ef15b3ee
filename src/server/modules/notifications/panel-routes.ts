import { ZErrorBody, ZIdParams } from '../../../shared/contracts/common.js';
import {
  ZCampaignCreated,
  ZCampaignList,
  ZCampaignQuery,
  ZCampaignReport,
  ZPanelMessage,
  ZPanelResidentList,
  ZPanelResidentQuery,
  ZSendToResident,
} from '../../../shared/contracts/notification-panel.js';
import { staffOf, staffScope, type ZodApp } from '../../plugins/auth.js';
import type { AuthService } from '../auth/service.js';
import type { PanelService } from './panel-service.js';
import { routeDocs } from '../../lib/route-docs.js';

const docs = routeDocs('notifications');
/** The two sends: also 429 beyond their rate limit. */
const sendErrors = { 429: ZErrorBody };

/**
 * The notification panel's staff routes (spec section 2): sub-roles with the module
 * 'notificationPanel' (notification, super-admin) only, everything scoped to their society.
 */
export function panelRoutes(root: ZodApp, auth: AuthService, panel: PanelService): Promise<void> {
  return staffScope(root, auth, 'notificationPanel', (app) => {
    app.post('/api/notifications/broadcast', {
      schema: docs(
        "Send to All: an in-app record and a queued push for every approved resident of the society, in one transaction; 404 'No matching document found.' when there is none; 429 beyond PANEL_MAX_BROADCASTS_PER_HOUR for the society",
        { body: ZPanelMessage },
        { 201: ZCampaignCreated, ...sendErrors },
      ),
      handler: async (req, reply) => reply.code(201).send(await panel.broadcast(staffOf(req), req.body)),
    });

    app.post('/api/notifications/send', {
      schema: docs(
        "Send to one approved resident of the society (`residentId` = the search's `_id`); 404 'No matching document found.' otherwise; 429 beyond PANEL_MAX_PUSHES_PER_MINUTE for the staff member",
        { body: ZSendToResident },
        { 201: ZCampaignCreated, ...sendErrors },
      ),
      handler: async (req, reply) => reply.code(201).send(await panel.send(staffOf(req), req.body)),
    });

    app.get('/api/notifications/residents', {
      schema: docs(
        'Approved residents whose full name starts with `q` (case-insensitive; `name` still read for one release), newest first, 10 per page',
        { querystring: ZPanelResidentQuery },
        { 200: ZPanelResidentList },
      ),
      handler: (req) => panel.residents(staffOf(req), req.query.q, req.query),
    });

    app.get('/api/notifications/campaigns', {
      schema: docs(
        "The society's panel messages with their delivery reports, newest first, 10 per page",
        { querystring: ZCampaignQuery },
        { 200: ZCampaignList },
      ),
      handler: (req) => panel.campaigns(staffOf(req), req.query),
    });

    app.get('/api/notifications/campaigns/:id', {
      schema: docs("One message's delivery report: recipients, and of their pushes sent, failed and pending", { params: ZIdParams }, { 200: ZCampaignReport }),
      handler: (req) => panel.report(staffOf(req), req.params.id),
    });
  });
}
