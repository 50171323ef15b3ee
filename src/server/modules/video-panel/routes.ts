import { ZResidentListQuery } from '../../../shared/contracts/common.js';
import { ZResidentVideoPanel, ZSetVideoPanel, ZVideoPanelEntry, ZVideoPanelList } from '../../../shared/contracts/content.js';
import { residentOf, residentScope, staffOf, staffScope, type ModuleRoutes } from '../../plugins/auth.js';
import type { VideoPanelService } from './service.js';
import { residentDocs, routeDocs } from '../../lib/route-docs.js';

const docs = routeDocs('video panel');

/**
 * The video panel (spec section 2 "Video panel"): /VideoPanel (cookie, module
 * 'videoPanel': button-five and super-admin) and the resident API's current URL (bearer).
 */
export const videoPanelRoutes: ModuleRoutes<{ videoPanel: VideoPanelService }> = async (root, { auth, residentAuth, videoPanel }) => {
  await staffScope(root, auth, 'videoPanel', (app) => {
    app.put('/api/video-panel', {
      schema: docs(
        'Set the video panel URL (http or https): stored as a new entry, which becomes the current one; earlier entries are kept',
        { body: ZSetVideoPanel },
        { 201: ZVideoPanelEntry },
      ),
      handler: async (req, reply) => reply.code(201).send(await videoPanel.set(staffOf(req), req.body.url)),
    });
    app.get('/api/video-panel', {
      schema: docs(
        "The society's video panel entries, newest (the current one) first, 10 per page",
        { querystring: ZResidentListQuery },
        { 200: ZVideoPanelList },
      ),
      handler: (req) => videoPanel.list(staffOf(req), req.query),
    });
  });

  await residentScope(root, residentAuth, (app) => {
    app.get('/api/resident/video-panel', {
      schema: residentDocs("The society's current video panel entry, or null when none was set", {}, { 200: ZResidentVideoPanel }),
      handler: (req) => videoPanel.current(residentOf(req)),
    });
  });
};
