import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCreatePlot, ZPlot, ZPlotList } from '../../../shared/contracts/posts.js';
import { residentScope, staffScope } from '../../plugins/auth.js';
import { residentPostRoute, staffPostRoutes } from '../../posts/routes.js';
import type { AuthService } from '../auth/service.js';
import type { ResidentAuthService } from '../resident-auth/service.js';
import type { PlotService } from './service.js';

interface Opts {
  auth: AuthService;
  residentAuth: ResidentAuthService;
  plots: PlotService;
}

/**
 * Plot listings (spec sections 2 "Plots", 5, 6): staff of 'plots' (plots, cms-all)
 * list, add and delete them under /api/plots; residents read their society's.
 */
export const plotRoutes: FastifyPluginAsyncZod<Opts> = async (root, { auth, residentAuth, plots }) => {
  await root.register(staffScope(auth, 'plots', (app) => {
    staffPostRoutes(app, { path: '/api/plots', tag: 'plots', what: 'plot', body: ZCreatePlot, item: ZPlot, list: ZPlotList, service: plots });
  }));
  await root.register(residentScope(residentAuth, (app) => {
    residentPostRoute(app, { path: '/api/resident/plots', what: 'plot', list: ZPlotList, read: plots.mine });
  }));
};
