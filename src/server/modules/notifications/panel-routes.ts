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
import { staffOf, staffScope } from '../../plugins/auth.js';
import type { AuthService } from '../auth/service.js';
import type { PanelService } from './panel-service.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
/** The two sends: also 429 beyond their rate limit. */
const sendErrors = { ...errors, 429: ZErrorBody };
const tags = ['notification panel'];

/**
 * The notification panel's staff routes (spec section 2): sub-roles with the module
 * 'notificationPanel' (notification, super-admin) only, everything scoped to their society.
 */
export function panelRoutes(auth: AuthService, panel: PanelService) {
  return staffScope(auth, 'notificationPanel', (app) => {
    app.post('/api/notifications/broadcast', {
      schema: {
        tags,
        summary: "Send to All: an in-app record and a queued push for every approved resident of the society, in one transaction; 404 'No matching document found.' when there is none; 429 beyond PANEL_MAX_BROADCASTS_PER_HOUR for the society",
        body: ZPanelMessage,
        response: { 201: ZCampaignCreated, ...sendErrors },
      },
      handler: async (req, reply) => reply.code(201).send(await panel.broadcast(staffOf(req), req.body)),
    });

    app.post('/api/notifications/send', {
      schema: {
        tags,
        summary: "Send to one approved resident of the society (`residentId` = the search's `_id`); 404 'No matching document found.' otherwise; 429 beyond PANEL_MAX_PUSHES_PER_MINUTE for the staff member",
        body: ZSendToResident,
        response: { 201: ZCampaignCreated, ...sendErrors },
      },
      handler: async (req, reply) => reply.code(201).send(await panel.send(staffOf(req), req.body)),
    });

    app.get('/api/notifications/residents', {
      schema: {
        tags,
        summary: 'Approved residents whose full name starts with `q` (case-insensitive; `name` still read for one release), newest first, 10 per page',
        querystring: ZPanelResidentQuery,
        response: { 200: ZPanelResidentList, ...errors },
      },
      handler: (req) => panel.residents(staffOf(req), req.query.q, req.query),
    });

    app.get('/api/notifications/campaigns', {
      schema: {
        tags,
        summary: "The society's panel messages with their delivery reports, newest first, 10 per page",
        querystring: ZCampaignQuery,
        response: { 200: ZCampaignList, ...errors },
      },
      handler: (req) => panel.campaigns(staffOf(req), req.query),
    });

    app.get('/api/notifications/campaigns/:id', {
      schema: {
        tags,
        summary: "One message's delivery report: recipients, and of their pushes sent, failed and pending",
        params: ZIdParams,
        response: { 200: ZCampaignReport, ...errors },
      },
      handler: (req) => panel.report(staffOf(req), req.params.id),
    });
  });
}
