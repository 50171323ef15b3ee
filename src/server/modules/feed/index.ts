import { exportDepsOf } from '../../lib/export-route.js';
import type { ServerModule } from '../../lib/server-module.js';
import { feedResidentService } from './likes.js';
import { feedRoutes } from './routes.js';
import { feedService } from './service.js';

/** Feed posts (a post kind) and the residents' likes. SUPER_SOCIETY's staff list and delete every society's posts. */
export const feedModule: ServerModule = {
  name: 'feed',
  build: (deps) => {
    const { db, outbox, clock, config, auth, residentAuth } = deps;
    const feed = feedService({ db, outbox, clock, superSociety: config.SUPER_SOCIETY });
    return {
      routes: (app) =>
        app.register(feedRoutes, { auth, residentAuth, feed, feedResident: feedResidentService({ db, feed, clock }), exportDeps: exportDepsOf(deps) }),
    };
  },
};
