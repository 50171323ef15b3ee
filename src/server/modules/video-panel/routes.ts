import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorBody, ZResidentListQuery } from '../../../shared/contracts/common.js';
import { ZResidentVideoPanel, ZSetVideoPanel, ZVideoPanelEntry, ZVideoPanelList } from '../../../shared/contracts/content.js';
import { residentOf, residentScope, staffOf, staffScope } from '../../plugins/auth.js';
import type { AuthService } from '../auth/service.js';
import type { ResidentAuthService } from '../resident-auth/service.js';
import type { VideoPanelService } from './service.js';

interface Opts {
  auth: AuthService;
  residentAuth: ResidentAuthService;
  videoPanel: VideoPanelService;
}

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/**
 * The video panel (spec section 2 "Video panel"): /VideoPanel (cookie, module
 * 'videoPanel': button-five and super-admin) and the resident API's current URL (bearer).
 */
export const videoPanelRoutes: FastifyPluginAsyncZod<Opts> = async (root, { auth, residentAuth, videoPanel }) => {
  await root.register(staffScope(auth, 'videoPanel', (app) => {
    app.put('/api/video-panel', {
      schema: {
        tags: ['video panel'],
        summary: 'Set the video panel URL (http or https): stored as a new entry, which becomes the current one; earlier entries are kept',
        body: ZSetVideoPanel,
        response: { 201: ZVideoPanelEntry, ...errors },
      },
      handler: async (req, reply) => reply.code(201).send(await videoPanel.set(staffOf(req), req.body.url)),
    });
    app.get('/api/video-panel', {
      schema: {
        tags: ['video panel'],
        summary: "The society's video panel entries, newest (the current one) first, 10 per page",
        querystring: ZResidentListQuery,
        response: { 200: ZVideoPanelList, ...errors },
      },
      handler: (req) => videoPanel.list(staffOf(req), req.query),
    });
  }));

  await root.register(residentScope(residentAuth, (app) => {
    app.get('/api/resident/video-panel', {
      schema: {
        tags: ['resident'],
        summary: "The society's current video panel entry, or null when none was set",
        security: [{ resident: [] }],
        response: { 200: ZResidentVideoPanel, ...errors },
      },
      handler: (req) => videoPanel.current(residentOf(req)),
    });
  }));
};
