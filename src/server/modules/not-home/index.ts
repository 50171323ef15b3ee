import { intervalJob } from '../../lib/interval-job.js';
import { exportDepsOf } from '../../lib/export-route.js';
import type { ServerModule } from '../../lib/server-module.js';
import { residentNotHomeUpdated } from '../../../shared/contracts/resident-events.js';
import { moduleRoom, residentRoom } from '../../realtime/rooms.js';
import { notHomeRoutes } from './routes.js';
import { notHomeService } from './service.js';

/** Not at home: requests, guard assignment, the arrival job; its events go to the 'notHome' module's staff, a change to its resident too. */
export const notHomeModule: ServerModule = {
  name: 'not-home',
  build: (deps) => {
    const { db, bus, outbox, clock, config, log, metrics, auth, residentAuth } = deps;
    const notHome = notHomeService({ db, bus, outbox, clock });
    return {
      routes: (app) => app.register(notHomeRoutes, { auth, residentAuth, notHome, exportDeps: exportDepsOf(deps) }),
      jobs: { arrival: intervalJob('arrival', config.ARRIVAL_CHECK_MS, () => notHome.arriveDue(), log, metrics) },
      listen: (to) => {
        bus.on('notHome.created', (e) => to(moduleRoom(e.societyId, 'notHome')).emit('receive-not-at-home', e.item));
        bus.on('notHome.updated', (e) => to(moduleRoom(e.societyId, 'notHome')).emit('not-at-home-updated', e.item));
        // Its resident hears each change too (guard assigned, cancelled, arrived).
        bus.on('notHome.updated', (e) => to(residentRoom(e.residentId)).emit('resident-not-at-home-updated', residentNotHomeUpdated(e.item)));
      },
      exposes: { notHome },
    };
  },
};
