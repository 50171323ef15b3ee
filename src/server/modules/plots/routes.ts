import { ZCreatePlot, ZPlot, ZPlotList } from '../../../shared/contracts/posts.js';
import { residentScope, staffScope, type ModuleRoutes } from '../../plugins/auth.js';
import { residentPostRoutes, staffPostRoutes } from '../../posts/routes.js';
import type { PlotService } from './service.js';
import type { ExportDeps } from '../../lib/export-route.js';
import { plotExportColumns } from './export-columns.js';

/**
 * Plot listings (spec sections 2 "Plots", 5, 6): staff of 'plots' (plots, cms-all)
 * list, add and delete them under /api/plots; residents read their society's.
 */
export const plotRoutes: ModuleRoutes<{ plots: PlotService; exportDeps: ExportDeps }> = async (root, { auth, residentAuth, plots, exportDeps }) => {
  await staffScope(root, auth, 'plots', (app) => {
    staffPostRoutes(app, {
      path: '/api/plots',
      tag: 'plots',
      what: 'plot',
      body: ZCreatePlot,
      item: ZPlot,
      list: ZPlotList,
      service: plots,
      exports: { deps: exportDeps, entity: 'plot', name: 'plots', columns: plotExportColumns },
    });
  });
  await residentScope(root, residentAuth, (app) => {
    residentPostRoutes(app, { path: '/api/resident/plots', what: 'plot', list: ZPlotList, item: ZPlot, read: plots.mine, readOne: plots.mineOne });
  });
};
