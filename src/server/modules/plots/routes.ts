import { ZCreatePlot, ZPlot, ZPlotList } from '../../../shared/contracts/posts.js';
import { residentScope, staffScope, type ModuleRoutes } from '../../plugins/auth.js';
import { residentPostRoute, staffPostRoutes } from '../../posts/routes.js';
import type { PlotService } from './service.js';

/**
 * Plot listings (spec sections 2 "Plots", 5, 6): staff of 'plots' (plots, cms-all)
 * list, add and delete them under /api/plots; residents read their society's.
 */
export const plotRoutes: ModuleRoutes<{ plots: PlotService }> = async (root, { auth, residentAuth, plots }) => {
  await staffScope(root, auth, 'plots', (app) => {
    staffPostRoutes(app, { path: '/api/plots', tag: 'plots', what: 'plot', body: ZCreatePlot, item: ZPlot, list: ZPlotList, service: plots });
  });
  await residentScope(root, residentAuth, (app) => {
    residentPostRoute(app, { path: '/api/resident/plots', what: 'plot', list: ZPlotList, read: plots.mine });
  });
};
